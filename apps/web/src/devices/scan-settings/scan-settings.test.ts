// @vitest-environment node
import {
  SCAN_CAMERA_DEVICE_COOKIE,
  SCAN_INPUT_DEVICE_COOKIE,
  SCAN_KEYBOARD_ALLOWED_COOKIE,
} from '@sorting/contracts';
import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar, type CookieJar } from '../../lib/cookies';
import {
  DEFAULT_SCAN_SETTINGS,
  createScanSettingsStore,
  deviceCookieDomain,
  readScanSettings,
  writeScanSettings,
} from './scan-settings';

describe('scan settings', () => {
  it('cookie domain: the parent domain for 3+ labels, none for localhost or an IP', () => {
    expect(deviceCookieDomain('a.b.example.com')).toBe('.b.example.com');
    expect(deviceCookieDomain('sort.example.com')).toBe('.example.com');
    expect(deviceCookieDomain('example.com')).toBe('.example.com');
    expect(deviceCookieDomain('localhost')).toBeUndefined();
    expect(deviceCookieDomain('127.0.0.1')).toBeUndefined();
    expect(deviceCookieDomain('[::1]')).toBeUndefined();
    expect(deviceCookieDomain('::1')).toBeUndefined();
  });

  it('reads defaults from an empty jar and ignores unknown values', () => {
    const jar = createMemoryCookieJar();
    expect(readScanSettings(jar)).toEqual(DEFAULT_SCAN_SETTINGS);
    jar.set(SCAN_INPUT_DEVICE_COOKIE, 'laser');
    jar.set(SCAN_KEYBOARD_ALLOWED_COOKIE, 'true');
    jar.set(SCAN_CAMERA_DEVICE_COOKIE, 'Back camera');
    expect(readScanSettings(jar)).toEqual({
      inputDevice: 'scanner',
      isKeyboardAllowed: true,
      cameraDeviceName: 'Back camera',
    });
  });

  it('writes every cookie for the parent domain, path / and expiry in 2100', () => {
    const jar = createMemoryCookieJar();
    const settings = {
      inputDevice: 'camera',
      isKeyboardAllowed: true,
      cameraDeviceName: 'Back camera',
    } as const;
    writeScanSettings(jar, settings, 'sort.wh1.example.com');
    const tail =
      'path=/; domain=.wh1.example.com; expires=Fri, 01 Jan 2100 00:00:00 GMT; SameSite=Lax';
    expect(jar.written).toEqual([
      `scan_input_device=camera; ${tail}`,
      `scan_keyboard_allowed=true; ${tail}`,
      `scan_camera_device=Back%20camera; ${tail}`,
    ]);
    expect(readScanSettings(jar)).toEqual(settings);
  });

  it('writes no Domain on localhost', () => {
    const jar = createMemoryCookieJar();
    writeScanSettings(jar, DEFAULT_SCAN_SETTINGS, 'localhost');
    expect(jar.written[0]).toBe(
      'scan_input_device=scanner; path=/; expires=Fri, 01 Jan 2100 00:00:00 GMT; SameSite=Lax',
    );
    expect(jar.written[2]).toMatch(/^scan_camera_device=; path=\/;/);
  });

  it('writes again for the host alone when the browser refuses the domain', () => {
    const values = new Map<string, string>();
    const written: string[] = [];
    const refusing: CookieJar = {
      get: (name) => values.get(name),
      set: (name, value, options) => {
        written.push(`${name} ${options?.domain ?? '-'}`);
        if (!options?.domain) values.set(name, value);
      },
      remove: () => undefined,
    };
    writeScanSettings(refusing, DEFAULT_SCAN_SETTINGS, 'shop.co.uk');
    expect(written.slice(0, 2)).toEqual(['scan_input_device .co.uk', 'scan_input_device -']);
    expect(readScanSettings(refusing)).toEqual(DEFAULT_SCAN_SETTINGS);
  });

  it('store: updates, persists and tells its subscribers', () => {
    const jar = createMemoryCookieJar();
    const store = createScanSettingsStore(jar, () => 'localhost');
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.update({ isKeyboardAllowed: true });
    expect(store.getSnapshot().isKeyboardAllowed).toBe(true);
    expect(jar.get(SCAN_KEYBOARD_ALLOWED_COOKIE)).toBe('true');
    expect(calls).toBe(1);
    off();
    store.update({ inputDevice: 'camera' });
    expect(calls).toBe(1);
    expect(createScanSettingsStore(jar, () => 'localhost').getSnapshot()).toMatchObject({
      inputDevice: 'camera',
      isKeyboardAllowed: true,
    });
  });
});
