import { createHash, randomBytes } from 'node:crypto';
import { hashBadgeToken, hashPassword, verifyPassword } from '../../lib/credentials.js';
import { refusal } from '../../lib/refusal.js';
import type { AuthRepository, SessionUserRow } from './auth.repository.js';
import { createSessionCache, type CachedSession, type SessionCache } from './session-cache.js';
import {
  deviceThrottleKey,
  SIGN_IN_THROTTLE,
  throttleKeysOf,
  waitSeconds,
  type AttemptSource,
  type ThrottleKey,
} from './sign-in-throttle.js';

import type { Db } from '../../db/database.js';
import type { RepositoryFactory, SessionUser } from '../../lib/call-context.js';

export type { SessionUser };

/** Who is asking: for rate limiting and the session row. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  /** The browser's device cookie, when it sent one (DEVICE_COOKIE). */
  deviceId: string | null;
}

export type SessionLookup =
  | { status: 'active'; user: SessionUser; sessionId: string }
  | { status: 'absent' }
  | { status: 'expired' };

export interface AuthServiceOptions {
  db: Db;
  repository: RepositoryFactory<Db, AuthRepository>;
  idleMinutes: number;
  maxHours: number;
  /** The clock; tests move it to expire sessions and rate-limit windows. */
  now: () => Date;
  /** Sessions looked up a moment ago (session-cache.ts); by default one of its own. */
  sessionCache?: SessionCache;
}

/** last_seen_at is written at most once a minute: no write per request. */
const TOUCH_INTERVAL_MS = 60_000;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The session id stored for a cookie token: only the hash is kept. */
export function sessionIdOf(token: string): string {
  return sha256(token);
}

function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    roles: row.roles,
    sortingCenterId: row.sortingCenterId,
    defaultWarehouseNumber: row.defaultWarehouseNumber,
  };
}

/**
 * Sign-in by badge token or password, server-side sessions with an idle and an absolute
 * timeout, and throttling of failures by address, device and login with growing delays
 * (sign-in-throttle.ts), all kept in the database (several stateless server processes share it).
 */
