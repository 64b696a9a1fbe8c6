import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@sorting/contracts';
import type { Locale, UserRole } from '@sorting/domain';
import { formatMinutes, translate } from '../../i18n/messages.js';
import { hashBadgeToken, hashPassword, verifyPassword } from '../../lib/credentials.js';
import type { AuthRepository, SessionUserRow } from './auth.repository.js';
import { createSessionCache, type CachedSession, type SessionCache } from './session-cache.js';

/** The signed-in user as routes see it (`request.user`). */
export interface SessionUser {
  id: number;
  number: number;
  name: string;
  roles: UserRole[];
  sortingCenterId: number | null;
  defaultWarehouseNumber: number | null;
}

/** Who is asking: for rate limiting, the session row and the messages. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  /** The browser's device cookie, when it sent one (DEVICE_COOKIE). */
  deviceId: string | null;
  locale: Locale;
}

export type SessionLookup =
  | { status: 'active'; user: SessionUser; sessionId: string }
  | { status: 'absent' }
  | { status: 'expired' };

export interface AuthServiceOptions {
  repository: AuthRepository;
  idleMinutes: number;
  maxHours: number;
  /** The clock; tests move it to expire sessions and rate-limit windows. */
  now: () => Date;
  /** Sessions looked up a moment ago (session-cache.ts); by default one of its own. */
  sessionCache?: SessionCache;
}

/**
 * Rate limiting: this many failures within the window refuse further attempts of one device
 * (its cookie) or one badge/login; an address with one user agent (identical handhelds behind
 * one NAT, or a client that drops cookies) gets `networkFailures`.
 */
export const SIGN_IN_LIMIT = { failures: 5, networkFailures: 30, windowMinutes: 5 } as const;

/** last_seen_at is written at most once a minute: no write per request. */
const TOUCH_INTERVAL_MS = 60_000;

const MINUTE_MS = 60_000;

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
 * timeout, and rate limiting of failures per device and per badge/login, all kept in the
 * database (several stateless server processes share it).
 */
export function createAuthService(options: AuthServiceOptions) {
  const { repository, now } = options;
  const sessionCache = options.sessionCache ?? createSessionCache();
  const idleMs = options.idleMinutes * MINUTE_MS;
  const maxMs = options.maxHours * 60 * MINUTE_MS;
  const windowMs = SIGN_IN_LIMIT.windowMinutes * MINUTE_MS;

  // A wrong login still runs scrypt against this hash, so timing tells nothing.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  /** The rate-limit keys of an attempt: its device, its address, its account. */
  const limitKeys = (context: RequestContext, accountKey: string): string[] => [
    ...(context.deviceId === null ? [] : [`device:${sha256(context.deviceId)}`]),
    `network:${sha256(`${context.ip ?? ''}\n${context.userAgent ?? ''}`)}`,
    accountKey,
  ];
  const limitOf = (key: string) =>
    key.startsWith('network:') ? SIGN_IN_LIMIT.networkFailures : SIGN_IN_LIMIT.failures;

  async function assertNotLimited(keys: string[], context: RequestContext): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - windowMs);
    for (const key of keys) {
      const { count, oldest } = await repository.countAttempts(key, since);
      if (count >= limitOf(key) && oldest) {
        const waitMs = oldest.getTime() + windowMs - at.getTime();
        const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
        await repository.recordEvent({
          kind: 'sign-in-refused',
          userId: null,
          at,
          payload: { reason: 'rate-limited', ip: context.ip },
        });
        throw new AppError('tooManyRequests', {
          message: translate(context.locale, 'tooManyAttempts', {
            minutes: formatMinutes(context.locale, minutes),
          }),
          details: { retryAfterSeconds: Math.ceil(waitMs / 1000) },
        });
      }
    }
  }

  async function refuse(
    keys: string[],
    context: RequestContext,
    payload: Record<string, unknown>,
  ): Promise<never> {
    const at = now();
    await repository.inTransaction(async (tx) => {
      await tx.deleteAttemptsBefore(new Date(at.getTime() - windowMs));
      await tx.insertAttempts(keys, at);
      await tx.recordEvent({
        kind: 'sign-in-refused',
        userId: null,
        at,
        payload: { ...payload, ip: context.ip },
      });
    });
    throw new AppError('signInRefused', {
      message: translate(context.locale, 'badCredentials'),
    });
  }

  async function startSession(
    user: SessionUserRow,
    method: 'badge' | 'password',
    accountKey: string,
    context: RequestContext,
    previousToken: string | undefined,
  ): Promise<{ token: string; user: SessionUser; maxAgeSeconds: number }> {
    const at = now();
    const token = randomBytes(32).toString('base64url');
    await repository.inTransaction(async (tx) => {
      // Rotation: a sign-in always starts a new session; the browser's previous one ends.
      if (previousToken) await tx.deleteSession(sessionIdOf(previousToken));
      await tx.deleteExpiredSessions(at);
      await tx.deleteAttempts(accountKey);
      await tx.insertSession({
        id: sessionIdOf(token),
        userId: user.id,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + maxMs),
        userAgent: context.userAgent?.slice(0, 500) ?? null,
        ip: context.ip,
      });
      await tx.recordEvent({
        kind: 'signed-in',
        userId: user.id,
        at,
        payload: { method, ip: context.ip },
      });
    });
    if (previousToken) sessionCache.forgetSession(sessionIdOf(previousToken));
    return { token, user: toSessionUser(user), maxAgeSeconds: Math.floor(maxMs / 1000) };
  }

  return {
    /** Spec part 1 §4: the badge barcode text is the user's token (lkdToken cookie). */
    async signInWithBadge(badge: string, context: RequestContext, previousToken?: string) {
      const badgeHash = hashBadgeToken(badge);
      const accountKey = `badge:${badgeHash}`;
      const keys = limitKeys(context, accountKey);
      await assertNotLimited(keys, context);
      const user = await repository.findUserByBadgeHash(badgeHash);
      if (!user || !user.isActive) {
        return refuse(keys, context, { method: 'badge', userId: user?.id ?? null });
      }
      return startSession(user, 'badge', accountKey, context, previousToken);
    },

    /** Office staff: login and password (ours, not in the spec). */
    async signInWithPassword(
      login: string,
      password: string,
      context: RequestContext,
      previousToken?: string,
    ) {
      const accountKey = `login:${sha256(login.trim().toLowerCase())}`;
      const keys = limitKeys(context, accountKey);
      await assertNotLimited(keys, context);
      const user = await repository.findUserByLogin(login.trim());
      // scrypt runs whether or not the login exists: no user enumeration by timing.
      const isValid = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !user.passwordHash || !isValid || !user.isActive) {
        return refuse(keys, context, { method: 'password', userId: user?.id ?? null });
      }
      return startSession(user, 'password', accountKey, context, previousToken);
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
          await tx.recordEvent({
            kind: 'signed-out',
            userId: ended.userId,
            at: now(),
            payload: { ip: context.ip },
          });
        }
      });
      // After the commit: a lookup meanwhile could have kept the old row. Other processes
      // hear it from the database (migration 0009).
      sessionCache.forgetSession(sessionIdOf(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
