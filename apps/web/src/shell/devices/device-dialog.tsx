import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintRequest } from '../../devices/printer/printer-service';
import { ScaleError } from '../../devices/scale/scale-client';
import { Dialog } from '../../ui/dialog/dialog';
import { ActionButton } from '../../ui/buttons/action-button';
import controlStyles from '../../ui/buttons/controls.module.css';
import type { SessionUser } from '../session/session-store';
import { useNotify, useSessionUser, useShellServices } from '../shell-services';
import { DEVICES_TOAST_FLOW } from './devices-toast-flow';
import type { DevicesRuntime } from './devices-runtime';
import type { PrintJobRow } from './printing-api';
import styles from './devices.module.css';

/** The test label: the `user` template of the signed-in user. */
export function testLabel(user: SessionUser | null): PrintRequest {
  return {
    barcodeName: 'user',
    barcodeData: [
      { name: 'barcode', value: `TEST-${user?.number ?? user?.userId ?? '0'}` },
      { name: 'name', value: user?.userName ?? '' },
    ],
  };
}

/** How often the open dialog reads the job list again while a job is queued or sent. */
export const JOB_FOLLOW_INTERVAL_MS = 2_000;

type Jobs = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: PrintJobRow[] };
type Weighing =
  | { status: 'idle' }
  | { status: 'weighing' }
  | { status: 'done'; weightKg: number }
  | { status: 'failed'; error: ScaleError | null };

