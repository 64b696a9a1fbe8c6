import { describe, expect, it } from 'vitest';
import { nfcWriteRefusal } from './nfc-write';

describe('what may be written to an NFC tag', () => {
  it('cell and zone codes, boxes and workplaces', () => {
    for (const text of ['=34717-1-a-01', '%34717-Z1', '_B-0001', 'WP-12']) {
      expect(nfcWriteRefusal(text), text).toBeNull();
    }
  });

  it('refuses badges and token URLs', () => {
    for (const text of ['~W1001-7KQ2', '>123', '<456', 'https://sort.example/?lkdToken=abc']) {
      expect(nfcWriteRefusal(text), text).toBe('badge');
    }
  });

  it('refuses other URLs, measurements and acceptance reports', () => {
    expect(nfcWriteRefusal('https://example.com')).toBe('notACode');
    expect(nfcWriteRefusal('.GL12')).toBe('notACode');
    expect(nfcWriteRefusal('.69.77')).toBe('notACode');
  });

  it('refuses an empty text, over 200 characters or with control characters', () => {
    expect(nfcWriteRefusal('  ')).toBe('empty');
    expect(nfcWriteRefusal(`=${'1'.repeat(199)}`)).toBeNull();
    expect(nfcWriteRefusal(`=${'1'.repeat(200)}`)).toBe('tooLong');
    expect(nfcWriteRefusal('=1\n2')).toBe('control');
  });
});
