import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { printerIndicator } from '../../devices/printer/printer-core';
import headerStyles from '../header/header.module.css';
import type { DevicesRuntime } from './devices-runtime';
import styles from './devices.module.css';
import { useHeldDevices } from './use-held-devices';

const DeviceDialog = lazy(() => import('./device-dialog'));

// Material-style printer and scale icons.
const PRINTER_ICON =
  'M19 8H5a3 3 0 0 0-3 3v6h4v4h12v-4h4v-6a3 3 0 0 0-3-3Zm-3 11H8v-5h8v5Zm3-7a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm-1-9H6v4h12V3Z';
const SCALE_ICON =
  'M12 3a2 2 0 0 0-2 2H5L2 13a4 4 0 0 0 8 0L7.3 7H11v12H6v2h12v-2h-5V7h3.7L14 13a4 4 0 0 0 8 0l-3-8h-5a2 2 0 0 0-2-2ZM4.3 13 6 8.6 7.7 13H4.3Zm12 0L18 8.6l1.7 4.4h-3.4Z';

function StatusButton(props: { runtime: DevicesRuntime }) {
  const { t } = useTranslation('devices');
  const { runtime } = props;
  const state = useSyncExternalStore(runtime.printer.subscribe, runtime.printer.getSnapshot);
  const [isOpen, setOpen] = useState(false);
  // A screen that needs a printer (no printer for a sticker) opens the dialog through the runtime.
  useEffect(() => runtime.onOpenDialog(() => setOpen(true)), [runtime]);
  const printer = printerIndicator(state);
  const scaleIds = runtime.scaleIds.read();
  const scale = scaleIds.appId && scaleIds.deviceId ? 'set' : 'none';
  const label = t('status.open', {
    printer: t(`status.printer.${printer}`),
    scale: t(`status.scale.${scale}`),
  });
  // The name starts with the tag the button shows (ЛОК, ХАБ, НЕТ), as WCAG 2.5.3 wants.
  const shortTag = t(`status.short.${printer}`);
  const name = `${shortTag}. ${label}`;
  return (
    <>
      <button
        type="button"
        data-testid="device-status"
        data-printer={printer}
        data-scale={scale}
        className={`${headerStyles.iconButton} ${styles.statusButton}`}
        aria-label={name}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={PRINTER_ICON} />
        </svg>
        <span className={styles.tag} data-channel={printer} aria-hidden="true">
          {shortTag}
        </span>
        {scale === 'set' ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={SCALE_ICON} />
          </svg>
        ) : null}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <DeviceDialog runtime={runtime} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The header's printer and scale indicator (ux.md "Devices in view"). While it is shown (a user
 * is signed in) it keeps the printer connections up; a tap opens the printer and scale dialog.
 */
export default function DeviceStatus() {
  const runtime = useHeldDevices();
  return runtime && runtime !== 'failed' ? <StatusButton runtime={runtime} /> : null;
}
