import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import { LAST_ZONE_NUMBER_COOKIE, type TCell } from '@sorting/contracts';
import { api } from '../../lib/api';
import { FAR_FUTURE_EXPIRY } from '../../lib/cookies';
import { newOperationId } from '../../lib/operation-id';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import {
  playInTurn,
  type SoundName,
  useLocale,
  useOpenDeviceDialog,
  usePrint,
  useReadStableWeight,
  useSessionUser,
  useShellServices,
} from '../../shell';
import { ActionBar, ActionButton, controlStyles, Page, SubmitButton } from '../../ui';
import { errorReporter, fCodeOf } from '../../shell/error-reporting';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { Prompt } from '../../ui/prompt/prompt';
import { LAST_PARCEL_SCANNED_KEY } from '../../shell/session/session-service';
import { sortingEntryMachine, type EntryError, type EntryToast } from './sorting-entry.machine';
import { createSortingEntryService, type SortingEntryService } from './sorting-entry.service';
import {
  parseAmount,
  screenStateOf,
  sortingMachine,
  type LastParcel,
  type MeasureField,
  type Prompt as PromptModel,
  type PromptError,
  type SortingInput,
  type SortingMachine,
  type Text,
} from './sorting.machine';
import { createSortingService, type SortingCalls } from './sorting.service';
import { createSortingDevices, type SortingDevices } from './sorting-devices';
import styles from './sorting-page.module.css';

/** What the screen talks to; the page gives the real ones, tests give fakes. */
export interface SortingScreenProps {
  calls: SortingCalls;
  entryCalls: SortingEntryService;
  devices: SortingDevices;
}

/** Pause between the sounds of one answer (success, row letter, column number). */
const SOUND_GAP_MS = 700;

function readLastZone(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

function readLastParcel(text: string | null): LastParcel | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LastParcel>;
    return typeof value.barcode === 'string' && typeof value.id === 'number'
      ? { barcode: value.barcode, id: value.id }
      : null;
  } catch {
    return null;
  }
}

