import type { SessionRow, SessionUserRow } from './auth.repository.js';

export interface CachedSession {
  session: SessionRow;
  user: SessionUserRow;
}

/** How long a looked-up session is answered from memory: a scan cycle's three calls. */
export const SESSION_CACHE_MS = 2_000;

/** Sessions kept at most; the oldest goes first (a floor of handhelds is far below). */
export const SESSION_CACHE_ENTRIES = 10_000;

/** The NOTIFY channel of migration 0009: `s:<session id>` ended, `u:<user id>` changed. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/**
 * Sessions this process looked up in the last SESSION_CACHE_MS, so the three calls of a
 * scan cycle read the session once instead of three times (docs/DECISIONS.md
 * "Sessions and sign-in", session cache). The database stays the only truth: an entry is a
 * copy that every process drops when PostgreSQL notifies that its session ended or its user
 * changed, and that expires by itself within SESSION_CACHE_MS should a notification be lost.
 */
export function createSessionCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_ENTRIES;
  const entries = new Map<string, { found: CachedSession; at: number }>();

  function forgetUser(userId: number): void {
    for (const [id, entry] of entries) {
      if (entry.found.user.id === userId) entries.delete(id);
    }
  }

  return {
    /** The session read at most ttlMs before `at` (the service's clock), else undefined. */
    get(sessionId: string, at: Date): CachedSession | undefined {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const age = at.getTime() - entry.at;
      if (age < 0 || age >= ttlMs) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.found;
    },

    set(sessionId: string, found: CachedSession, at: Date): void {
      entries.delete(sessionId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionId, { found, at: at.getTime() });
    },

    forgetSession(sessionId: string): void {
      entries.delete(sessionId);
    },

    forgetUser,

    /** A payload of SESSION_CHANGES_CHANNEL; anything unknown clears the whole cache. */
    onChange(payload: string): void {
      const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
      if (kind === 's:') entries.delete(id);
      else if (kind === 'u:' && /^\d+$/.test(id)) forgetUser(Number(id));
      else entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
