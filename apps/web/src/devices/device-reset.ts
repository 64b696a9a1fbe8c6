import {
  LAST_ZONE_NUMBER_COOKIE,
  PRINTER_APP_ID_COOKIE,
  PRINTER_ID_COOKIE,
  SCALE_APP_ID_COOKIE,
  SCALE_ID_COOKIE,
  SCAN_CAMERA_DEVICE_COOKIE,
  SCAN_INPUT_DEVICE_COOKIE,
  SCAN_KEYBOARD_ALLOWED_COOKIE,
} from '@sorting/contracts';
import type { CookieJar } from '../lib/cookies';
import type { KeyValueStorage } from '../lib/storage';
import { removeDeviceCookie } from './device-cookies';
import { SCAN_NFC_ENABLED_COOKIE } from './nfc/nfc-setting';

/**
 * «Сбросить настройки устройства» (docs/DECISIONS.md "Device pages", reset): the seven device
 * cookies of spec part 1 §3, the last zone number (part 1 §9) and our NFC switch expire.
 */
export const RESET_COOKIES: readonly string[] = [
  SCAN_CAMERA_DEVICE_COOKIE,
  SCAN_INPUT_DEVICE_COOKIE,
  SCAN_KEYBOARD_ALLOWED_COOKIE,
  PRINTER_APP_ID_COOKIE,
  PRINTER_ID_COOKIE,
  SCALE_APP_ID_COOKIE,
  SCALE_ID_COOKIE,
  LAST_ZONE_NUMBER_COOKIE,
  SCAN_NFC_ENABLED_COOKIE,
];

/** The keys the reset removes from local storage (spec part 1 §9). */
export const RESET_STORAGE_KEYS: readonly string[] = [
  'LAST_PARCEL_SCANNED',
  'LAST_PICKING_RECIPIENT',
  'LAST_AUDIT_SESSION',
];

/** Expires every reset cookie wherever it may be kept and removes the storage keys. */
export function resetDeviceSettings(
  cookies: CookieJar,
  storage: KeyValueStorage | null,
  host: string,
): void {
  for (const name of RESET_COOKIES) removeDeviceCookie(cookies, name, host);
  for (const key of RESET_STORAGE_KEYS) storage?.removeItem(key);
}
