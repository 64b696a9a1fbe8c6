import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkBrowserCookies } from '../../devices/cookie-check';
import { useShellServices } from '../../shell';
import { describeBrowser, layoutBand } from './device-info';
import styles from './settings.module.css';

type PermissionText = 'granted' | 'denied' | 'prompt' | 'unknown';

/** A permission's state, 'unknown' where the browser does not say (Safari, no NFC). */
function usePermission(name: string): PermissionText {
  const [state, setState] = useState<PermissionText>('unknown');
  useEffect(() => {
    let status: PermissionStatus | null = null;
    const update = () => status && setState(status.state);
    navigator.permissions?.query({ name: name as PermissionName }).then(
      (answer) => {
        status = answer;
        update();
        answer.addEventListener('change', update);
      },
      () => undefined,
    );
    return () => status?.removeEventListener('change', update);
  }, [name]);
  return state;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function useOnline(): boolean {
  const [isOnline, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return isOnline;
}

function Row(props: { label: string; value: string; testId: string; isBad?: boolean }) {
  return (
    <div className={styles.fact} data-testid={props.testId} data-bad={props.isBad || undefined}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

/** «Это устройство»: what a worker checks before the shift (part 1 §2 minimums, §8 cookies). */
export function DeviceSection() {
  const { t } = useTranslation('settings');
  const { cookies } = useShellServices();
  const width = useWindowWidth();
  const isOnline = useOnline();
  const camera = usePermission('camera');
  const nfc = usePermission('nfc');
  const browser = describeBrowser(navigator.userAgent);
  const [isCookieOk] = useState(() =>
    checkBrowserCookies({
      cookies,
      host: window.location.hostname,
      isCookieEnabled: navigator.cookieEnabled,
      probeValue: String(Date.now()),
    }),
  );
  const hasCamera = typeof navigator.mediaDevices?.getUserMedia === 'function';
  const hasNfc = 'NDEFReader' in window;
  const yesNo = (value: boolean) => t(value ? 'device.yes' : 'device.no');
  const availability = (isThere: boolean, permission: PermissionText) =>
    isThere
      ? t('device.available', { permission: t(`device.permission.${permission}`) })
      : t('device.unavailable');
  return (
    <dl className={styles.facts} data-testid="settings-device">
      <Row
        testId="settings-browser"
        label={t('device.browser')}
        isBad={!browser.isSupported}
        value={t(browser.isSupported ? 'device.browserOk' : 'device.browserOld', {
          name: t(`device.browsers.${browser.kind}`),
          version: browser.major ?? '?',
          minimum: browser.minimum ?? '—',
        })}
      />
      <Row
        testId="settings-secure"
        label={t('device.secure')}
        value={yesNo(window.isSecureContext)}
        isBad={!window.isSecureContext}
      />
      <Row
        testId="settings-width"
        label={t('device.width')}
        value={t('device.widthValue', { width, band: t(`device.bands.${layoutBand(width)}`) })}
      />
      <Row
        testId="settings-online"
        label={t('device.online')}
        value={yesNo(isOnline)}
        isBad={!isOnline}
      />
      <Row
        testId="settings-camera"
        label={t('device.camera')}
        value={availability(hasCamera, camera)}
      />
      <Row testId="settings-nfc" label={t('device.nfc')} value={availability(hasNfc, nfc)} />
      <Row
        testId="settings-cookies"
        label={t('device.cookies')}
        value={isCookieOk ? t('device.cookiesOk') : t('device.cookiesDisabled')}
        isBad={!isCookieOk}
      />
    </dl>
  );
}
