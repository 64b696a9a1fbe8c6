import {
  PRINTER_APP_ID_COOKIE,
  PRINTER_ID_COOKIE,
  SCALE_APP_ID_COOKIE,
  SCALE_ID_COOKIE,
} from '@sorting/contracts';
import type { CookieJar } from '../lib/cookies';
import { removeDeviceCookie, writeDeviceCookie } from './device-cookies';

/** A device's app id (its agent) and device id, as kept in the device cookies. */
export interface DeviceIdPair {
  appId: string | null;
  deviceId: string | null;
}

/** Reads and writes one pair of device cookies (spec part 1 §3). */
export interface DeviceIdCookies {
  read(): DeviceIdPair;
  /** False when a written cookie does not read back (cookies disabled). */
  write(ids: DeviceIdPair): boolean;
}

function createPair(
  cookies: CookieJar,
  getHost: () => string,
  appIdName: string,
  deviceIdName: string,
): DeviceIdCookies {
  const read = (name: string) => cookies.get(name)?.trim() || null;
  const write = (name: string, value: string | null): boolean => {
    if (value) return writeDeviceCookie(cookies, name, value, getHost());
    removeDeviceCookie(cookies, name, getHost());
    return true;
  };
  return {
    read: () => ({ appId: read(appIdName), deviceId: read(deviceIdName) }),
    write(ids) {
      const isAppIdKept = write(appIdName, ids.appId?.trim() || null);
      const isDeviceIdKept = write(deviceIdName, ids.deviceId?.trim() || null);
      return isAppIdKept && isDeviceIdKept;
    },
  };
}

/** The printer app id and printer id cookies. */
export function createPrinterIdCookies(cookies: CookieJar, getHost: () => string) {
  return createPair(cookies, getHost, PRINTER_APP_ID_COOKIE, PRINTER_ID_COOKIE);
}

/** The scale app id and scale id cookies. */
export function createScaleIdCookies(cookies: CookieJar, getHost: () => string) {
  return createPair(cookies, getHost, SCALE_APP_ID_COOKIE, SCALE_ID_COOKIE);
}

/** The longest typed device id kept (docs/DECISIONS.md "Device pages"). */
export const DEVICE_ID_MAX_LENGTH = 100;

/**
 * A typed app or device id, trimmed: '' clears it (null); otherwise 1–100 printable characters,
 * else 'invalid' and nothing is written (docs/DECISIONS.md "Device pages", bad input).
 */
export function checkTypedDeviceId(text: string): { value: string | null } | 'invalid' {
  const value = text.trim();
  if (value === '') return { value: null };
  // eslint-disable-next-line no-control-regex
  if (value.length > DEVICE_ID_MAX_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(value)) {
    return 'invalid';
  }
  return { value };
}
