import { and, count, eq, gt, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { onFirstUse } from '../../db/first-use.js';
import { sessions, signInAttempts, signInDevices, users } from '../../db/schema.js';
import type { SessionUser } from '../../lib/call-context.js';
import type { KeyFailures } from './sign-in-throttle.js';
import { createEventRecorder } from '../../db/events.js';

/** A user as sessions and authorisation see them, and whether they may still sign in. */
export interface SessionUserRow extends SessionUser {
  isActive: boolean;
}

export interface SessionRow {
  id: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const userColumns = {
  id: users.id,
  number: users.number,
  name: users.name,
  roles: users.roles,
  sortingCenterId: users.sortingCenterId,
  defaultWarehouseNumber: users.defaultWarehouseNumber,
  isActive: users.isActive,
};

/** A session with its user: the lookup of every request. */
function sessionQuery(db: Db, condition: SQL) {
  return db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(condition)
    .limit(1);
}

/** SQL of sign-in, sessions, rate limiting and the sign-in events. */
function createAuthStatements(db: Db) {
  return {
    async findUserByBadgeHash(badgeTokenHash: string): Promise<SessionUserRow | null> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(eq(users.badgeTokenHash, badgeTokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async findUserByLogin(
      login: string,
    ): Promise<(SessionUserRow & { passwordHash: string | null }) | null> {
      const rows = await db
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertSession(row: SessionRow & { userAgent: string | null; ip: string | null }) {
      await db.insert(sessions).values(row);
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    /** Deletes a session; true when there was one. */
    async deleteSession(id: string): Promise<{ userId: number } | null> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.id, id))
        .returning({ userId: sessions.userId });
      return rows[0] ?? null;
    },

    /** Removes sessions that ended at their absolute expiry (housekeeping on sign-in). */
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /**
     * Makes the sign-in attempts of one key wait for each other until the transaction ends
     * (across processes): parallel guesses cannot all pass one check.
     */
    async lockAttempts(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${key}`}))`);
    },

    /** Failures of each key since a moment: how many and the latest (keys without none). */
    async failuresOf(keys: string[], since: Date): Promise<KeyFailures[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .select({ key: signInAttempts.key, count: count(), latest: max(signInAttempts.at) })
        .from(signInAttempts)
        .where(and(inArray(signInAttempts.key, keys), gt(signInAttempts.at, since)))
        .groupBy(signInAttempts.key);
      return rows.flatMap((row) =>
        row.latest === null
          ? []
          : [{ key: row.key, count: row.count, latest: new Date(row.latest) }],
      );
    },

    /** Records an attempt against its keys; the ids let a success take it back. */
    async insertAttempts(keys: string[], at: Date): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .insert(signInAttempts)
        .values(keys.map((key) => ({ key, at })))
        .returning({ id: signInAttempts.id });
      return rows.map((row) => row.id);
    },

    async deleteAttemptsById(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(signInAttempts).where(inArray(signInAttempts.id, ids));
    },

    async deleteAttempts(key: string): Promise<void> {
      await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
    },

    /** True when the device key signed someone in since the moment (a known handheld). */
    async isKnownDevice(key: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ key: signInDevices.key })
        .from(signInDevices)
        .where(and(eq(signInDevices.key, key), gt(signInDevices.signedInAt, since)));
      return rows.length > 0;
    },

    /** Remembers that the device key signed someone in now. */
    async markDeviceSignedIn(key: string, at: Date): Promise<void> {
      await db
        .insert(signInDevices)
        .values({ key, signedInAt: at })
        .onConflictDoUpdate({ target: signInDevices.key, set: { signedInAt: at } });
    },

    /** Forgets failures older than the window, so the table stays small. */
    async deleteAttemptsBefore(before: Date): Promise<void> {
      await db.delete(signInAttempts).where(lt(signInAttempts.at, before));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type AuthStatements = ReturnType<typeof createAuthStatements>;

export interface AuthRepository extends AuthStatements {
  /** A session with its user, the lookup of every request (prepared once). */
  findSession(id: string): Promise<{ session: SessionRow; user: SessionUserRow } | null>;
  /** Runs `work` with statements that share one transaction (a sign-in's writes, a refusal's). */
  inTransaction<T>(work: (statements: AuthStatements) => Promise<T>): Promise<T>;
}

/** The auth repository over a database. */
export function createAuthRepository(db: Db): AuthRepository {
  // Every request looks its session up: built once, a named prepared statement on PostgreSQL
  // (docs/PERFORMANCE.md "Prepared statements").
  const sessionById = onFirstUse(() =>
    sessionQuery(db, eq(sessions.id, sql.placeholder('id'))).prepare('auth_session_by_id'),
  );
  return {
    ...createAuthStatements(db),
    findSession: async (id) => (await sessionById().execute({ id }))[0] ?? null,
    inTransaction: (work) => db.transaction((tx) => work(createAuthStatements(tx))),
  };
}
