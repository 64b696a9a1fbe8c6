import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Snapshot as AnySnapshot, SnapshotFrom } from 'xstate';
import { RETURN_REASON_CODES, type TReturnItem, type TReturnPhoto } from '@sorting/contracts';
import { formatMoney } from '@sorting/domain';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { useLocalizedPath, useNotify, useSessionUser, useSoundPlayer } from '../../shell';
import { ActionBar, ActionButton, controlStyles, Page } from '../../ui';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { Prompt } from '../../ui/prompt/prompt';
import {
  isReasonEnabled,
  heldPhotos,
  returnCostOfContext,
  returnsMachine,
  type PhotoStep,
  type Problem,
  type QueuedPhoto,
  type ReturnsCode,
  type ReturnsContext,
  type ReturnsError,
  type ReturnsEvent,
  type ReturnsMachine,
  type ReturnsPorts,
} from './returns.machine';
import { createReturnsService, type ReturnsCalls } from './returns.service';
import styles from './returns-page.module.css';
import { PAGES } from '../../lib/page-paths';
import { captureFileName } from '../../devices/photo/photo-encode';
import { takeCapturedImage } from '../../shell/captured-images';
import { captureImageUrl, handOverSlot, parkReturn, unparkReturn } from './returns-hand-over';

type Snapshot = SnapshotFrom<ReturnsMachine>;

/** The screens of spec part 1 §4 plus our transient ones (`data-state`). */
export type ReturnsScreenName =
  | 'ScanRetunedPackage'
  | 'SelectReturnCount'
  | 'SelectReturnReason'
  | 'CheckQualityReturn'
  | 'OversortOrShortage'
  | 'ManufacturingDefect'
  | 'PackDamage'
  | 'ConfirmReturnPackage'
  | 'discarding'
  | 'accepted';

/** Where the flow is: the screen, its step (`data-step`) and a photo step's phase. */
interface ScreenPosition {
  screen: ReturnsScreenName;
  step: string | null;
  phase: string | null;
}

function positionOf(snapshot: Snapshot | null): ScreenPosition {
  if (!snapshot) return { screen: 'ScanRetunedPackage', step: 'waitScan', phase: null };
  const value = snapshot.value as string | Record<string, string | Record<string, string>>;
  if (typeof value === 'string')
    return { screen: value as ReturnsScreenName, step: null, phase: null };
  const [screen, inner] = Object.entries(value)[0] ?? ['ScanRetunedPackage', 'waitScan'];
  if (typeof inner === 'string')
    return { screen: screen as ReturnsScreenName, step: inner, phase: null };
  const [step, phase] = Object.entries(inner)[0] ?? [null, null];
  return { screen: screen as ReturnsScreenName, step, phase };
}

/** The photo step of a sub-state name (`packagePhoto` → `package`). */
const PHOTO_STEP_OF: Record<string, PhotoStep> = {
  documentsPhoto: 'documents',
  actPhoto: 'act',
  invoicePhoto: 'invoice',
  packagePhoto: 'package',
};

/** The steps of the two photo screens, for "step n of m". */
const STEPS_OF: Record<string, readonly string[]> = {
  ManufacturingDefect: ['documentsPhoto', 'packagePhoto', 'comment'],
  PackDamage: ['actPhoto', 'invoicePhoto', 'packagePhoto', 'comment'],
};

/** f-codes whose text is followed by the server's reason (the others say it all). */
const WITH_SERVER_REASON: ReadonlySet<ReturnsCode> = new Set([
  'f-0001',
  'f-0005',
  'f-0009',
  'f-0010',
]);

/** Count buttons shown before a typed count is needed. */
const COUNT_BUTTONS = 10;

