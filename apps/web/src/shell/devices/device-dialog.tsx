import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog/dialog';
import { ActionButton } from '../../ui/buttons/action-button';
import controlStyles from '../../ui/buttons/controls.module.css';
import { useNotify, useShellServices } from '../shell-services';
import type { DevicesRuntime } from './devices-runtime';
import { PrinterPanel } from './printer-panel';
import type { PrintJobRow } from './printing-api';
import { ScalePanel } from './scale-panel';
import styles from './devices.module.css';

/** How often the open dialog reads the job list again while a job is queued or sent. */
export const JOB_FOLLOW_INTERVAL_MS = 2_000;

type Jobs = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: PrintJobRow[] };

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
        <PrinterPanel runtime={props.runtime} onPrinted={() => setPrinted((n) => n + 1)} />
        <JobsSection runtime={props.runtime} version={printed} />
        <ScalePanel runtime={props.runtime} />
      </div>
    </Dialog>
  );
}
