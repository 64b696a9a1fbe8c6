import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ListCameras } from '../devices/scan-settings/cameras';
import type { ScanSettings, ScanSettingsStore } from '../devices/scan-settings/scan-settings';
import type { ScanClaim, ScanHandler, ScanInput } from '../devices/scanner/scan-input';
import type { CookieJar } from '../lib/cookies';
import type { Scheduler } from '../lib/scheduler';
import type { KeyValueStorage } from '../lib/storage';
import type { PrintOutcome, PrintRequest } from '../devices/printer/printer-service';
import { DialogScanInputContext } from '../ui/dialog/dialog-scan-input';
import type { DevicesAccess } from './devices/devices-access';
import type { ToastStore } from './notifications/toast-store';
import type { NotifyInput } from './notifications/notification';
import type { SessionApi } from './session/session-service';
import type { SessionStore, SessionUser } from './session/session-store';
import type { SoundPlayer } from './sounds/sound-player';

/** A boolean that changes over time (router busy, for example). */
export interface FlagStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): boolean;
}

/** The adapters the shell and screens use, given once by the app (tests give fakes). */
export interface ShellServices {
  cookies: CookieJar;
  scheduler: Scheduler;
  sounds: SoundPlayer;
  toasts: ToastStore;
  session: SessionStore;
  /** The sign-in and logout calls. */
  sessionApi: SessionApi;
  /** Local storage (LAST_PARCEL_SCANNED); null where the browser refuses it. */
  localStorage: KeyValueStorage | null;
  /** True while the router loads a route (lazy chunk, loaders) or has not started yet. */
  routerBusy: FlagStore;
  /** True while the main loader shows (pending work for 250 ms and more). */
  mainLoader: FlagStore;
  /** The one scan input (keyboard wedge, scan panel, camera). */
  scanInput: ScanInput;
  /** Scan settings of this device, kept in cookies. */
  scanSettings: ScanSettingsStore;
  /** The cameras for the scan settings dialog. */
  listCameras: ListCameras;
  /** The printer and scale of this device, loaded on first use. */
  devices: DevicesAccess;
}

const ShellServicesContext = createContext<ShellServices | null>(null);

export function ShellServicesProvider(props: { services: ShellServices; children: ReactNode }) {
  return (
    <ShellServicesContext.Provider value={props.services}>
      <DialogScanInputContext.Provider value={props.services.scanInput}>
        {props.children}
      </DialogScanInputContext.Provider>
    </ShellServicesContext.Provider>
  );
}

/** The shell's adapters. */
export function useShellServices(): ShellServices {
  const services = useContext(ShellServicesContext);
  if (!services) throw new Error('useShellServices needs a ShellServicesProvider');
  return services;
}

/** Shows a toast: `notify({ status: 'ok', content })`; default status error. */
export function useNotify(): (input: NotifyInput | string) => number {
  return useShellServices().toasts.notify;
}

/** The sound player. */
export function useSoundPlayer(): SoundPlayer {
  return useShellServices().sounds;
}

/** The signed-in user, or null. */
export function useSessionUser(): SessionUser | null {
  const { session } = useShellServices();
  return useSyncExternalStore(session.subscribe, session.getUser);
}

/** True while the router is busy. */
export function useRouterBusy(): boolean {
  const { routerBusy } = useShellServices();
  return useSyncExternalStore(routerBusy.subscribe, routerBusy.getSnapshot);
}

/**
 * Handles every scan while the component is mounted and `isReady`, one at a time in arrival
 * order: return a promise and the next scan waits for it. The latest `handler` is always the
 * one called. A scan that came while no screen was ready is handed over once one is (the scan
 * input holds it for SCAN_HOLD_MS).
 */
export function useScan(handler: ScanHandler, isReady = true): void {
  const { scanInput } = useShellServices();
  const onScan = useEffectEvent(handler);
  useEffect(
    () => (isReady ? scanInput.onScan((scan) => onScan(scan)) : undefined),
    [scanInput, isReady],
  );
}

/**
 * Claims scans before any page handles them (the shell's user switch): `claim` answers true,
 * or a promise of true, for a scan it took, which then reaches no `useScan` handler.
 */
export function useScanClaim(claim: ScanClaim): void {
  const { scanInput } = useShellServices();
  const onClaim = useEffectEvent(claim);
  useEffect(() => scanInput.claim((scan) => onClaim(scan)), [scanInput]);
}

/** The scan settings of this device. */
export function useScanSettings(): ScanSettings {
  const { scanSettings } = useShellServices();
  return useSyncExternalStore(scanSettings.subscribe, scanSettings.getSnapshot);
}

/**
 * Prints a label (spec part 1 §4): over the local agent, else through the hub, else the toast
 * 'Принтер недоступен'. Problems are toasted by the printer; the outcome says what happened.
 */
export function usePrint(): (request: PrintRequest) => Promise<PrintOutcome> {
  const { devices } = useShellServices();
  return (request) => devices.load().then((runtime) => runtime.printer.print(request));
}

/** Reads a stable weight in kg from this device's scale (scale cookies); rejects with ScaleError. */
export function useReadStableWeight(): (signal?: AbortSignal) => Promise<number> {
  const { devices } = useShellServices();
  return (signal) => devices.load().then((runtime) => runtime.readStableWeight(signal));
}

/** Opens the header's printer and scale dialog (spec part 1 §5: "redirected to the printer service"). */
export function useOpenDeviceDialog(): () => void {
  const { devices } = useShellServices();
  return () => {
    void devices.load().then(
      (runtime) => runtime.openDialog(),
      () => undefined,
    );
  };
}

/** For a page that does not need the local printer socket: closed while the page is shown. */
export function useLocalPrinterNotNeeded(): void {
  const { devices } = useShellServices();
  useEffect(() => {
    let isCurrent = true;
    let printer: { setLocalNeeded(isNeeded: boolean): void } | null = null;
    void devices.load().then((runtime) => {
      if (!isCurrent) return;
      printer = runtime.printer;
      printer.setLocalNeeded(false);
    });
    return () => {
      isCurrent = false;
      printer?.setLocalNeeded(true);
    };
  }, [devices]);
}
