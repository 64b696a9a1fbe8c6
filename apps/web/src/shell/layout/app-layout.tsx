import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { readNfcEnabled } from '../../devices/nfc/nfc-setting';
import { Header } from '../header/header';
import { LiveRegion } from '../../ui/live-region/live-region';
import { MainLoader } from '../main-loader/main-loader';
import { ToastViewport } from '../notifications/toast-viewport';
import { ScanPanel } from '../scan-panel/scan-panel';
import { ScanSettingsButton } from '../scan-settings/scan-settings-button';
import { UserSwitchListener } from '../session/user-switch-listener';
import { useSessionUser, useShellServices } from '../shell-services';
import styles from './layout.module.css';
import { useScreenHeading } from './use-screen-heading';

// Lazy: the printer logic and SignalR load only once a user is signed in.
const DeviceStatus = lazy(() => import('../devices/device-status'));
// Lazy: the background NFC reader only where «Читать NFC-метки» is on (docs/DECISIONS.md
// "Device pages"); /nfc reads by itself.
const NfcBackgroundReader = lazy(() => import('../nfc/nfc-background-reader'));
// Lazy: the delivery header panel (part 1 §2) only for a signed-in user.
const DeliveryPanel = lazy(() => import('../delivery-panel/delivery-panel'));

/** The chrome of every page: header, scan panel, the page, main loader and toasts. */
export function AppLayout() {
  const { toasts, cookies } = useShellServices();
  const user = useSessionUser();
  const { t } = useTranslation('common');
  const main = useRef<HTMLElement>(null);
  useScreenHeading(main, t('appTitle'), useLocation().pathname);
  const isNfcRead = readNfcEnabled(cookies);
  return (
    <div className={styles.app}>
      <LiveRegion />
      <Header
        devices={
          <>
            {user ? (
              // Its place is kept while its code loads, so the header does not shift (CLS).
              <Suspense fallback={<span className={styles.deviceSlot} aria-hidden="true" />}>
                <DeviceStatus />
              </Suspense>
            ) : null}
            <ScanSettingsButton />
          </>
        }
      />
      {user ? (
        <Suspense fallback={null}>
          <DeliveryPanel />
        </Suspense>
      ) : null}
      <ScanPanel />
      <main ref={main} className={styles.main}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {isNfcRead ? (
        <Suspense fallback={null}>
          <NfcBackgroundReader />
        </Suspense>
      ) : null}
      <UserSwitchListener />
      <MainLoader />
      <ToastViewport store={toasts} />
    </div>
  );
}
