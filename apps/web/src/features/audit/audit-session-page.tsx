import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { waitFor, type SnapshotFrom } from 'xstate';
import { toInt4Id, type TAuditItemsStatus, type TAuditUnit } from '@sorting/contracts';
import { auditFigures, formatAuditPercentage, recognizeBarcode } from '@sorting/domain';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import {
  LocaleLink,
  createAnnouncer,
  useLocale,
  useLocalizedPath,
  useNotify,
  useScan,
  useSessionUser,
  useShellServices,
  useSoundPlayer,
  type SoundName,
} from '../../shell';
import { ActionBar, ActionButton, Page, tableStyles } from '../../ui';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { Prompt } from '../../ui/prompt/prompt';
import { auditErrorText } from './audit-errors';
import {
  auditSessionMachine,
  unitsOf,
  LAST_AUDIT_SESSION_KEY,
  type AuditCalls,
  type AuditScanState,
  type AuditSessionMachine,
  type AuditSessionPorts,
  type AuditView,
} from './audit-session.machine';
import { createAuditService } from './audit.service';
import styles from './audit-page.module.css';
import { PAGES } from '../../lib/page-paths';

type Snapshot = SnapshotFrom<AuditSessionMachine>;

/** A gap between the sounds of one answer, so each is heard. */
const SOUND_GAP_MS = 450;

/** The view of spec part 2 §2 a snapshot is in (`data-view`). */
export function viewOf(snapshot: Snapshot | null): AuditView {
  if (!snapshot || snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('sessionInfo')) return 'sessionInfo';
  if (snapshot.matches('left')) return 'left';
  return 'scanItems';
}

/** The scan state of spec part 2 §2 (`data-scan-state`): a cell open or not. */
export function scanStateOf(snapshot: Snapshot | null): AuditScanState {
  return snapshot?.context.cell ? 'scanProcess' : 'startScan';
}

/** Counts by state of some units. */
function statusesOfUnits(units: readonly TAuditUnit[]): TAuditItemsStatus[] {
  return ([0, 1, 2, 3] as const)
    .map((state) => ({ state, count: units.filter((unit) => unit.state === state).length }))
    .filter((status) => status.count > 0);
}

