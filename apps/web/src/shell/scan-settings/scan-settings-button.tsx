import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScanSettings } from '../shell-services';
import styles from '../header/header.module.css';

// Lazy: the dialog (and the shell's Dialog under it) loads when the worker opens it, not with
// the first screen every page shares (docs/DECISIONS.md "Web shell", weight).
const ScanSettingsDialog = lazy(() =>
  import('./scan-settings-dialog').then((module) => ({ default: module.ScanSettingsDialog })),
);

// Material-style icons: a barcode scanner and a camera.
const SCANNER_ICON =
  'M2 5h2v14H2V5Zm3 0h1v14H5V5Zm2 0h3v14H7V5Zm4 0h1v14h-1V5Zm3 0h2v14h-2V5Zm3 0h1v14h-1V5Zm2 0h3v14h-3V5Z';
const CAMERA_ICON =
  'M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 15a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0-2a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';

/** The header button that opens the scan settings; its icon shows scanner or camera mode. */
export function ScanSettingsButton() {
  const { t } = useTranslation('common');
  const { inputDevice } = useScanSettings();
  const [isOpen, setOpen] = useState(false);
  const label = t('scanSettings.open', { device: t(`scanSettings.devices.${inputDevice}`) });
  return (
    <>
      <button
        type="button"
        data-testid="scan-settings-button"
        data-device={inputDevice}
        className={styles.iconButton}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={inputDevice === 'camera' ? CAMERA_ICON : SCANNER_ICON} />
        </svg>
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ScanSettingsDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
