import { splitLocalePath } from '@sorting/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { nfcScanTexts } from '../../devices/nfc/nfc-records';
import { browserNfcHost, createNfcAdapter, isNfcAvailable } from '../../devices/nfc/nfc-reader';
import { PAGES } from '../../lib/page-paths';
import { useShellServices } from '../shell-services';

/** The NFC permission's state; null where the browser does not say. */
async function nfcPermission(): Promise<PermissionState | null> {
  try {
    return (await navigator.permissions.query({ name: 'nfc' as PermissionName })).state;
  } catch {
    return null;
  }
}

/**
 * «Читать NFC-метки» on every page (docs/DECISIONS.md "Device pages", `scan_nfc_enabled`):
 * once the permission is granted (a user gesture on /nfc asked for it), tags are read while the
 * page is visible and each text goes into the scan input with source `nfc`; stopped when the
 * page is hidden. Loaded only when the switch is on.
 */
export default function NfcBackgroundReader() {
  const { scanInput } = useShellServices();
  // /nfc reads by itself.
  const isOwnPage = splitLocalePath(useLocation().pathname).path === PAGES.nfc;
  useEffect(() => {
    if (isOwnPage || !isNfcAvailable(browserNfcHost())) return;
    const adapter = createNfcAdapter(browserNfcHost());
    let controller: AbortController | null = null;
    let isStarting = false;
    let isGone = false;
    const start = async () => {
      if (document.visibilityState !== 'visible' || controller || isStarting) return;
      isStarting = true;
      const permission = await nfcPermission();
      isStarting = false;
      if (isGone || permission !== 'granted' || controller) return;
      const current = new AbortController();
      controller = current;
      adapter
        .scan((tag) => {
          for (const text of nfcScanTexts(tag.records)) scanInput.push(text, 'nfc');
        }, current.signal)
        .catch(() => {
          if (controller === current) controller = null;
        });
    };
    const stop = () => {
      controller?.abort();
      controller = null;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? void start() : stop());
    document.addEventListener('visibilitychange', onVisibility);
    void start();
    return () => {
      isGone = true;
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [scanInput, isOwnPage]);
  return null;
}
