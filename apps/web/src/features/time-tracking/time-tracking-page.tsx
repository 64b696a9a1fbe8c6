import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Actor, SnapshotFrom } from 'xstate';
import { TIME_TRACKING_PAGE_SIZE, type TWorkplace } from '@sorting/contracts';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import type { Scheduler } from '../../lib/scheduler';
import { useLocale, useShellServices } from '../../shell';
import {
  ActionBar,
  ActionButton,
  controlStyles,
  ListSection,
  NoData,
  Page,
  tableStyles,
} from '../../ui';
// Not through the shell's index: only lazy pages use it, so it stays out of the first screen.
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { Prompt } from '../../ui/prompt/prompt';
import {
  selectedWorkplace,
  timeTrackingMachine,
  type TimeTrackingError,
  type TimeTrackingMachine,
  type TimeTrackingNotice,
  type TimeTrackingPorts,
  type TimeTrackingScreen as ScreenState,
} from './time-tracking.machine';
import { createTimeTrackingService } from './time-tracking.service';
import styles from './time-tracking-page.module.css';

/** The calls of the screen; the page gives the real ones, tests give a fake server. */
export type TimeTrackingCalls = Pick<TimeTrackingPorts, 'loadWorkplaces' | 'scanBadge' | 'leave'>;

type Snapshot = SnapshotFrom<TimeTrackingMachine>;

/** "h:mm:ss" of a duration; negative (a clock behind the server's) counts as 0. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The current time, ticking once a second through the scheduler adapter. */
function useNow(scheduler: Scheduler): number {
  const [now, setNow] = useState(() => scheduler.now());
  useEffect(() => {
    let handle = scheduler.setTimeout(function tick() {
      setNow(scheduler.now());
      handle = scheduler.setTimeout(tick, 1000);
    }, 1000);
    return () => scheduler.clearTimeout(handle);
  }, [scheduler]);
  return now;
}

function screenOf(snapshot: Snapshot | null): ScreenState {
  return snapshot ? (String(snapshot.value) as ScreenState) : 'loading';
}