/** The audit session screen over the given calls (spec part 2 §2, §4, §5, §8). */
export function AuditSessionScreen(props: {
  calls: AuditCalls;
  sessionId: number;
  firstCell: string | null;
}) {
  const { t } = useTranslation('audit');
  const { locale } = useLocale();
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const user = useSessionUser();
  const { localStorage, scheduler } = useShellServices();
  const navigate = useNavigate();
  const localize = useLocalizedPath();

  const errorText = useCallback(
    (error: Parameters<typeof auditErrorText>[1]) => auditErrorText(t, error),
    [t],
  );
  const warehouseCode = user?.defaultWarehouseNumber ?? '';
  const userId = user ? Number(user.userId) : null;

  // The machine's effects use the latest translation, toasts, sounds and router.
  const effects = useRef({
    t,
    notify,
    sounds,
    errorText,
    navigate,
    localize,
    localStorage,
    scheduler,
  });
  useEffect(() => {
    effects.current = { t, notify, sounds, errorText, navigate, localize, localStorage, scheduler };
  }, [t, notify, sounds, errorText, navigate, localize, localStorage, scheduler]);

  // A new scan's announcement replaces the one still playing (docs/DECISIONS.md "Audit").
  const [announcer] = useState(() => createAnnouncer(SOUND_GAP_MS, effects));
  useEffect(() => () => announcer.cancel(), [announcer]);
  const [ports] = useState<AuditSessionPorts>(() => ({
    calls: props.calls,
    createOperationId: newOperationId,
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    cellClosed: (summary) =>
      effects.current.notify({
        status: 'ok',
        content: effects.current.t('cellClosed', { ...summary }),
      }),
    play: (names: SoundName[]) => announcer.announce(names),
    leave: () => void effects.current.navigate(effects.current.localize(PAGES.audit)),
    remember: (sessionId) =>
      effects.current.localStorage?.setItem(
        LAST_AUDIT_SESSION_KEY,
        JSON.stringify({ userId, warehouseCode, sessionId }),
      ),
    forget: () => effects.current.localStorage?.removeItem(LAST_AUDIT_SESSION_KEY),
  }));
  const { actor, snapshot } = useMachineActor(auditSessionMachine, {
    ports,
    warehouseCode,
    sessionId: props.sessionId,
    userId,
    firstCell: props.firstCell,
  });

  // Spec part 2 §4: one request at a time. The shell's scan queue hands a scan over only when
  // the previous one's work is done, and holds it while a call runs; a repeat of the barcode
  // that was in flight when it arrived is dropped (docs/DECISIONS.md "Audit").
  const answered = useRef<{ barcode: string; at: number } | null>(null);
  useScan(async (scan) => {
    if (!actor) return;
    const isIdle = (state: Snapshot) => !state.hasTag('busy');
    const barcode = recognizeBarcode(scan.text).raw;
    await waitFor(actor, isIdle);
    const last = answered.current;
    if (last && last.barcode === barcode && scan.at <= last.at) return;
    actor.send({ type: 'SCANNED', text: scan.text });
    const sent = actor.getSnapshot();
    const isInFlight = !isIdle(sent) && sent.context.pending === barcode;
    await waitFor(actor, isIdle);
    if (isInFlight) answered.current = { barcode, at: Date.now() };
  });

  const view = viewOf(snapshot);
  const scanState = scanStateOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const error = context?.error ?? null;
  const cell = context?.cell ?? null;
  const units = context ? unitsOf(context) : [];
  const allUnits = context?.cells.flatMap((entry) => entry.items) ?? [];
  const sessionFigures = auditFigures(
    view === 'sessionInfo' && context?.session
      ? context.session.itemsStatuses
      : statusesOfUnits(allUnits),
  );
  const cellFigures = auditFigures(statusesOfUnits(units));
  // Part 2 §5, one formula: the finish turns every unit still expected into missing, so the
  // question shows the figures the result will show (docs/DECISIONS.md "Audit").
  const finishFigures = auditFigures(
    statusesOfUnits(allUnits.map((unit) => (unit.state === 0 ? { ...unit, state: 3 } : unit))),
  );
  const isConfirming = snapshot?.matches('confirmFinish') || snapshot?.matches('finishing');

  return (
    <Page title={t('sessionTitle', { sessionId: props.sessionId })} testId="audit-session">
      <div
        className={styles.screen}
        data-testid="audit-screen"
        data-view={view}
        data-scan-state={scanState}
        aria-busy={isBusy}
      >
        {view === 'sessionInfo' ? (
          <Prompt
            main={t('finished', { sessionId: props.sessionId })}
            extra={t('summary', {
              units: sessionFigures.unitsCount,
              correct: formatAuditPercentage(sessionFigures.correctPercentage, locale),
            })}
          />
        ) : (
          <Prompt
            main={cell ? t('scanUnits', { cell: cell.name }) : t('scanCell')}
            extra={cell ? t('closeHint') : t('scanCellExtra')}
            error={error ? { text: errorText(error), code: error.code } : null}
          >
            {cell ? (
              <p className={styles.counters} data-testid="audit-counters">
                {t('counters', {
                  units: cellFigures.unitsCount,
                  correct: formatAuditPercentage(cellFigures.correctPercentage, locale),
                })}
              </p>
            ) : null}
          </Prompt>
        )}

        {view === 'scanItems' && cell ? <UnitGroups units={units} /> : null}
        {view === 'sessionInfo' && context ? <SessionInfo cells={context.cells} /> : null}

        <ActionBar>
          {view === 'scanItems' ? (
            <ActionButton
              testId="audit-finish"
              label={t('finish')}
              disabled={isBusy || isConfirming}
              onClick={() => actor?.send({ type: 'FINISH' })}
            />
          ) : null}
          {view === 'sessionInfo' ? (
            <LocaleLink to={PAGES.audit} data-testid="audit-back">
              {t('backToList')}
            </LocaleLink>
          ) : null}
        </ActionBar>

        <ConfirmDialog
          isOpen={Boolean(isConfirming)}
          title={t('confirmTitle')}
          confirmLabel={t('confirm')}
          confirmTestId="confirm-audit-finish"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-audit-finish"
          isConfirmDisabled={!snapshot?.matches('confirmFinish')}
          isCancelDisabled={!snapshot?.matches('confirmFinish')}
          onConfirm={() => actor?.send({ type: 'CONFIRMED' })}
          onCancel={() => actor?.send({ type: 'CANCELLED' })}
        >
          <p data-testid="confirm-audit-text">
            {t('confirmText', {
              cells: context?.cells.length ?? 0,
              units: finishFigures.unitsCount,
              correct: formatAuditPercentage(finishFigures.correctPercentage, locale),
            })}
          </p>
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** The open cell's units: pending, correct, surplus (with the system's place), missing. */
function UnitGroups(props: { units: readonly TAuditUnit[] }) {
  const { t } = useTranslation('audit');
  const groups = [
    { state: 0, key: 'pending', title: t('groupPending') },
    { state: 1, key: 'correct', title: t('groupCorrect') },
    { state: 2, key: 'surplus', title: t('groupSurplus') },
    { state: 3, key: 'missing', title: t('groupMissing') },
  ] as const;
  return (
    <div className={styles.groups}>
      {groups.map((group) => {
        const units = props.units.filter((unit) => unit.state === group.state);
        return (
          <section key={group.key} className={styles.group} data-testid={`group-${group.key}`}>
            <h2>
              {group.title} · <span data-testid={`count-${group.key}`}>{units.length}</span>
            </h2>
            {units.length === 0 ? <p className={styles.muted}>{t('groupEmpty')}</p> : null}
            <ul>
              {units.map((unit) => (
                <li key={unit.barcode} data-testid="audit-unit" data-barcode={unit.barcode}>
                  <UnitLine unit={unit} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function UnitLine(props: { unit: TAuditUnit }) {
  const { t } = useTranslation('audit');
  const { unit } = props;
  return (
    <>
      <strong>{unit.barcode}</strong> · {unit.name ?? t(`kind.${unit.kind}`)}
      {unit.state === 2 ? (
        <span className={styles.muted} data-testid="unit-location">
          {' '}
          ·{' '}
          {unit.systemLocation
            ? t('unitWhere', { location: unit.systemLocation })
            : t('unknownLocation')}
        </span>
      ) : null}
    </>
  );
}

/** sessionInfo: a table per cell, then the missing and the surplus lists. */
function SessionInfo(props: {
  cells: { cell: { id: number; name: string }; items: TAuditUnit[] }[];
}) {
  const { t } = useTranslation('audit');
  const all = props.cells.flatMap((entry) =>
    entry.items.map((unit) => ({ unit, cell: entry.cell })),
  );
  const list = (state: 2 | 3, title: string, testId: string) => {
    const units = all.filter(({ unit }) => unit.state === state);
    return (
      <section data-testid={testId}>
        <h2>{title}</h2>
        {units.length === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
        <ul>
          {units.map(({ unit, cell }) => (
            <li key={`${cell.id}-${unit.barcode}`} data-barcode={unit.barcode}>
              {cell.name}: <UnitLine unit={unit} />
            </li>
          ))}
        </ul>
      </section>
    );
  };
  return (
    <div className={styles.info} data-testid="audit-session-info">
      {props.cells.map(({ cell, items }) => (
        <section key={cell.id} data-testid="audit-cell-table" data-cell={cell.name}>
          <h2>{t('cellTable', { cell: cell.name })}</h2>
          <div className={tableStyles.frame}>
            <table className={tableStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('columnUnit')}</th>
                  <th scope="col">{t('columnState')}</th>
                  <th scope="col">{t('columnLocation')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((unit) => (
                  <tr key={unit.barcode} data-barcode={unit.barcode} data-state={unit.state}>
                    <td data-label={t('columnUnit')}>
                      {unit.barcode} · {unit.name ?? t(`kind.${unit.kind}`)}
                    </td>
                    <td data-label={t('columnState')}>{t(`state.${unit.state}`)}</td>
                    <td data-label={t('columnLocation')}>
                      {unit.systemLocation ?? t('unknownLocation')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {list(3, t('missingList'), 'audit-missing')}
      {list(2, t('surplusList'), 'audit-surplus')}
    </div>
  );
}

/**
 * An address whose session id is no number (`/audit/abc`): no call is made (its validation
 * message is no text for a worker); «Сессия не найдена» and back to /audit, as for an unknown
 * session (store.a-006).
 */
function UnknownSession() {
  const { t } = useTranslation('audit');
  const notify = useNotify();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const isDone = useRef(false);
  useEffect(() => {
    if (isDone.current) return;
    isDone.current = true;
    notify({
      status: 'error',
      content: t('withReason', { text: t('store.a-006'), reason: t('sessionNotFound') }),
    });
    void navigate(localize(PAGES.audit), { replace: true });
  }, [t, notify, navigate, localize]);
  return null;
}

/** /audit/{sessionId}: the screen over the real calls (the user's default warehouse). */
export function AuditSessionPage() {
  const [calls] = useState(() => createAuditService(api));
  const params = useParams();
  const location = useLocation();
  // The id rule of the calls (a positive int4): anything else is no session.
  const sessionId = /^\d+$/.test(params.sessionId ?? '') ? toInt4Id(params.sessionId) : null;
  const state = location.state as { cell?: unknown } | null;
  const firstCell = typeof state?.cell === 'string' ? state.cell : null;
  if (sessionId === null) return <UnknownSession />;
  // A new session id is a new screen (its own machine).
  return (
    <AuditSessionScreen
      key={String(params.sessionId)}
      calls={calls}
      sessionId={sessionId}
      firstCell={firstCell}
    />
  );
}
