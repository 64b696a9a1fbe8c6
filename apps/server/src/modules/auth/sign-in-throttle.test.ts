import { describe, expect, it } from 'vitest';
import { throttleKeysOf, waitSeconds } from './sign-in-throttle.js';

describe('the wait of a sign-in attempt', () => {
  const at = new Date('2026-11-25T08:00:00.000Z');
  const [address] = throttleKeysOf({ ip: '10.0.0.1', deviceId: null });

  it('is none while a key is within its free failures, however recent the latest', () => {
    // Twelve handhelds signing in at once: an attempt that took its clock reading a moment
    // before another was admitted sees that other's row a few milliseconds "in the future".
    const later = new Date(at.getTime() + 7);
    expect(waitSeconds([address!], [{ key: address!.key, count: 11, latest: later }], at)).toBe(0);
  });

  it('is the delay after the latest failure once the free ones are used up', () => {
    const latest = new Date(at.getTime() - 500);
    // 31 failures of an address (30 free): 2 s after the latest, 1.5 s still to wait → 2.
    expect(waitSeconds([address!], [{ key: address!.key, count: 31, latest }], at)).toBe(2);
  });
});