/** The returns screen over the given calls (spec part 1 §2, §4). */
export function ReturnsScreen(props: { calls: ReturnsCalls }) {
  const { t } = useTranslation('returns');
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const user = useSessionUser();
  const navigate = useNavigate();
  const localize = useLocalizedPath();

  const errorText = useCallback(
    (error: ReturnsError): string => {
      const text = t(error.code, { barcode: error.barcode ?? '', fileName: error.fileName ?? '' });
      return error.message && WITH_SERVER_REASON.has(error.code)
        ? t('withReason', { text, reason: error.message })
        : text;
    },
    [t],
  );

  // The machine's effects call the latest translation, toasts, sounds and router.
  const effects = useRef({ t, notify, sounds, navigate, localize, errorText });
  useEffect(() => {
    effects.current = { t, notify, sounds, navigate, localize, errorText };
  }, [t, notify, sounds, navigate, localize, errorText]);

  const [ports] = useState<ReturnsPorts>(() => ({
    loadPolicies: (input) => props.calls.loadPolicies(input),
    uploadPhoto: (input) => props.calls.uploadPhoto(input),
    deletePhoto: (id) => props.calls.deletePhoto(id),
    acceptReturn: (input) => props.calls.acceptReturn(input),
    createOperationId: newOperationId,
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    notifyAccepted: ({ barcode, name, quantity }) => {
      effects.current.notify({
        status: 'ok',
        content: effects.current.t('accepted', { barcode, name, count: quantity }),
      });
      effects.current.sounds.play('ok-new');
    },
    navigateToSorting: () => {
      void effects.current.navigate(effects.current.localize(PAGES.sorting));
    },
  }));
  // Back from /capture-image: the parked return goes on, with this page's ports.
  const [parked] = useState(() => unparkReturn());
  const isHandingOver = useRef(false);
  const { actor, snapshot } = useMachineActor(
    returnsMachine,
    { ports, warehouseCode: user?.defaultWarehouseNumber ?? null },
    (last, input) => {
      // Leaving the page mid-return is a cancel: its photos go (best effort, nobody waits);
      // not when it only steps away to take a photo.
      if (last.status !== 'done' && !isHandingOver.current)
        for (const photo of heldPhotos(last.context))
          input.ports.deletePhoto(photo.id).catch(() => undefined);
    },
    parked ? withPorts(parked.snapshot, ports) : undefined,
  );
  const send = (event: ReturnsEvent) => actor?.send(event);

  useEffect(() => {
    if (!actor || !parked) return;
    // The still joins the same upload queue as a chosen file, with the same checks.
    takeCapturedImage(parked.slot).then(
      (blob) => {
        if (!blob) return;
        const file = new File([blob], captureFileName(new Date()), { type: 'image/jpeg' });
        actor.send({ type: 'PHOTOS_CHOSEN', files: [file] });
      },
      (error: unknown) => console.warn('captured image not taken', error),
    );
  }, [actor, parked]);

  const captureChecked = (step: PhotoStep) => {
    if (!actor) return;
    const slot = handOverSlot(step);
    parkReturn(slot, actor.getPersistedSnapshot());
    isHandingOver.current = true;
    void navigate(captureImageUrl(localize(PAGES.captureImage), localize(PAGES.returns), slot));
  };

  useMachineScans(actor);

  const position = positionOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const isUploading = snapshot?.hasTag('uploading') ?? false;
  const error = context?.error ?? null;
  const isScan = position.screen === 'ScanRetunedPackage';
  const item = context?.item ?? null;

  return (
    <Page title={t('title')} testId="returns">
      <div
        className={styles.screen}
        data-testid="returns-screen"
        data-state={position.screen}
        data-step={position.step ?? ''}
        aria-busy={isBusy}
      >
        <Prompt
          pre={context?.barcode ? t('parcel', { barcode: context.barcode }) : null}
          main={promptOf(t, position)}
          error={error ? { text: errorText(error), code: error.code } : null}
        />

        {isScan && position.step !== 'pickItem' ? (
          <p className={styles.extra}>
            {position.step === 'loading' ? t('loading') : t('scanParcelExtra')}
          </p>
        ) : null}

        {isScan && position.step === 'pickItem' && context ? (
          <ItemList
            items={context.items}
            isBusy={isBusy}
            onPick={(code) => send({ type: 'ITEM_PICKED', code })}
          />
        ) : null}

        {!isScan && item && position.screen !== 'accepted' ? <ItemCard item={item} /> : null}

        {position.screen === 'SelectReturnCount' && item ? (
          <CountChoice
            total={item.quantityAvailable}
            onChoose={(count) => send({ type: 'COUNT_CHOSEN', count })}
          />
        ) : null}

        {position.screen === 'SelectReturnReason' && item ? (
          <ReasonList
            item={item}
            selected={context?.reasonCode ?? null}
            onChoose={(code) => send({ type: 'REASON_CHOSEN', code })}
          />
        ) : null}

        {position.screen === 'CheckQualityReturn' && context ? (
          <CommentField
            value={context.comment}
            isRequired
            onChange={(text) => send({ type: 'COMMENT_CHANGED', text })}
          />
        ) : null}

        {position.screen === 'OversortOrShortage' && context ? (
          <ProblemChoice
            problem={context.problem}
            comment={context.comment}
            onProblem={(problem) => send({ type: 'PROBLEM_CHOSEN', problem })}
            onComment={(text) => send({ type: 'COMMENT_CHANGED', text })}
          />
        ) : null}

        {(position.screen === 'ManufacturingDefect' || position.screen === 'PackDamage') &&
        position.step ? (
          <p className={styles.extra} data-testid="step-of">
            {t('stepOf', {
              step: (STEPS_OF[position.screen]?.indexOf(position.step) ?? 0) + 1,
              steps: STEPS_OF[position.screen]?.length ?? 0,
            })}
          </p>
        ) : null}

        {position.step && PHOTO_STEP_OF[position.step] && context ? (
          <PhotoStepView
            photos={context.photos[PHOTO_STEP_OF[position.step] as PhotoStep]}
            queue={context.queue}
            isBusy={isBusy}
            onFiles={(files) => send({ type: 'PHOTOS_CHOSEN', files })}
            onDelete={(id) => send({ type: 'PHOTO_DELETE', id })}
            onCapture={() => captureChecked(PHOTO_STEP_OF[position.step ?? ''] as PhotoStep)}
          />
        ) : null}

        {(position.screen === 'ManufacturingDefect' || position.screen === 'PackDamage') &&
        position.step === 'comment' &&
        context ? (
          <CommentField
            value={context.comment}
            onChange={(text) => send({ type: 'COMMENT_CHANGED', text })}
          />
        ) : null}

        {position.screen === 'ConfirmReturnPackage' && context ? (
          <Summary context={context} />
        ) : null}

        {!isScan && position.screen !== 'accepted' && position.screen !== 'discarding' ? (
          <ActionBar>
            {position.screen === 'ConfirmReturnPackage' ? (
              <button
                type="button"
                className={`${controlStyles.primary} ${styles.wide}`}
                data-testid="accept-return"
                disabled={isBusy}
                onClick={() => send({ type: 'CONFIRMED' })}
              >
                {t('accept')}
              </button>
            ) : null}
            {hasNext(position) ? (
              <button
                type="button"
                className={`${controlStyles.primary} ${styles.wide}`}
                data-testid="next"
                disabled={isBusy || isUploading || !canGoOn(context, position)}
                onClick={() => send({ type: 'NEXT' })}
              >
                {t('next')}
              </button>
            ) : null}
            <ActionButton
              testId="back"
              label={t('back')}
              disabled={isBusy || isUploading}
              onClick={() => send({ type: 'BACK' })}
            />
            <ActionButton
              testId="cancel"
              label={t('cancel')}
              disabled={isBusy || isUploading}
              onClick={() => send({ type: 'CANCEL' })}
            />
          </ActionBar>
        ) : null}
        {isScan && position.step === 'pickItem' ? (
          <ActionBar>
            <ActionButton
              testId="cancel"
              label={t('cancel')}
              disabled={isBusy}
              onClick={() => send({ type: 'CANCEL' })}
            />
          </ActionBar>
        ) : null}
      </div>
    </Page>
  );
}

