import { describe, expect, it } from 'vitest';
import { createSessionCache, type CachedSession } from './session-cache.js';

function sessionOf(id: string, userId: number): CachedSession {
  const at = new Date('2026-11-22T08:00:00Z');
  return {
    session: { id, userId, createdAt: at, lastSeenAt: at, expiresAt: at },
    user: {
      id: userId,
      number: userId,
      name: `user ${userId}`,
      roles: ['worker'],
      sortingCenterId: 34717,
      defaultWarehouseNumber: 34717,
      isActive: true,
    },
  };
}

const T0 = new Date('2026-11-22T08:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('session cache', () => {
  it('answers a session for its time to live, then reads again', () => {
    const cache = createSessionCache({ ttlMs: 2_000 });
    const found = sessionOf('a', 1);
    cache.set('a', found, T0);
    expect(cache.get('a', later(1_999))).toBe(found);
    expect(cache.get('a', later(2_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not trust an entry from a clock that went back', () => {
    const cache = createSessionCache({ ttlMs: 2_000 });
    cache.set('a', sessionOf('a', 1), T0);
    expect(cache.get('a', later(-1))).toBeUndefined();
  });

  it('drops what a database notification names: a session, or every session of a user', () => {
    const cache = createSessionCache();
    cache.set('a', sessionOf('a', 1), T0);
    cache.set('b', sessionOf('b', 1), T0);
    cache.set('c', sessionOf('c', 2), T0);
    cache.onChange('s:c');
    expect(cache.get('c', T0)).toBeUndefined();
    expect(cache.get('a', T0)).toBeDefined();
    cache.onChange('u:1');
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('b', T0)).toBeUndefined();
  });

  it('forgets everything on a notification it does not understand', () => {
    const cache = createSessionCache();
    cache.set('a', sessionOf('a', 1), T0);
    cache.onChange('x:whatever');
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.set('a', sessionOf('a', 1), T0);
    cache.set('b', sessionOf('b', 2), T0);
    cache.set('c', sessionOf('c', 3), T0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBeDefined();
  });
});