export function createAuthService(options: AuthServiceOptions) {
  const { now } = options;
  const repository = options.repository(options.db);
  const sessionCache = options.sessionCache ?? createSessionCache();
  const idleMs = options.idleMinutes * MINUTE_MS;
  const maxMs = options.maxHours * 60 * MINUTE_MS;
  const windowMs = SIGN_IN_THROTTLE.windowMinutes * MINUTE_MS;

  // A wrong login still runs scrypt against this hash, so timing tells nothing.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  type Admission = { wait: number } | { ids: number[] };

  /**
   * Lets an attempt be judged, or refuses it with 429 while one of its keys must still wait.
   * The attempt is counted as a failure before its credential is checked, in the same
   * transaction as the check (one address's attempts wait for each other), so parallel
   * guesses cannot all pass one check; a success takes its rows back.
   */
  async function admit(keys: ThrottleKey[], context: RequestContext): Promise<number[]> {
    const at = now();
    const since = new Date(at.getTime() - windowMs);
    const names = keys.map((key) => key.key);
    const outcome = await repository.inTransaction(async (tx): Promise<Admission> => {
      await tx.lockAttempts(names[0] ?? '');
      const wait = waitSeconds(keys, await tx.failuresOf(names, since), at);
      if (wait > 0) return { wait };
      return { ids: await tx.insertAttempts(names, at) };
    });
    if ('ids' in outcome) return outcome.ids;
    await repository.events.record({ userId: null, warehouseId: null, at }, 'sign-in-refused', {
      reason: 'rate-limited',
      ip: context.ip,
    });
    throw refusal(
      'tooManyRequests',
      'tooManyAttempts',
      { wait: { waitSeconds: outcome.wait } },
      { details: { retryAfterSeconds: outcome.wait } },
    );
  }

  /** Where an attempt comes from, and whether its device cookie is a known handheld. */
  async function attemptSource(context: RequestContext): Promise<AttemptSource> {
    if (context.deviceId === null) return { ip: context.ip, deviceId: null };
    const since = new Date(now().getTime() - SIGN_IN_THROTTLE.knownDeviceDays * DAY_MS);
    const isKnownDevice = await repository.isKnownDevice(
      deviceThrottleKey(context.deviceId),
      since,
    );
    return { ip: context.ip, deviceId: context.deviceId, isKnownDevice };
  }

  /** A judged failure: its attempt stays counted; old failures are swept. */
  async function refuse(context: RequestContext, payload: Record<string, unknown>): Promise<never> {
    const at = now();
    await repository.inTransaction(async (tx) => {
      await tx.deleteAttemptsBefore(new Date(at.getTime() - windowMs));
      await tx.events.record({ userId: null, warehouseId: null, at }, 'sign-in-refused', {
        ...payload,
        ip: context.ip,
      });
    });
    throw refusal('signInRefused', 'badCredentials');
  }

  /**
   * A success: the attempt's rows go, and so do the login's failures from this source (its
   * owner's typos); the address, the device and the login from elsewhere keep theirs.
   */
  async function startSession(
    user: SessionUserRow,
    method: 'badge' | 'password',
    attempt: { ids: number[]; keys: ThrottleKey[] },
    context: RequestContext,
    previousToken: string | undefined,
  ): Promise<{ token: string; user: SessionUser; maxAgeSeconds: number }> {
    const at = now();
    const token = randomBytes(32).toString('base64url');
    await repository.inTransaction(async (tx) => {
      // Rotation: a sign-in always starts a new session; the browser's previous one ends.
      if (previousToken) await tx.deleteSession(sessionIdOf(previousToken));
      await tx.deleteExpiredSessions(at);
      await tx.deleteAttemptsById(attempt.ids);
      if (context.deviceId !== null) {
        await tx.markDeviceSignedIn(deviceThrottleKey(context.deviceId), at);
      }
      for (const { kind, key } of attempt.keys) {
        if (kind === 'accountFromSource') await tx.deleteAttempts(key);
      }
      await tx.insertSession({
        id: sessionIdOf(token),
        userId: user.id,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + maxMs),
        userAgent: context.userAgent?.slice(0, 500) ?? null,
        ip: context.ip,
      });
      await tx.events.record({ userId: user.id, warehouseId: null, at }, 'signed-in', {
        method,
        ip: context.ip,
      });
    });
    if (previousToken) sessionCache.forgetSession(sessionIdOf(previousToken));
    return { token, user: toSessionUser(user), maxAgeSeconds: Math.floor(maxMs / 1000) };
  }

  return {
    /** Spec part 1 §4: the badge barcode text is the user's token (lkdToken cookie). */
    async signInWithBadge(badge: string, context: RequestContext, previousToken?: string) {
      const keys = throttleKeysOf(await attemptSource(context));
      const ids = await admit(keys, context);
      const user = await repository.findUserByBadgeHash(hashBadgeToken(badge));
      if (!user || !user.isActive) {
        return refuse(context, { method: 'badge', userId: user?.id ?? null });
      }
      return startSession(user, 'badge', { ids, keys }, context, previousToken);
    },

    /** Office staff: login and password (ours, not in the spec). */
    async signInWithPassword(
      login: string,
      password: string,
      context: RequestContext,
      previousToken?: string,
    ) {
      const keys = throttleKeysOf(await attemptSource(context), login);
      const ids = await admit(keys, context);
      const user = await repository.findUserByLogin(login.trim());
      // scrypt runs whether or not the login exists: no user enumeration by timing.
      const isValid = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !user.passwordHash || !isValid || !user.isActive) {
        return refuse(context, { method: 'password', userId: user?.id ?? null });
      }
      return startSession(user, 'password', { ids, keys }, context, previousToken);
    },

    /** The session of a cookie token; ends it when idle too long or past its expiry. */
    async lookUpSession(token: string | undefined): Promise<SessionLookup> {
      if (!token) return { status: 'absent' };
      const sessionId = sessionIdOf(token);
      const at = now();
      const isOver = ({ session, user }: CachedSession) =>
        at.getTime() - session.lastSeenAt.getTime() >= idleMs ||
        at.getTime() >= session.expiresAt.getTime() ||
        !user.isActive;
      // A copy from memory may only say "active": an ending is judged on the database's row,
      // which another process may have touched since.
      const cached = sessionCache.get(sessionId, at);
      const found = cached && !isOver(cached) ? cached : await repository.findSession(sessionId);
      if (!found) {
        sessionCache.forgetSession(sessionId);
        return { status: 'expired' };
      }
      if (isOver(found)) {
        sessionCache.forgetSession(sessionId);
        await repository.deleteSession(sessionId);
        return { status: 'expired' };
      }
      let { session } = found;
      if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repository.touchSession(sessionId, at);
        session = { ...session, lastSeenAt: at };
      }
      if (found !== cached || session !== found.session) {
        sessionCache.set(sessionId, { session, user: found.user }, at);
      }
      return { status: 'active', user: toSessionUser(found.user), sessionId };
    },

    /** Ends a session (sign-out); nothing to end is fine. */
    async endSession(token: string | undefined, context: RequestContext): Promise<void> {
      if (!token) return;
      await repository.inTransaction(async (tx) => {
        const ended = await tx.deleteSession(sessionIdOf(token));
        if (ended) {
          await tx.events.record(
            { userId: ended.userId, warehouseId: null, at: now() },
            'signed-out',
            { ip: context.ip },
          );
        }
      });
      // After the commit: a lookup meanwhile could have kept the old row. Other processes
      // hear it from the database (migration 0009).
      sessionCache.forgetSession(sessionIdOf(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