type Translate = ReturnType<typeof useTranslation<'returns'>>['t'];

/** The main prompt of a screen: what it waits for. */
function promptOf(t: Translate, position: ScreenPosition): string {
  switch (position.screen) {
    case 'ScanRetunedPackage':
      return position.step === 'pickItem' ? t('pickItem') : t('scanParcel');
    case 'SelectReturnCount':
      return t('selectCount');
    case 'SelectReturnReason':
      return t('selectReason');
    case 'CheckQualityReturn':
      return t('checkQuality');
    case 'OversortOrShortage':
      return t('oversortTitle');
    case 'ManufacturingDefect':
    case 'PackDamage': {
      const step = position.step ? PHOTO_STEP_OF[position.step] : undefined;
      return step ? t(`photoSteps.${step}`) : t('commentStep');
    }
    case 'ConfirmReturnPackage':
    case 'accepted':
      return t('confirmTitle');
    case 'discarding':
      return t('loading');
  }
}

/** Screens that go on with Next (the others go on by a choice or by Accept). */
function hasNext(position: ScreenPosition): boolean {
  return (
    position.screen === 'CheckQualityReturn' ||
    position.screen === 'OversortOrShortage' ||
    position.screen === 'ManufacturingDefect' ||
    position.screen === 'PackDamage'
  );
}