function userIdOf(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

type Snapshot = SnapshotFrom<SortingMachine>;

/** Busy: a call runs (the machine's or the entry child's); scans wait for it. */
function isBusy(snapshot: Snapshot): boolean {
  return snapshot.hasTag('busy') || (snapshot.matches('entry') && snapshot.context.entry.isBusy);
}

/** A suggested cell as printed on the shelf label: zone, row letter, column number. */
function CellCard(props: { cell: TCell; isFirst: boolean }) {
  const { t } = useTranslation('sorting');
  const { cell } = props;
  return (
    <li
      className={props.isFirst ? `${styles.cell} ${styles.cellFirst}` : styles.cell}
      data-testid="suggested-cell"
      data-cell={cell.name}
    >
      <span className={styles.cellZone}>{t('cellZone', { zone: cell.zoneNumber })}</span>
      <span className={styles.cellPlace}>
        <span>
          <span className="visually-hidden">{t('cellRow')} </span>
          {cell.row.toUpperCase()}
        </span>
        <span>
          <span className="visually-hidden">{t('cellCol')} </span>
          {cell.col}
        </span>
      </span>
      {cell.isEmpty ? <span className={styles.cellZone}>{t('cellEmpty')}</span> : null}
      {/* Not only a thicker border: the first cell says it is the one to use. */}
      {props.isFirst ? (
        <span className={styles.cellZone} data-testid="suggested-cell-recommended">
          {t('cellRecommended')}
        </span>
      ) : null}
    </li>
  );
}

function DamageForm(props: {
  attention: string;
  isBusy: boolean;
  onConfirm: (isDamaged: boolean, comment: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sorting');
  const [comment, setComment] = useState('');
  return (
    <section className={styles.form} data-testid="damage-form" aria-label={t('checkDamage')}>
      <p className={styles.attention} data-testid="attention-message">
        {t('attention', { message: props.attention })}
      </p>
      <p className={styles.formTitle}>{t('damageQuestion')}</p>
      <label className={controlStyles.field}>
        {t('damageComment')}
        <textarea
          className={controlStyles.input}
          data-testid="damage-comment"
          value={comment}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <ActionBar>
        <ActionButton
          testId="damage-yes"
          label={t('damaged')}
          disabled={props.isBusy}
          onClick={() => props.onConfirm(true, comment)}
          isPrimary
        />
        <ActionButton
          testId="damage-no"
          label={t('notDamaged')}
          disabled={props.isBusy}
          onClick={() => props.onConfirm(false, comment)}
        />
        <ActionButton testId="step-cancel" label={t('cancel')} onClick={props.onCancel} />
      </ActionBar>
    </section>
  );
}

const MEASURE_FIELDS: MeasureField[] = ['length', 'width', 'height', 'weight'];

/**
 * The sizes the server knows of a parcel that needs only its weight (spec part 1 §7
 * `Parcels/{barcode}/measures`), in the locale's numbers; null when not all are known.
 */
function knownSizesOf(
  values: Record<MeasureField, string>,
  locale: string,
): Record<'length' | 'width' | 'height', string> | null {
  const sizes = [values.length, values.width, values.height].map(parseAmount);
  if (!sizes.every((size) => size > 0)) return null;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const [length = 0, width = 0, height = 0] = sizes;
  return {
    length: format.format(length),
    width: format.format(width),
    height: format.format(height),
  };
}

function MeasureFormView(props: {
  values: Record<MeasureField, string>;
  needs: { measure: boolean; weight: boolean };
  locale: string;
  isBusy: boolean;
  onChange: (field: MeasureField, value: string) => void;
  onReadScale: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sorting');
  const fields = MEASURE_FIELDS.filter((field) =>
    field === 'weight' ? props.needs.weight : props.needs.measure,
  );
  const knownSizes = props.needs.measure ? null : knownSizesOf(props.values, props.locale);
  return (
    <form
      className={styles.form}
      data-testid="measure-form"
      aria-label={t('measureStep')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <p className={styles.extra} data-testid="measure-hint">
        {props.needs.measure ? t('measureHint') : t('weightHint')}
      </p>
      {knownSizes ? (
        <p className={styles.extra} data-testid="measure-known-sizes">
          {t('knownSizes', knownSizes)}
        </p>
      ) : null}
      <div className={styles.measureGrid}>
        {fields.map((field) => (
          <label key={field} className={controlStyles.field}>
            {t(field)}
            <input
              className={controlStyles.input}
              data-testid={`measure-${field}`}
              inputMode="decimal"
              value={props.values[field]}
              onChange={(event) => props.onChange(field, event.target.value)}
            />
          </label>
        ))}
      </div>
      <ActionBar>
        {props.needs.weight ? (
          <ActionButton
            testId="measure-read-scale"
            label={t('readScale')}
            disabled={props.isBusy}
            onClick={props.onReadScale}
          />
        ) : null}
        <SubmitButton
          testId="measure-submit"
          label={t('saveMeasure')}
          disabled={props.isBusy}
          isPrimary
        />
        <ActionButton testId="step-cancel" label={t('cancel')} onClick={props.onCancel} />
      </ActionBar>
    </form>
  );
}

/** The sorting screen over the given calls and devices (spec part 1 §2, §4). */
export function SortingScreen(props: SortingScreenProps) {
  const { t } = useTranslation('sorting');
  const user = useSessionUser();
  const { cookies, toasts, sounds, scheduler, localStorage } = useShellServices();
  const { locale } = useLocale();
  const queryClient = useQueryClient();

  // The machine's effects call the latest translation, services and router.
  const effects = useRef({
    t,
    toasts,
    sounds,
    scheduler,
    cookies,
    localStorage,
  });
  useEffect(() => {
    effects.current = { t, toasts, sounds, scheduler, cookies, localStorage };
  }, [t, toasts, sounds, scheduler, cookies, localStorage]);

  const textOf = useCallback(
    (text: Text | null | undefined): string | null =>
      text ? String(t(text.key, text.params ?? {})) : null,
    [t],
  );
  const errorTextOf = (error: PromptError): string =>
    error.key === 'serverMessage'
      ? (error.message ?? '')
      : (textOf({ key: error.key, params: error.params }) ?? '');

  const [machine] = useState<SortingMachine>(() => {
    const entry = sortingEntryMachine.provide({
      actors: {
        searchWarehouse: fromPromise(({ input }) => props.entryCalls.searchWarehouse(input)),
        searchZone: fromPromise(({ input }) => props.entryCalls.searchZone(input)),
      },
      actions: {
        rememberZone: (_, params) =>
          effects.current.cookies.set(LAST_ZONE_NUMBER_COOKIE, String(params.number), {
            path: '/',
            expires: FAR_FUTURE_EXPIRY,
          }),
        forgetZone: () => effects.current.cookies.remove(LAST_ZONE_NUMBER_COOKIE, { path: '/' }),
        notifyError: (_, params: { code: EntryToast }) => {
          effects.current.toasts.notify({
            status: 'error',
            content: effects.current.t(params.code),
            fCode: fCodeOf(params.code),
          });
        },
        playError: () => effects.current.sounds.play('err'),
        reportError: (_, params: { error: unknown; flow: string }) =>
          errorReporter.captureException(params.error, { fCode: 'f-0001', flow: params.flow }),
      },
    });
    return sortingMachine.provide({ actors: { entry } });
  });

  const [input] = useState<SortingInput>(() => ({
    defaultWarehouseNumber: user?.defaultWarehouseNumber ?? null,
    lastZoneNumber: readLastZone(cookies.get(LAST_ZONE_NUMBER_COOKIE)),
    userId: userIdOf(user?.userId),
    isUserScanAllowed:
      queryClient.getQueryData(runtimeSettingsQuery.queryKey)?.features.userBarcodeAuthorization ??
      false,
    ports: {
      calls: props.calls,
      printSticker: (job) => props.devices.printSticker(job),
      readStableWeightKg: (signal) => props.devices.readStableWeightKg(signal),
      createOperationId: newOperationId,
      notifyError: (error) => {
        const content =
          error.key === 'serverMessage'
            ? (error.message ?? '')
            : String(effects.current.t(error.key, error.params ?? {}));
        // An error with its own sound (`stop`) plays that instead of `err` (the machine plays it).
        effects.current.toasts.notify({
          status: 'error',
          content,
          isMuteErrorSound: error.sound !== undefined,
          // The prompt's f-code (an unknown parcel's key is parcelNotFound, its code f-0001).
          fCode: fCodeOf(error.code) ?? fCodeOf(error.key),
        });
      },
      play: (names: SoundName[]) => playInTurn(names, SOUND_GAP_MS, effects),
      readLastParcel: () =>
        readLastParcel(effects.current.localStorage?.getItem(LAST_PARCEL_SCANNED_KEY) ?? null),
      writeLastParcel: (value) => {
        const storage = effects.current.localStorage;
        if (!storage) return;
        if (value) storage.setItem(LAST_PARCEL_SCANNED_KEY, JSON.stringify(value));
        else storage.removeItem(LAST_PARCEL_SCANNED_KEY);
      },
      rememberZone: (number) =>
        effects.current.cookies.set(LAST_ZONE_NUMBER_COOKIE, String(number), {
          path: '/',
          expires: FAR_FUTURE_EXPIRY,
        }),
      // Spec part 1 §5 "redirected to the printer service": the header's printer dialog.
      openPrinterSettings: () => props.devices.openPrinterSettings(),
      locale,
    },
  }));
  const { actor, snapshot } = useMachineActor(machine, input);
  const send = (event: Parameters<Actor<SortingMachine>['send']>[0]) => actor?.send(event);

  useMachineScans(actor, isBusy);

  // Back online: a move waiting for the connection is sent again at once (same operation id).
  useEffect(() => {
    if (!actor) return;
    const onOnline = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [actor]);

  // A user switch by badge (the shell's) gives the machine the new user.
  const userId = userIdOf(user?.userId);
  useEffect(() => {
    if (snapshot?.matches('logout') && user && userId !== snapshot.context.userId)
      send({ type: 'USER_CHANGED', userId });
  });

  const screen = snapshot ? screenStateOf(snapshot) : 'init';
  const context = snapshot?.context;
  const busy = snapshot ? isBusy(snapshot) : true;
  const warehouse = context?.warehouse ?? null;
  const isEntry = snapshot?.matches('entry') ?? true;
  const isScanWarehouse = isEntry && context?.entry.state === 'scanWarehouse';
  const isScanZone = isEntry && context?.entry.state === 'scanZone';

  const warehouses = useQuery({
    queryKey: ['sorting', 'warehouses'],
    queryFn: () => props.entryCalls.listWarehouses(),
    enabled: isScanWarehouse,
    staleTime: 60_000,
  });
  const warehouseId = warehouse?.Id ?? null;
  const zones = useQuery({
    queryKey: ['sorting', 'zones', warehouseId],
    queryFn: () => props.entryCalls.listZones(warehouseId ?? 0),
    enabled: warehouseId !== null && isScanZone,
    staleTime: 60_000,
  });
  // Until the warehouse and zone restore has decided and the list to pick from has come, a
  // neutral loading line alone: the prompt, the list and the buttons then come at once, in
  // their place, and nothing on the screen moves (docs/DECISIONS.md "Sorting screen").
  const isEntryLoading =
    isEntry &&
    ((context?.entry.isRestoring ?? true) ||
      (isScanWarehouse && warehouses.isLoading) ||
      (isScanZone && zones.isLoading));

  const entryErrorText = (value: EntryError | null) => {
    if (!value) return null;
    switch (value.key) {
      case 'warehouseNotFound':
        return { text: t('warehouseNotFound'), code: value.code };
      case 'f-0012':
        return { text: t('f-0012', { barcode: value.barcode }), code: value.code };
      case 'f-0013':
        return { text: t('f-0013', { number: value.number }), code: value.code };
      case 'serverMessage':
        return { text: value.message, code: value.code };
    }
  };

  const prompt: PromptModel | null = context?.prompt ?? null;
  const error = isEntry
    ? entryErrorText(context?.entry.error ?? null)
    : context?.error
      ? { text: errorTextOf(context.error), code: context.error.code }
      : null;
  const zone = context?.zone ?? null;
  const contextLine = [
    warehouse ? t('warehouse', { number: warehouse.Number, name: warehouse.Name }) : null,
    zone ? t('zone', { number: zone.Number, name: zone.Name }) : null,
  ]
    .filter(Boolean)
    .join(' — ');
  const greeting =
    warehouse?.SortingMode === 'SortingCenter' && user
      ? t('greeting', { name: user.userName })
      : null;
  const parcel = context?.parcel ?? null;

  // `sorting:prompt` (detail: the screen state) in the frame that paints a new prompt: the
  // scan-to-feedback time of bench/browser.ts ends here.
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      try {
        performance.mark('sorting:prompt', { detail: screen });
      } catch {
        // The Performance API is optional.
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [screen, prompt]);

  const isWorking = !isEntry && !snapshot?.matches('logout');

  return (
    <Page title={t('title')} testId="sorting">
      <div
        className={styles.screen}
        data-testid="sorting-entry"
        data-state={screen}
        aria-busy={busy}
      >
        {isEntryLoading ? (
          <p className={styles.restoring} data-testid="sorting-restoring">
            {t('loading')}
          </p>
        ) : (
          <>
            {greeting ? (
              <p className={styles.greeting} data-testid="greeting">
                {greeting}
              </p>
            ) : null}
            {isWorking && contextLine && (screen !== 'scanWhat' || prompt?.pre) ? (
              <p className={styles.context} data-testid="sorting-context">
                {contextLine}
              </p>
            ) : null}

            {prompt ? (
              <Prompt
                pre={textOf(prompt.pre) ?? (screen === 'scanWhat' ? contextLine : null)}
                main={textOf(prompt.main) ?? ''}
                extra={textOf(prompt.extra)}
                bottom={textOf(prompt.bottom)}
                isArrow={prompt.isArrow}
                error={error}
              />
            ) : null}

            {isWorking && (context?.cells.length ?? 0) > 0 && screen === 'scanWhere' ? (
              <section aria-label={t('suggestedCells')}>
                <ol className={styles.cells} data-testid="suggested-cells">
                  {(context?.cells ?? []).map((cell, index) => (
                    <CellCard key={cell.id} cell={cell} isFirst={index === 0} />
                  ))}
                </ol>
              </section>
            ) : null}

            {screen === 'checkDamage' && parcel ? (
              <DamageForm
                key={parcel.id}
                attention={parcel.attentionMessage ?? ''}
                isBusy={busy}
                onConfirm={(isDamaged, comment) =>
                  send({ type: 'DAMAGE_CONFIRMED', isDamaged, comment })
                }
                onCancel={() => send({ type: 'CANCELLED' })}
              />
            ) : null}

            {screen === 'measure' && parcel && context ? (
              <MeasureFormView
                values={context.measure}
                needs={{ measure: parcel.isNeedMeasure, weight: parcel.isNeedWeight }}
                locale={locale}
                isBusy={busy}
                onChange={(field, value) => send({ type: 'MEASURE_CHANGED', field, value })}
                onReadScale={() => send({ type: 'READ_WEIGHT' })}
                onSubmit={() => send({ type: 'MEASURE_SUBMITTED' })}
                onCancel={() => send({ type: 'CANCELLED' })}
              />
            ) : null}

            {screen === 'acceptanceReport' && context?.acceptance ? (
              <section className={styles.form} data-testid="acceptance-report">
                <h2 className={styles.listTitle}>{t('acceptanceTitle')}</h2>
                <dl className={styles.report}>
                  <dt>{t('acceptanceName')}</dt>
                  <dd data-testid="acceptance-name">{context.acceptance.name}</dd>
                  <dt>{t('acceptanceQuantity')}</dt>
                  <dd data-testid="acceptance-quantity">{context.acceptance.detailsQuantity}</dd>
                </dl>
                <ActionButton
                  testId="acceptance-close"
                  label={t('close')}
                  onClick={() => send({ type: 'CANCELLED' })}
                />
              </section>
            ) : null}

            {isScanWarehouse ? (
              <PickList
                title={t('warehouses')}
                query={warehouses}
                testIdPrefix="warehouse"
                disabled={busy}
                labelOf={(item) => t('warehouse', { number: item.Number, name: item.Name })}
                onPick={(number) => send({ type: 'WAREHOUSE_PICKED', number })}
                texts={{ failed: t('listFailed'), loading: t('loading') }}
              />
            ) : null}

            {isScanZone ? (
              <PickList
                title={t('zones')}
                query={zones}
                testIdPrefix="zone"
                disabled={busy}
                labelOf={(item) => t('zone', { number: item.Number, name: item.Name })}
                onPick={(number) => send({ type: 'ZONE_PICKED', number })}
                texts={{ failed: t('listFailed'), loading: t('loading') }}
              />
            ) : null}

            <ActionBar>
              {context?.canRetryMove && (screen === 'scanWhere' || screen === 'scanCell') ? (
                <ActionButton
                  testId="retry-move"
                  label={t('retry')}
                  disabled={busy}
                  onClick={() => send({ type: 'RETRY' })}
                  isPrimary
                />
              ) : null}
              {screen === 'scanWhere' ||
              screen === 'scanCell' ||
              screen === 'scanContainerPlace' ||
              screen === 'logout' ? (
                <ActionButton
                  testId="sorting-cancel"
                  label={t('cancel')}
                  disabled={busy}
                  onClick={() => send({ type: 'CANCELLED' })}
                />
              ) : null}
              {isWorking ? (
                <ActionButton
                  testId="change-zone"
                  label={t('changeZone')}
                  disabled={busy}
                  onClick={() => send({ type: 'CHANGE_ZONE' })}
                />
              ) : null}
              {isScanZone || isWorking ? (
                <ActionButton
                  testId="change-warehouse"
                  label={t('changeWarehouse')}
                  disabled={busy}
                  onClick={() => send({ type: 'CHANGE_WAREHOUSE' })}
                />
              ) : null}
            </ActionBar>
          </>
        )}
      </div>
    </Page>
  );
}

const entryService = createSortingEntryService(api);
const sortingService = createSortingService(api);

/** /sorting: the whole sorting screen (spec part 1 §2, §4) over the real calls and devices. */
export default function SortingPage() {
  const print = usePrint();
  const readStableWeight = useReadStableWeight();
  const openDeviceDialog = useOpenDeviceDialog();
  // The hooks' functions only reach the shell's device access, which lives as long as the app.
  const [devices] = useState(() =>
    createSortingDevices({ print, readStableWeight, openDeviceDialog }),
  );
  return <SortingScreen calls={sortingService} entryCalls={entryService} devices={devices} />;
}

/** A warehouse or zone to choose from a list instead of scanning it
 * (docs/DECISIONS.md "Sorting entry"). */
function PickList<T extends { Id: number; Number: number; Name: string }>(props: {
  title: string;
  query: { isError: boolean; isPending: boolean; data?: T[] | undefined };
  testIdPrefix: string;
  disabled: boolean;
  labelOf: (item: T) => string;
  onPick: (number: number) => void;
  texts: { failed: string; loading: string };
}) {
  const { title, query, testIdPrefix, disabled, labelOf, onPick, texts } = props;
  return (
    <section className={styles.list} aria-label={title}>
      <h2 className={styles.listTitle}>{title}</h2>
      {query.isError ? <p>{texts.failed}</p> : null}
      {query.isPending ? <p>{texts.loading}</p> : null}
      {(query.data ?? []).map((item) => (
        <button
          key={item.Id}
          type="button"
          className={`${controlStyles.button} ${styles.pick}`}
          data-testid={`${testIdPrefix}-${item.Number}`}
          disabled={disabled}
          onClick={() => onPick(item.Number)}
        >
          {labelOf(item)}
        </button>
      ))}
    </section>
  );
}