function PrinterSection(props: { runtime: DevicesRuntime; onPrinted: () => void }) {
  const { t } = useTranslation('devices');
  const { printer } = props.runtime;
  const notify = useNotify();
  const user = useSessionUser();
  const state = useSyncExternalStore(printer.subscribe, printer.getSnapshot);
  const ids = useId();
  const [appId, setAppId] = useState(state.device.printerAppId ?? '');
  const [printerId, setPrinterId] = useState(state.device.printerId ?? '');
  const [isPrinting, setPrinting] = useState(false);

  useEffect(() => {
    printer.refreshLocalState();
  }, [printer]);

  const hubPrinterText =
    state.hub.printer === 'unknown'
      ? t('dialog.hubPrinterUnknown')
      : t(state.hub.printer === 'connected' ? 'dialog.connected' : 'dialog.disconnected');

  const onTestPrint = async () => {
    setPrinting(true);
    try {
      const outcome = await printer.print(testLabel(user));
      if (outcome.status === 'printed') {
        notify({
          status: 'ok',
          content: t('dialog.testPrinted'),
          flow: DEVICES_TOAST_FLOW,
        });
        props.onPrinted();
      }
    } finally {
      setPrinting(false);
    }
  };

  return (
    <>
      <section className={styles.section} data-testid="device-channels">
        <h3 className={styles.sectionTitle}>{t('dialog.channels')}</h3>
        <div className={styles.row} data-testid="device-local" data-status={state.local.status}>
          <span>{t('dialog.local')}</span>
          <strong>{t(`dialog.${state.local.status}`)}</strong>
        </div>
        <div className={styles.row} data-testid="device-hub" data-status={state.hub.status}>
          <span>{t('dialog.hub')}</span>
          <strong>{t(`dialog.${state.hub.status}`)}</strong>
        </div>
        <div
          className={styles.row}
          data-testid="device-hub-printer"
          data-status={state.hub.printer}
        >
          <span>{t('dialog.hubPrinter')}</span>
          <strong>{hubPrinterText}</strong>
        </div>
      </section>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('dialog.agentPrinters')}</h3>
        {state.local.status === 'connected' && state.local.printers.length > 0 ? (
          <ul className={styles.list} data-testid="device-agent-printers">
            {state.local.printers.map((agentPrinter) => {
              const isSelected = agentPrinter.id === state.local.selectedPrinterId;
              return (
                <li key={agentPrinter.id} className={styles.row}>
                  <span>
                    {agentPrinter.name}
                    {agentPrinter.isReady ? null : ` (${t('dialog.notReady')})`}
                  </span>
                  <button
                    type="button"
                    className={isSelected ? controlStyles.primary : controlStyles.button}
                    data-testid={`device-select-${agentPrinter.id}`}
                    aria-pressed={isSelected}
                    onClick={() => void printer.selectPrinter(agentPrinter.id)}
                  >
                    {t(isSelected ? 'dialog.selected' : 'dialog.select')}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.muted}>{t('dialog.noAgentPrinters')}</p>
        )}
      </section>

      <form
        className={styles.section}
        onSubmit={(event) => {
          event.preventDefault();
          if (
            printer.setHubPrinter({ printerAppId: appId || null, printerId: printerId || null })
          ) {
            notify({ status: 'ok', content: t('dialog.saved') });
          }
        }}
      >
        <h3 className={styles.sectionTitle}>{t('dialog.hubIds')}</h3>
        <div className={styles.fields}>
          <label className={controlStyles.field} htmlFor={`${ids}-app`}>
            {t('dialog.printerAppId')}
            <input
              id={`${ids}-app`}
              className={controlStyles.input}
              data-testid="device-printer-app-id"
              value={appId}
              autoComplete="off"
              onChange={(event) => setAppId(event.target.value)}
            />
          </label>
          <label className={controlStyles.field} htmlFor={`${ids}-printer`}>
            {t('dialog.printerId')}
            <input
              id={`${ids}-printer`}
              className={controlStyles.input}
              data-testid="device-printer-id"
              value={printerId}
              autoComplete="off"
              onChange={(event) => setPrinterId(event.target.value)}
            />
          </label>
        </div>
        <button type="submit" className={controlStyles.button} data-testid="device-printer-save">
          {t('dialog.save')}
        </button>
      </form>

      <ActionButton
        testId="device-test-print"
        label={t('dialog.testPrint')}
        disabled={isPrinting}
        onClick={() => void onTestPrint()}
        isPrimary
      />
    </>
  );
}

function JobsSection(props: { runtime: DevicesRuntime; version: number }) {
  const { t, i18n } = useTranslation('devices');
  const notify = useNotify();
  const { printingApi } = props.runtime;
  const { scheduler } = useShellServices();
  const [jobs, setJobs] = useState<Jobs>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    printingApi.listJobs().then(
      (list) => isCurrent && setJobs({ status: 'ready', list }),
      () => isCurrent && setJobs({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [printingApi, props.version, reloads]);

  // The hub tells the browser nothing of a job's outcome (the agent reports it to the server):
  // while a listed job is still queued or sent, the open dialog reads the list again.
  const isFollowing =
    jobs.status === 'ready' &&
    jobs.list.some((job) => job.state === 'queued' || job.state === 'sent');
  useEffect(() => {
    if (!isFollowing) return;
    const timer = scheduler.setTimeout(
      () => setReloads((count) => count + 1),
      JOB_FOLLOW_INTERVAL_MS,
    );
    return () => scheduler.clearTimeout(timer);
  }, [isFollowing, jobs, scheduler]);

  const onReprint = async (jobId: string) => {
    try {
      await printingApi.reprint(jobId);
      notify({ status: 'ok', content: t('dialog.reprinted') });
      setReloads((count) => count + 1);
    } catch {
      notify(t('dialog.reprintFailed'));
    }
  };

  // ux.md "Language": times through Intl in the interface's locale, not the browser's.
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  return (
    <section className={styles.section} data-testid="device-jobs">
      <h3 className={styles.sectionTitle}>{t('dialog.jobs')}</h3>
      {jobs.status === 'failed' ? <p className={styles.muted}>{t('dialog.jobsFailed')}</p> : null}
      {jobs.status === 'ready' && jobs.list.length === 0 ? (
        <p className={styles.muted}>{t('dialog.noJobs')}</p>
      ) : null}
      {jobs.status === 'ready' && jobs.list.length > 0 ? (
        <ul className={styles.list}>
          {jobs.list.map((job) => (
            <li
              key={job.jobId}
              className={styles.row}
              data-testid="device-job"
              data-state={job.state}
            >
              <span>
                {time.format(new Date(job.createdAt))} {job.barcodeName} {job.printerId}{' '}
                <strong>{t(`dialog.jobState.${job.state}`)}</strong>
                {job.message ? ` ${job.message}` : null}
              </span>
              <button
                type="button"
                className={controlStyles.button}
                onClick={() => void onReprint(job.jobId)}
              >
                {t('dialog.reprint')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ScaleSection(props: { runtime: DevicesRuntime }) {
  const { t, i18n } = useTranslation('devices');
  const notify = useNotify();
  const { scale, scaleIds } = props.runtime;
  const ids = useId();
  const initial = scaleIds.read();
  // The agent that serves the printer usually serves the scale too: its app id is a good start.
  const [appId, setAppId] = useState(
    initial.appId ?? props.runtime.printer.getSnapshot().local.appId ?? '',
  );
  const [scaleId, setScaleId] = useState(initial.deviceId ?? '');
  const [weighing, setWeighing] = useState<Weighing>({ status: 'idle' });
  const [attempt, setAttempt] = useState(initial.appId && initial.deviceId ? 1 : 0);

  const weigh = useCallback(
    (signal: AbortSignal) => {
      const current = scaleIds.read();
      setWeighing({ status: 'weighing' });
      scale
        .readStableWeight({ appId: current.appId ?? '', scaleId: current.deviceId ?? '' }, signal)
        .then(
          (weightKg) => setWeighing({ status: 'done', weightKg }),
          (error: unknown) => {
            if (signal.aborted) return;
            setWeighing({ status: 'failed', error: error instanceof ScaleError ? error : null });
          },
        );
    },
    [scale, scaleIds],
  );

  useEffect(() => {
    if (attempt === 0) return;
    const controller = new AbortController();
    weigh(controller.signal);
    return () => controller.abort();
  }, [attempt, weigh]);

  // No ids kept: the scale of the agent on this computer, as the runtime finds it (docs/DECISIONS.md "Printer and scale in the web app"
  // item 12), fills the fields and is weighed, as kept ids are.
  useEffect(() => {
    if (initial.appId && initial.deviceId) return;
    let isCurrent = true;
    props.runtime.resolveScaleIds().then(
      (found) => {
        if (!isCurrent || found === null) return;
        setAppId(found.appId);
        setScaleId(found.scaleId);
        setAttempt((count) => Math.max(count, 1));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [initial.appId, initial.deviceId, props.runtime]);

  const errorText = (error: ScaleError | null) => {
    if (!error) return t('scaleError.failed');
    if (error.code === 'failed' && error.detail) {
      return t('scaleError.failedReason', { reason: error.detail });
    }
    return t(`scaleError.${error.code}`);
  };

  return (
    <form
      className={styles.section}
      data-testid="device-scale"
      onSubmit={(event) => {
        event.preventDefault();
        if (!scaleIds.write({ appId: appId || null, deviceId: scaleId || null })) {
          props.runtime.report({ kind: 'cookiesDisabled' });
          return;
        }
        notify({ status: 'ok', content: t('dialog.saved') });
        setAttempt((count) => count + 1);
      }}
    >
      <h3 className={styles.sectionTitle}>{t('dialog.scale')}</h3>
      <div className={styles.fields}>
        <label className={controlStyles.field} htmlFor={`${ids}-app`}>
          {t('dialog.scaleAppId')}
          <input
            id={`${ids}-app`}
            className={controlStyles.input}
            data-testid="device-scale-app-id"
            value={appId}
            autoComplete="off"
            onChange={(event) => setAppId(event.target.value)}
          />
        </label>
        <label className={controlStyles.field} htmlFor={`${ids}-scale`}>
          {t('dialog.scaleId')}
          <input
            id={`${ids}-scale`}
            className={controlStyles.input}
            data-testid="device-scale-id"
            value={scaleId}
            autoComplete="off"
            onChange={(event) => setScaleId(event.target.value)}
          />
        </label>
      </div>
      {weighing.status === 'weighing' ? (
        <p className={styles.muted}>{t('dialog.weighing')}</p>
      ) : null}
      {weighing.status === 'done' ? (
        <p className={styles.weight} data-testid="device-scale-weight">
          {t('dialog.weight', {
            weight: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(
              weighing.weightKg,
            ),
          })}
        </p>
      ) : null}
      {weighing.status === 'failed' ? (
        <p className={styles.error} role="alert" data-testid="device-scale-error">
          {errorText(weighing.error)}
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="submit" className={controlStyles.button} data-testid="device-scale-save">
          {t('dialog.save')}
        </button>
        <ActionButton
          testId="device-scale-read"
          label={t('dialog.readWeight')}
          disabled={weighing.status === 'weighing'}
          onClick={() => setAttempt((count) => count + 1)}
        />
      </div>
    </form>
  );
}

/** The printer and scale dialog: channels, printers, hub ids, test print, jobs, scale reading. */
export default function DeviceDialog(props: { runtime: DevicesRuntime; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [printed, setPrinted] = useState(0);
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t('dialog.title')}
      actions={
        <ActionButton
          testId="device-dialog-done"
          label={t('dialog.done')}
          onClick={props.onClose}
          isPrimary
        />
      }
    >
      <div className={styles.body} data-testid="device-dialog">
        <PrinterSection runtime={props.runtime} onPrinted={() => setPrinted((n) => n + 1)} />
        <JobsSection runtime={props.runtime} version={printed} />
        <ScaleSection runtime={props.runtime} />
      </div>
    </Dialog>
  );
}
