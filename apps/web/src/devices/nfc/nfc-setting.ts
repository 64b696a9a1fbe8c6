import type { CookieJar } from '../../lib/cookies';
import { writeDeviceCookie } from '../device-cookies';

/**
 * Whether this device reads NFC tags on every page (docs/DECISIONS.md "Device pages": ours,
 * beside the spec's device cookies of part 1 §3, written the same way).
 */
export const SCAN_NFC_ENABLED_COOKIE = 'scan_nfc_enabled';

/** Off unless switched on. */
export function readNfcEnabled(cookies: CookieJar): boolean {
  return cookies.get(SCAN_NFC_ENABLED_COOKIE) === 'true';
}

/** Keeps the switch; false when the cookie does not read back (cookies disabled). */
export function writeNfcEnabled(cookies: CookieJar, isEnabled: boolean, host: string): boolean {
  return writeDeviceCookie(cookies, SCAN_NFC_ENABLED_COOKIE, String(isEnabled), host);
}