/** The time tracking screen over the given calls (spec part 1 §2, §4). */
export function TimeTrackingScreen(props: { calls: TimeTrackingCalls }) {
  const { t } = useTranslation('time-tracking');
  const { toasts, sounds, scheduler } = useShellServices();
  const { locale } = useLocale();
  const now = useNow(scheduler);
  // The page of the tracked users list, per workplace: another workplace starts at page 1.
  const [paging, setPaging] = useState<{ barcode: string | null; page: number }>({
    barcode: null,
    page: 1,
  });

  const effects = useRef({ t, toasts, sounds });
  useEffect(() => {
    effects.current = { t, toasts, sounds };
  }, [t, toasts, sounds]);

  const errorText = useCallback(
    (error: TimeTrackingError): string => {
      const text = t(error.code, { barcode: error.barcode ?? '' });
      return error.message ? t('withReason', { text, reason: error.message }) : text;
    },
    [t],
  );
  const errorTextRef = useRef(errorText);
  useEffect(() => {
    errorTextRef.current = errorText;
  }, [errorText]);

  const [ports] = useState<TimeTrackingPorts>(() => ({
    loadWorkplaces: () => props.calls.loadWorkplaces(),
    scanBadge: (input) => props.calls.scanBadge(input),
    leave: (input) => props.calls.leave(input),
    createOperationId: newOperationId,
    notifyError: (error) =>
      effects.current.toasts.notify({ status: 'error', content: errorTextRef.current(error) }),
    notifyDone: (notice: TimeTrackingNotice) => {
      const { t: translate, toasts: store, sounds: player } = effects.current;
      const params = { name: notice.name, workplace: notice.workplace };
      store.notify({
        status: notice.kind === 'joined' ? 'ok' : 'info',
        content: translate(notice.kind, params),
      });
      // Spec part 1 §4: Status 1 (joined) is the ok sound; leaving is a quieter success.
      player.play(notice.kind === 'joined' ? 'ok-new' : 'success-small');
    },
  }));
  const { actor, snapshot } = useMachineActor(timeTrackingMachine, { ports });
  const send = (event: Parameters<Actor<TimeTrackingMachine>['send']>[0]) => actor?.send(event);

  useMachineScans(actor);

  const screen = screenOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const workplace = context ? selectedWorkplace(context) : null;
  const workplaces = context?.workplaces ?? [];
  const hasWorkplace = workplace !== null && context?.barcode !== null;
  const error = context?.error ?? null;

  const barcode = workplace?.CellBarcode ?? null;
  const page = paging.barcode === barcode ? paging.page : 1;
  const setPage = (next: number) => setPaging({ barcode, page: next });
  const employees = workplace?.Employees ?? [];
  const pages = Math.max(1, Math.ceil(employees.length / TIME_TRACKING_PAGE_SIZE));
  // A shorter list (someone left) keeps the page in range.
  const currentPage = Math.min(page, pages);
  const shown = employees.slice(
    (currentPage - 1) * TIME_TRACKING_PAGE_SIZE,
    currentPage * TIME_TRACKING_PAGE_SIZE,
  );

  const startFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

  const isScanScreen =
    screen !== 'loadFailed' && screen !== 'noWorkplaces' && screen !== 'noAccess';
  const main = hasWorkplace ? t('scanUser') : t('scanWorkplace');
  const extra = hasWorkplace ? t('scanUserExtra') : t('scanWorkplaceExtra');

  return (
    <Page title={t('title')} testId="time-tracking">
      <div
        className={styles.screen}
        data-testid="time-tracking-screen"
        data-state={screen}
        aria-busy={isBusy}
      >
        {isScanScreen && screen !== 'loading' ? (
          <Prompt
            pre={
              workplace
                ? t('workplace', { name: workplace.Name, barcode: workplace.CellBarcode })
                : null
            }
            main={main}
            extra={extra}
            error={error ? { text: errorText(error), code: error.code } : null}
          />
        ) : null}

        {screen === 'loading' ? <p>{t('loading')}</p> : null}

        {screen === 'loadFailed' || screen === 'noWorkplaces' || screen === 'noAccess' ? (
          <NoData
            text={error ? errorText(error) : undefined}
            code={error?.code}
            retry={{
              label: t('retry'),
              testId: 'time-tracking-retry',
              onRetry: () => send({ type: 'RETRY' }),
            }}
          />
        ) : null}

        {hasWorkplace && workplace ? (
          <ListSection
            title={t('trackedUsers')}
            emptyText={employees.length === 0 ? t('noTrackedUsers') : null}
            pager={{
              page: currentPage,
              pages,
              onPage: setPage,
              testId: 'tracked-users-pager',
            }}
          >
            <div className={tableStyles.frame}>
              <table className={tableStyles.table} data-testid="tracked-users">
                <thead>
                  <tr>
                    <th scope="col">{t('columnName')}</th>
                    <th scope="col">{t('columnStart')}</th>
                    <th scope="col">{t('columnDuration')}</th>
                    <th scope="col">{t('columnActions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((employee) => (
                    <tr
                      key={employee.UserId}
                      data-testid="tracked-user"
                      data-user-id={employee.UserId}
                    >
                      <td data-testid="tracked-user-name" data-label={t('columnName')}>
                        {employee.FullName}
                      </td>
                      <td data-label={t('columnStart')}>
                        <time dateTime={employee.StartTime} data-testid="tracked-user-start">
                          {startFormat.format(new Date(employee.StartTime))}
                        </time>
                      </td>
                      <td
                        className={styles.duration}
                        data-testid="tracked-user-duration"
                        data-label={t('columnDuration')}
                      >
                        {formatDuration(now - Date.parse(employee.StartTime))}
                      </td>
                      <td className={tableStyles.rowActions}>
                        <button
                          type="button"
                          className={controlStyles.button}
                          data-testid="tracked-user-remove"
                          aria-label={t('removeUser', { name: employee.FullName })}
                          disabled={isBusy}
                          onClick={() =>
                            send({
                              type: 'REMOVE_REQUESTED',
                              userId: employee.UserId,
                              name: employee.FullName,
                            })
                          }
                        >
                          {t('remove')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </ListSection>
        ) : null}

        {isScanScreen && screen !== 'loading' ? (
          <WorkplaceList
            workplaces={workplaces}
            selected={workplace?.CellBarcode ?? null}
            isBusy={isBusy}
            onPick={(picked) => send({ type: 'WORKPLACE_PICKED', barcode: picked })}
          />
        ) : null}

        <ActionBar>
          {hasWorkplace ? (
            <ActionButton
              testId="change-workplace"
              label={t('changeWorkplace')}
              disabled={isBusy}
              onClick={() => send({ type: 'CHANGE_WORKPLACE' })}
            />
          ) : null}
          {isScanScreen ? (
            <ActionButton
              testId="time-tracking-refresh"
              label={t('refresh')}
              disabled={isBusy}
              onClick={() => send({ type: 'RETRY' })}
            />
          ) : null}
        </ActionBar>

        <ConfirmDialog
          isOpen={screen === 'confirmRemove' || screen === 'removing'}
          title={t('confirmRemoveTitle')}
          confirmLabel={t('confirmRemove')}
          confirmTestId="confirm-remove"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-remove"
          isConfirmDisabled={screen !== 'confirmRemove'}
          isCancelDisabled={screen !== 'confirmRemove'}
          onConfirm={() => send({ type: 'CONFIRMED' })}
          onCancel={() => send({ type: 'CANCELLED' })}
        >
          <p data-testid="confirm-remove-text">
            {t('confirmRemoveText', {
              name: context?.removal?.name ?? '',
              workplace: workplace?.Name ?? '',
            })}
          </p>
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** The workplaces to pick from (spec part 1 §2 "choose a workplace"). */
function WorkplaceList(props: {
  workplaces: TWorkplace[];
  selected: string | null;
  isBusy: boolean;
  onPick: (barcode: string) => void;
}) {
  const { t } = useTranslation('time-tracking');
  return (
    <section className={styles.section} aria-label={t('workplaces')}>
      <h2 className={styles.sectionTitle}>{t('workplaces')}</h2>
      <div className={styles.workplaces}>
        {props.workplaces.map((workplace) => (
          <button
            key={workplace.CellBarcode}
            type="button"
            className={
              workplace.CellBarcode === props.selected
                ? `${controlStyles.button} ${styles.pick} ${styles.pickSelected}`
                : `${controlStyles.button} ${styles.pick}`
            }
            data-testid="workplace"
            data-barcode={workplace.CellBarcode}
            aria-pressed={workplace.CellBarcode === props.selected}
            disabled={props.isBusy}
            onClick={() => props.onPick(workplace.CellBarcode)}
          >
            <span>{t('workplace', { name: workplace.Name, barcode: workplace.CellBarcode })}</span>
            <span>{t('employeesCount', { count: workplace.Employees.length })}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** `{code}` of the calls: the sorting centre of the runtime settings (34717 by default). */
function useTimeTrackingService() {
  const queryClient = useQueryClient();
  const [service] = useState(() =>
    createTimeTrackingService(
      api,
      async () => (await queryClient.ensureQueryData(runtimeSettingsQuery)).sortingCenterId,
    ),
  );
  return service;
}

/** /time-tracking: the time tracking screen over the real calls. */
export default function TimeTrackingPage() {
  const service = useTimeTrackingService();
  return <TimeTrackingScreen calls={service} />;
}