/** Whether Next would be taken (the machine's guards, shown as a disabled button). */
function canGoOn(context: ReturnsContext | null, position: ScreenPosition): boolean {
  if (!context) return false;
  if (position.screen === 'CheckQualityReturn') return context.comment.trim() !== '';
  if (position.screen === 'OversortOrShortage') return context.problem !== null;
  const step = position.step ? PHOTO_STEP_OF[position.step] : undefined;
  return step ? context.photos[step].length > 0 : true;
}

/** A product with its picture, for the worker to compare with what is in hand. */
function ItemCard(props: { item: TReturnItem }) {
  const { t } = useTranslation('returns');
  const { item } = props;
  const picture = item.images[0];
  return (
    <div className={styles.itemCard} data-testid="item-card" data-code={item.code}>
      {picture ? (
        <img
          className={styles.picture}
          src={picture}
          alt={t('productPicture', { name: item.name })}
        />
      ) : null}
      <div className={styles.itemText}>
        <span className={styles.itemName} data-testid="item-name">
          {item.name}
        </span>
        <span>{t('itemArticle', { article: item.article, brand: item.brand })}</span>
        {item.quantityAvailable > 0 ? (
          <span data-testid="item-available">
            {t('itemAvailable', { count: item.quantityAvailable })}
          </span>
        ) : (
          <span data-testid="item-available">{t('itemReturned')}</span>
        )}
      </div>
    </div>
  );
}

/** Several items in the parcel: big buttons, fully returned ones shown but not selectable. */
function ItemList(props: {
  items: TReturnItem[];
  isBusy: boolean;
  onPick: (code: string) => void;
}) {
  return (
    <div className={styles.choices} data-testid="item-list">
      {props.items.map((item) => (
        <button
          key={item.code}
          type="button"
          className={`${controlStyles.button} ${styles.choice}`}
          data-testid="item-choice"
          data-code={item.code}
          disabled={props.isBusy || item.quantityAvailable <= 0}
          onClick={() => props.onPick(item.code)}
        >
          <ItemCard item={item} />
        </button>
      ))}
    </div>
  );
}

