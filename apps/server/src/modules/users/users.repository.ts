import { and, asc, eq, ilike, isNull, like, min, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '@sorting/domain';
import { likePattern } from '../../db/like-pattern.js';
import { pagedSelect } from '../../db/paged-select.js';
import type { Db } from '../../db/database.js';
import { sessions, signInAttempts, users, warehouses, workIntervals } from '../../db/schema.js';
import { createEventRecorder } from '../../db/events.js';

/** A user of a sorting centre as the Users calls see it. */
export interface CentreUserRow {
  userId: number;
  name: string;
  sortingCenterId: number;
  number: number;
  roles: UserRole[];
  /** Office staff sign in with it too (null: badge only). */
  login: string | null;
}

const columns = {
  userId: users.id,
  name: users.name,
  sortingCenterId: sql<number>`${users.sortingCenterId}`.mapWith(Number),
  number: users.number,
  roles: users.roles,
  login: users.login,
};

/** SQL of the Users calls: active users of one sorting centre. */
export function createUsersRepository(db: Db) {
  function centreCondition(sortingCenterId: number, search: string | undefined): SQL {
    const conditions: SQL[] = [
      eq(users.sortingCenterId, sortingCenterId),
      eq(users.isActive, true),
    ];
    if (search !== undefined) {
      const byText = or(
        ilike(users.name, likePattern(search)),
        ilike(sql`${users.number}::text`, likePattern(search)),
      );
      if (byText) conditions.push(byText);
    }
    return and(...conditions) as SQL;
  }

  return {
    async listUsers(
      sortingCenterId: number,
      options: { search: string | undefined; limit: number; offset: number },
    ): Promise<{ rows: CentreUserRow[]; totalCount: number }> {
      const where = centreCondition(sortingCenterId, options.search);
      const { rows, total } = await pagedSelect(db, {
        page: db
          .select(columns)
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(options.limit)
          .offset(options.offset),
        from: users,
        where,
      });
      return { rows, totalCount: total };
    },

    async findActiveUser(sortingCenterId: number, userId: number): Promise<CentreUserRow | null> {
      const rows = await db
        .select(columns)
        .from(users)
        .where(and(eq(users.id, userId), centreCondition(sortingCenterId, undefined)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Inserts a worker with the next personnel number. A transaction-scoped advisory lock makes
     * concurrent creations take numbers one after another instead of colliding.
     */
    async insertWorker(input: {
      sortingCenterId: number;
      name: string;
      badgeTokenHash: string;
    }): Promise<CentreUserRow> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('users.number'))`);
      const defaultWarehouse = await db
        .select({ number: min(warehouses.number) })
        .from(warehouses)
        .where(eq(warehouses.sortingCenterId, input.sortingCenterId));
      const rows = await db
        .insert(users)
        .values({
          number: sql`(select coalesce(max(${users.number}), 0) + 1 from ${users})`,
          name: input.name,
          badgeTokenHash: input.badgeTokenHash,
          roles: ['worker'],
          sortingCenterId: input.sortingCenterId,
          defaultWarehouseNumber: defaultWarehouse[0]?.number ?? null,
        })
        .returning(columns);
      const row = rows[0];
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async setBadgeHash(userId: number, badgeTokenHash: string): Promise<void> {
      await db.update(users).set({ badgeTokenHash }).where(eq(users.id, userId));
    },

    /**
     * Deactivates a user (rows that name them, such as worked time, stay for the history):
     * no badge, no password, no sessions.
     */
    async deactivate(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ isActive: false, badgeTokenHash: null, passwordHash: null })
        .where(eq(users.id, userId));
    },

    async deleteSessions(userId: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async endOpenWorkIntervals(userId: number, at: Date, endedBy: number): Promise<number> {
      const rows = await db
        .update(workIntervals)
        .set({
          endedAt: sql`greatest(${workIntervals.startedAt}, ${at.toISOString()}::timestamptz)`,
          endedBy,
        })
        .where(and(eq(workIntervals.userId, userId), isNull(workIntervals.endedAt)))
        .returning({ id: workIntervals.id });
      return rows.length;
    },

    /**
     * Forgets the failed sign-ins of a login throttle key (sign-in-throttle.ts): from
     * anywhere (`key`) and from each source (`key@…`). Answers how many went.
     */
    async deleteSignInFailures(loginKey: string): Promise<number> {
      const rows = await db
        .delete(signInAttempts)
        .where(or(eq(signInAttempts.key, loginKey), like(signInAttempts.key, `${loginKey}@%`)))
        .returning({ id: signInAttempts.id });
      return rows.length;
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
