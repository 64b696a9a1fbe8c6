import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraDevice } from '../../devices/scan-settings/cameras';
import { readNfcEnabled, writeNfcEnabled } from '../../devices/nfc/nfc-setting';
import {
  INPUT_DEVICES,
  readScanSettings,
  type InputDevice,
  type ScanSettings,
} from '../../devices/scan-settings/scan-settings';
import controlStyles from '../../ui/buttons/controls.module.css';
import { useScanSettings, useShellServices } from '../shell-services';
import styles from './scan-settings.module.css';

/** Camera list state: still asking, the browser cannot list, or the cameras found. */
type Cameras =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; list: CameraDevice[] };

/**
 * The scan settings' controls (spec part 1 §3): input device, keyboard input allowed, camera.
 * Every change is kept at once (cookies), so nothing is lost to a forgotten Save. Shared by the
 * header's dialog and /settings (docs/DECISIONS.md "Device pages"); `children` are a page's
 * own controls under the camera choice (the live preview, the NFC switch).
 */
export function ScanSettingsPanel(props: {
  children?: ReactNode;
  /** Shown in place when a setting's cookie does not read back (/settings: part 1 §8 text). */
  cookiesDisabledText?: string;
}) {
  const { t } = useTranslation('common');
  const { scanSettings, listCameras, cookies } = useShellServices();
  const settings = useScanSettings();
  const ids = useId();
  const [cameras, setCameras] = useState<Cameras>({ status: 'loading' });
  const [isNfcEnabled, setNfcEnabled] = useState(() => readNfcEnabled(cookies));
  const [isCookieLost, setCookieLost] = useState(false);

  /** Keeps a change; a value that does not read back from its cookie marks cookies lost. */
  const update = (change: Partial<ScanSettings>) => {
    scanSettings.update(change);
    const kept = readScanSettings(cookies);
    setCookieLost(
      Object.entries(change).some(([key, value]) => kept[key as keyof ScanSettings] !== value),
    );
  };

  useEffect(() => {
    let isCurrent = true;
    void listCameras().then((list) => {
      if (isCurrent) setCameras(list ? { status: 'ready', list } : { status: 'unavailable' });
    });
    return () => {
      isCurrent = false;
    };
  }, [listCameras]);

  const cameraOptions = cameras.status === 'ready' ? cameras.list : [];
  const chosen = settings.cameraDeviceName ?? '';
  const isChosenListed = cameraOptions.some(
    (camera) => (camera.label || camera.deviceId) === chosen,
  );

  return (
    <div className={styles.form} data-testid="scan-settings">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('scanSettings.inputDevice')}</legend>
        {INPUT_DEVICES.map((device: InputDevice) => (
          <label key={device} className={controlStyles.checkbox}>
            <input
              type="radio"
              name={`${ids}-device`}
              value={device}
              data-testid={`scan-settings-device-${device}`}
              checked={settings.inputDevice === device}
              onChange={() => update({ inputDevice: device })}
            />
            {t(`scanSettings.devices.${device}`)}
          </label>
        ))}
      </fieldset>
      <label className={controlStyles.checkbox}>
        <input
          type="checkbox"
          data-testid="scan-settings-keyboard"
          checked={settings.isKeyboardAllowed}
          onChange={(event) => update({ isKeyboardAllowed: event.target.checked })}
        />
        {t('scanSettings.keyboardAllowed')}
      </label>
      <label className={controlStyles.checkbox}>
        <input
          type="checkbox"
          data-testid="scan-settings-nfc"
          checked={isNfcEnabled}
          onChange={(event) => {
            const isKept = writeNfcEnabled(cookies, event.target.checked, window.location.hostname);
            setNfcEnabled(isKept ? event.target.checked : readNfcEnabled(cookies));
            setCookieLost(!isKept);
          }}
        />
        {t('scanSettings.nfcEnabled')}
      </label>
      <label className={controlStyles.field}>
        {t('scanSettings.camera')}
        <select
          data-testid="scan-settings-camera"
          className={controlStyles.input}
          value={chosen}
          disabled={cameras.status !== 'ready'}
          onChange={(event) => update({ cameraDeviceName: event.target.value || null })}
        >
          <option value="">{t('scanSettings.cameraDefault')}</option>
          {chosen && !isChosenListed ? <option value={chosen}>{chosen}</option> : null}
          {cameraOptions.map((camera, index) => (
            <option key={camera.deviceId || index} value={camera.label || camera.deviceId}>
              {camera.label || t('scanSettings.cameraUnnamed', { number: index + 1 })}
            </option>
          ))}
        </select>
      </label>
      {cameras.status === 'unavailable' ? (
        <p className={styles.hint} data-testid="scan-settings-camera-unavailable">
          {t('scanSettings.cameraUnavailable')}
        </p>
      ) : null}
      {cameras.status === 'ready' && cameras.list.length === 0 ? (
        <p className={styles.hint} data-testid="scan-settings-camera-none">
          {t('scanSettings.cameraNone')}
        </p>
      ) : null}
      {isCookieLost && props.cookiesDisabledText ? (
        <p className={styles.hint} role="alert" data-testid="scan-settings-cookies-disabled">
          {props.cookiesDisabledText}
        </p>
      ) : null}
      {props.children}
    </div>
  );
}