/** SelectReturnCount: 1…N as buttons, a typed count above ten. */
function CountChoice(props: { total: number; onChoose: (count: number) => void }) {
  const { t } = useTranslation('returns');
  const [typed, setTyped] = useState('');
  const buttons = Array.from(
    { length: Math.min(props.total, COUNT_BUTTONS) },
    (_, index) => index + 1,
  );
  return (
    <section className={styles.section}>
      <p className={styles.extra}>{t('selectCountExtra', { count: props.total })}</p>
      <div className={styles.counts}>
        {buttons.map((count) => (
          <button
            key={count}
            type="button"
            className={`${controlStyles.button} ${styles.count}`}
            data-testid="count-choice"
            data-count={count}
            onClick={() => props.onChoose(count)}
          >
            {t('countButton', { count })}
          </button>
        ))}
      </div>
      {props.total > COUNT_BUTTONS ? (
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            props.onChoose(Number(typed));
          }}
        >
          <label className={controlStyles.field}>
            {t('countOther')}
            <input
              className={controlStyles.input}
              data-testid="count-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={props.total}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          <button type="submit" className={controlStyles.button} data-testid="count-apply">
            {t('countApply')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** SelectReturnReason: every reason with title and description; disabled ones greyed out. */
function ReasonList(props: {
  item: TReturnItem;
  selected: string | null;
  onChoose: (code: (typeof RETURN_REASON_CODES)[number]) => void;
}) {
  const { t } = useTranslation('returns');
  const codes = RETURN_REASON_CODES.filter((code) =>
    props.item.reasons.some((reason) => reason.code === code),
  );
  return (
    <div className={styles.choices} data-testid="reason-list">
      {codes.map((code) => {
        const isEnabled = isReasonEnabled(props.item, code);
        return (
          <button
            key={code}
            type="button"
            className={`${controlStyles.button} ${styles.choice}`}
            data-testid="reason-choice"
            data-code={code}
            aria-pressed={props.selected === code}
            disabled={!isEnabled}
            onClick={() => props.onChoose(code)}
          >
            <span className={styles.choiceTitle}>{t(`reasons.${code}.title`)}</span>
            <span className={styles.choiceText}>{t(`reasons.${code}.description`)}</span>
            {isEnabled ? null : <span className={styles.choiceText}>{t('reasonDisabled')}</span>}
          </button>
        );
      })}
    </div>
  );
}

function CommentField(props: {
  value: string;
  isRequired?: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('returns');
  return (
    <label className={controlStyles.field}>
      {t('comment')}
      <textarea
        className={`${controlStyles.input} ${styles.comment}`}
        data-testid="comment"
        rows={3}
        maxLength={1000}
        required={props.isRequired}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.isRequired && props.value.trim() === '' ? (
        <small className={styles.hint}>{t('commentRequired')}</small>
      ) : null}
    </label>
  );
}

const PROBLEMS: readonly Problem[] = ['oversort', 'shortage'];

function ProblemChoice(props: {
  problem: Problem | null;
  comment: string;
  onProblem: (problem: Problem) => void;
  onComment: (text: string) => void;
}) {
  const { t } = useTranslation('returns');
  return (
    <section className={styles.section}>
      <div className={styles.choices}>
        {PROBLEMS.map((problem) => (
          <button
            key={problem}
            type="button"
            className={`${controlStyles.button} ${styles.choice} ${props.problem === problem ? styles.selected : ''}`}
            data-testid="problem-choice"
            data-problem={problem}
            aria-pressed={props.problem === problem}
            onClick={() => props.onProblem(problem)}
          >
            <span className={styles.choiceTitle}>{t(`problems.${problem}.title`)}</span>
            <span className={styles.choiceText}>{t(`problems.${problem}.description`)}</span>
          </button>
        ))}
      </div>
      {props.problem ? null : <small className={styles.hint}>{t('problemRequired')}</small>}
      <CommentField value={props.comment} onChange={props.onComment} />
    </section>
  );
}

/**
 * A photo step: the camera (capture) or files, the upload queue with a progress bar per
 * upload, the gallery with a delete button per photo.
 */
function PhotoStepView(props: {
  photos: TReturnPhoto[];
  queue: QueuedPhoto[];
  isBusy: boolean;
  onFiles: (files: File[]) => void;
  onDelete: (id: string) => void;
  onCapture: () => void;
}) {
  const { t } = useTranslation('returns');
  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (files.length > 0) props.onFiles(files);
  };
  return (
    <section className={styles.section}>
      <div className={styles.pickers}>
        <label className={`${controlStyles.primary} ${styles.picker}`}>
          {t('takePhoto')}
          <input
            className={styles.fileInput}
            data-testid="photo-camera"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            onChange={onChange}
          />
        </label>
        <label className={`${controlStyles.button} ${styles.picker}`}>
          {t('chooseFiles')}
          <input
            className={styles.fileInput}
            data-testid="photo-files"
            type="file"
            accept="image/*"
            multiple
            onChange={onChange}
          />
        </label>
        <button
          type="button"
          className={`${controlStyles.button} ${styles.picker}`}
          data-testid="photo-checked-camera"
          disabled={props.isBusy || props.queue.length > 0}
          onClick={props.onCapture}
        >
          {t('checkedCamera')}
        </button>
      </div>
      {props.queue.length > 0 ? (
        <ul className={styles.queue} data-testid="upload-queue">
          {props.queue.map((queued, index) => (
            <li key={queued.key} data-testid="upload" data-name={queued.file.name}>
              <span>
                {index === 0
                  ? t('uploadingPhoto', { name: queued.file.name })
                  : t('waitingPhoto', { name: queued.file.name })}
              </span>
              <progress
                className={styles.progress}
                data-testid="upload-progress"
                max={100}
                value={Math.round(queued.progress * 100)}
                aria-label={queued.file.name}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.extra} data-testid="photos-count">
        {props.photos.length > 0
          ? t('photosCount', { count: props.photos.length })
          : t('photoNeeded')}
      </p>
      <ul className={styles.gallery} data-testid="gallery">
        {props.photos.map((photo) => (
          <li key={photo.id} className={styles.thumb} data-testid="photo" data-id={photo.id}>
            <img src={photo.url} alt={t('photoAlt', { name: photo.fileName })} loading="lazy" />
            <button
              type="button"
              className={controlStyles.button}
              data-testid="photo-delete"
              aria-label={t('deletePhoto', { name: photo.fileName })}
              disabled={props.isBusy}
              onClick={() => props.onDelete(photo.id)}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** ConfirmReturnPackage: what is being returned and its cost. */
function Summary(props: { context: ReturnsContext }) {
  const { t } = useTranslation('returns');
  const { context } = props;
  const postfix = context.item?.currencyPostfix || undefined;
  const rows: Array<[string, string, string]> = [
    ['summary-item', t('summaryItem'), context.item?.name ?? ''],
    ['summary-parcel', t('summaryParcel'), context.barcode ?? ''],
    ['summary-count', t('summaryCount'), t('countValue', { count: context.quantity })],
    [
      'summary-reason',
      t('summaryReason'),
      context.reasonCode ? t(`reasons.${context.reasonCode}.title`) : '',
    ],
  ];
  if (context.problem)
    rows.push(['summary-problem', t('summaryProblem'), t(`problems.${context.problem}.title`)]);
  if (context.comment.trim())
    rows.push(['summary-comment', t('summaryComment'), context.comment.trim()]);
  const photos = heldPhotos(context).length;
  if (photos > 0) rows.push(['summary-photos', t('summaryPhotos'), String(photos)]);
  rows.push([
    'summary-cost',
    t('summaryCost'),
    formatMoney(returnCostOfContext(context), postfix ? { postfix } : {}),
  ]);
  return (
    <dl className={styles.summary} data-testid="summary">
      {rows.map(([testId, label, value]) => (
        <div key={testId} className={styles.summaryRow}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The returns calls over the app's API client and the `returns` base path of the settings. */
function useReturnsService(): ReturnsCalls {
  const queryClient = useQueryClient();
  const [service] = useState(() =>
    createReturnsService(
      api,
      async () => (await queryClient.ensureQueryData(runtimeSettingsQuery)).services.returns,
    ),
  );
  return service;
}

/** /returns: the returns screen over the real calls. */
export default function ReturnsPage() {
  const service = useReturnsService();
  return <ReturnsScreen calls={service} />;
}

/** A parked snapshot with this page's ports (the parked ones call the page that was left). */
function withPorts(snapshot: AnySnapshot<unknown>, ports: ReturnsPorts): AnySnapshot<unknown> {
  const parkedContext = (snapshot as { context?: ReturnsContext }).context;
  return { ...snapshot, context: { ...parkedContext, ports } } as unknown as AnySnapshot<unknown>;
}
