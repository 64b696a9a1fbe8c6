import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTypedDeviceId } from '../../devices/device-ids';
import { ScaleError } from '../../devices/scale/scale-client';
import { ActionButton } from '../../ui/buttons/action-button';
import controlStyles from '../../ui/buttons/controls.module.css';
import { useNotify } from '../shell-services';
import type { DevicesRuntime } from './devices-runtime';
import { CookiesDisabled, IdField } from './printer-panel';
import styles from './devices.module.css';

type Weighing =
  | { status: 'idle' }
  | { status: 'weighing' }
  | { status: 'done'; weightKg: number }
  | { status: 'failed'; error: ScaleError | null };

/**
 * The scale (spec part 1 §7): its app id and scale id, the weight once stable, «Считать». Shared
 * by the header's dialog and /settings (docs/DECISIONS.md "Device pages").
 */
export function ScalePanel(props: { runtime: DevicesRuntime }) {
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
  const [invalid, setInvalid] = useState({ appId: false, scaleId: false });
  const [isCookieLost, setCookieLost] = useState(false);
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
        const app = checkTypedDeviceId(appId);
        const device = checkTypedDeviceId(scaleId);
        setInvalid({ appId: app === 'invalid', scaleId: device === 'invalid' });
        if (app === 'invalid' || device === 'invalid') return;
        setAppId(app.value ?? '');
        setScaleId(device.value ?? '');
        const isKept = scaleIds.write({ appId: app.value, deviceId: device.value });
        setCookieLost(!isKept);
        if (!isKept) {
          props.runtime.report({ kind: 'cookiesDisabled' });
          return;
        }
        notify({ status: 'ok', content: t('dialog.saved') });
        setAttempt((count) => count + 1);
      }}
    >
      <h3 className={styles.sectionTitle}>{t('dialog.scale')}</h3>
      <div className={styles.fields}>
        <IdField
          id={`${ids}-app`}
          label={t('dialog.scaleAppId')}
          testId="device-scale-app-id"
          value={appId}
          isInvalid={invalid.appId}
          onChange={setAppId}
        />
        <IdField
          id={`${ids}-scale`}
          label={t('dialog.scaleId')}
          testId="device-scale-id"
          value={scaleId}
          isInvalid={invalid.scaleId}
          onChange={setScaleId}
        />
      </div>
      {isCookieLost ? <CookiesDisabled /> : null}
      {weighing.status === 'weighing' ? (
        <p className={styles.muted}>{t('dialog.weighing')}</p>
      ) : null}
      {weighing.status === 'done' ? (
        <p className={styles.weight}>
          <span data-testid="device-scale-weight">
            {t('dialog.weight', {
              weight: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(
                weighing.weightKg,
              ),
            })}
          </span>{' '}
          <span className={styles.muted} data-testid="device-scale-stable">
            {t('dialog.stable')}
          </span>
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
