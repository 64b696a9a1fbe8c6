import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../lib/cookies';
import { createMemoryStorage } from '../lib/storage';
import { RESET_COOKIES, resetDeviceSettings } from './device-reset';

describe('the device reset', () => {
  it('lists the seven device cookies, the last zone and the NFC switch', () => {
    expect([...RESET_COOKIES].sort()).toEqual(
      [
        'LAST_ZONE_NUMBER',
        'printer_app_id',
        'printer_id',
        'scale_app_id',
        'scale_id',
        'scan_camera_device',
        'scan_input_device',
        'scan_keyboard_allowed',
        'scan_nfc_enabled',
      ].sort(),
    );
  });

  it('clears those cookies and the last parcel, recipient and audit session, nothing else', () => {
    const cookies = createMemoryCookieJar();
    const storage = createMemoryStorage();
    for (const name of RESET_COOKIES) cookies.set(name, 'x');
    cookies.set('NEXT_LOCALE', 'en');
    for (const key of ['LAST_PARCEL_SCANNED', 'LAST_PICKING_RECIPIENT', 'LAST_AUDIT_SESSION']) {
      storage.setItem(key, 'x');
    }
    storage.setItem('other', 'kept');
    resetDeviceSettings(cookies, storage, 'sort.example.com');
    for (const name of RESET_COOKIES) expect(cookies.get(name)).toBeUndefined();
    expect(cookies.get('NEXT_LOCALE')).toBe('en');
    expect([...storage.values.keys()]).toEqual(['other']);
  });
});
