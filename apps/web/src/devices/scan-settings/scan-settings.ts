import {
  SCAN_CAMERA_DEVICE_COOKIE,
  SCAN_INPUT_DEVICE_COOKIE,
  SCAN_KEYBOARD_ALLOWED_COOKIE,
} from '@sorting/contracts';
import type { CookieJar } from '../../lib/cookies';
import { writeDeviceCookie } from '../device-cookies';

export { deviceCookieDomain } from '../device-cookies';

export const INPUT_DEVICES = ['scanner', 'camera'] as const;
export type InputDevice = (typeof INPUT_DEVICES)[number];

/** The scan settings of this device (spec part 1 §3, kept in cookies). */
export interface ScanSettings {
  inputDevice: InputDevice;
  /** Shows the scan panel's field for typed entry. */
  isKeyboardAllowed: boolean;
  /** The camera to scan with; null for the browser's default camera. */
  cameraDeviceName: string | null;
}

/** A new device scans with a scanner and has no typed entry until someone allows it. */
export const DEFAULT_SCAN_SETTINGS: ScanSettings = {
  inputDevice: 'scanner',
  isKeyboardAllowed: false,
  cameraDeviceName: null,
};

/** Reads the settings; a missing or unknown value gives its default. */
export function readScanSettings(cookies: CookieJar): ScanSettings {
  const device = cookies.get(SCAN_INPUT_DEVICE_COOKIE);
  const keyboard = cookies.get(SCAN_KEYBOARD_ALLOWED_COOKIE);
  const camera = cookies.get(SCAN_CAMERA_DEVICE_COOKIE);
  return {
    inputDevice: (INPUT_DEVICES as readonly string[]).includes(device ?? '')
      ? (device as InputDevice)
      : DEFAULT_SCAN_SETTINGS.inputDevice,
    isKeyboardAllowed:
      keyboard === undefined ? DEFAULT_SCAN_SETTINGS.isKeyboardAllowed : keyboard === 'true',
    cameraDeviceName: camera ? camera : null,
  };
}

/** Writes every setting. */
export function writeScanSettings(cookies: CookieJar, settings: ScanSettings, host: string): void {
  writeDeviceCookie(cookies, SCAN_INPUT_DEVICE_COOKIE, settings.inputDevice, host);
  writeDeviceCookie(
    cookies,
    SCAN_KEYBOARD_ALLOWED_COOKIE,
    String(settings.isKeyboardAllowed),
    host,
  );
  writeDeviceCookie(cookies, SCAN_CAMERA_DEVICE_COOKIE, settings.cameraDeviceName ?? '', host);
}

/** The settings as a store the screens subscribe to (`useSyncExternalStore`). */
export interface ScanSettingsStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ScanSettings;
  update(change: Partial<ScanSettings>): void;
}

/** A store over the cookie jar; `getHost` gives the page's host (`location.hostname`). */
export function createScanSettingsStore(
  cookies: CookieJar,
  getHost: () => string,
): ScanSettingsStore {
  let settings = readScanSettings(cookies);
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => settings,
    update(change) {
      settings = { ...settings, ...change };
      writeScanSettings(cookies, settings, getHost());
      for (const listener of [...listeners]) listener();
    },
  };
}
