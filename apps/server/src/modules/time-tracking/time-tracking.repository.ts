import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users, workIntervals, workplaces } from '../../db/schema.js';
import { createEventRecorder } from '../../db/events.js';

export interface WorkplaceRow {
  id: number;
  cellBarcode: string;
  name: string;
}

export interface OpenIntervalRow {
  id: number;
  workplaceId: number;
  cellBarcode: string;
  startedAt: Date;
}

export interface BadgeUserRow {
  id: number;
  name: string;
  sortingCenterId: number | null;
  isActive: boolean;
}

export interface WorkedTimeRowData {
  userId: number;
  fullName: string;
  cellBarcode: string;
  workplaceName: string;
  seconds: number;
  intervals: number;
}

/** `at`, never before the interval's start (a clock set back must not break the CHECK). */
function endAt(at: Date) {
  return sql`greatest(${workIntervals.startedAt}, ${at.toISOString()}::timestamptz)`;
}

/** SQL of time tracking: workplaces of a sorting centre and users' intervals at them. */
export function createTimeTrackingRepository(db: Db) {
  return {
    async findWorkplace(
      sortingCenterId: number,
      cellBarcode: string,
    ): Promise<WorkplaceRow | null> {
      const rows = await db
        .select({ id: workplaces.id, cellBarcode: workplaces.cellBarcode, name: workplaces.name })
        .from(workplaces)
        .where(
          and(
            eq(workplaces.sortingCenterId, sortingCenterId),
            eq(workplaces.cellBarcode, cellBarcode),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async listWorkplaces(sortingCenterId: number): Promise<WorkplaceRow[]> {
      return db
        .select({ id: workplaces.id, cellBarcode: workplaces.cellBarcode, name: workplaces.name })
        .from(workplaces)
        .where(eq(workplaces.sortingCenterId, sortingCenterId))
        .orderBy(asc(workplaces.cellBarcode));
    },

    /** Who is at the centre's workplaces now, earliest first. */
    async listOpenIntervals(sortingCenterId: number) {
      return db
        .select({
          workplaceId: workIntervals.workplaceId,
          userId: workIntervals.userId,
          fullName: users.name,
          startedAt: workIntervals.startedAt,
        })
        .from(workIntervals)
        .innerJoin(workplaces, eq(workplaces.id, workIntervals.workplaceId))
        .innerJoin(users, eq(users.id, workIntervals.userId))
        .where(and(eq(workplaces.sortingCenterId, sortingCenterId), isNull(workIntervals.endedAt)))
        .orderBy(asc(workIntervals.startedAt), asc(workIntervals.id));
    },

    async findUserByBadgeHash(badgeTokenHash: string): Promise<BadgeUserRow | null> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          sortingCenterId: users.sortingCenterId,
          isActive: users.isActive,
        })
        .from(users)
        .where(eq(users.badgeTokenHash, badgeTokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Locks the user's row for the rest of the transaction: toggles of one user run one after
     * another, so each sees the interval the previous one left (never two open ones).
     */
    async lockUser(userId: number): Promise<{ id: number; name: string } | null> {
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return rows[0] ?? null;
    },

    async findOpenInterval(userId: number): Promise<OpenIntervalRow | null> {
      const rows = await db
        .select({
          id: workIntervals.id,
          workplaceId: workIntervals.workplaceId,
          cellBarcode: workplaces.cellBarcode,
          startedAt: workIntervals.startedAt,
        })
        .from(workIntervals)
        .innerJoin(workplaces, eq(workplaces.id, workIntervals.workplaceId))
        .where(and(eq(workIntervals.userId, userId), isNull(workIntervals.endedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async closeInterval(id: number, at: Date, endedBy: number): Promise<Date> {
      const rows = await db
        .update(workIntervals)
        .set({ endedAt: endAt(at), endedBy })
        .where(and(eq(workIntervals.id, id), isNull(workIntervals.endedAt)))
        .returning({ endedAt: workIntervals.endedAt });
      const endedAt = rows[0]?.endedAt;
      if (!endedAt) throw new Error(`interval ${id} was not open`);
      return endedAt;
    },

    async openInterval(input: {
      userId: number;
      workplaceId: number;
      at: Date;
      startedBy: number;
    }): Promise<Date> {
      const rows = await db
        .insert(workIntervals)
        .values({
          userId: input.userId,
          workplaceId: input.workplaceId,
          startedAt: input.at,
          startedBy: input.startedBy,
        })
        .returning({ startedAt: workIntervals.startedAt });
      const startedAt = rows[0]?.startedAt;
      if (!startedAt) throw new Error('interval insert returned nothing');
      return startedAt;
    },

    /**
     * Worked seconds per user and workplace within [from, to): each interval is clipped to the
     * range, an open one counts up to `now`.
     */
    async workedTime(input: {
      sortingCenterId: number;
      from: Date;
      to: Date;
      now: Date;
    }): Promise<WorkedTimeRowData[]> {
      const from = sql`${input.from.toISOString()}::timestamptz`;
      const to = sql`${input.to.toISOString()}::timestamptz`;
      const end = sql`coalesce(${workIntervals.endedAt}, greatest(${workIntervals.startedAt}, ${input.now.toISOString()}::timestamptz))`;
      const seconds = sql<number>`coalesce(sum(extract(epoch from (least(${end}, ${to}) - greatest(${workIntervals.startedAt}, ${from})))), 0)`;
      const rows = await db
        .select({
          userId: workIntervals.userId,
          fullName: users.name,
          cellBarcode: workplaces.cellBarcode,
          workplaceName: workplaces.name,
          seconds: seconds.mapWith(Number),
          intervals: sql<number>`count(*)::int`,
        })
        .from(workIntervals)
        .innerJoin(workplaces, eq(workplaces.id, workIntervals.workplaceId))
        .innerJoin(users, eq(users.id, workIntervals.userId))
        .where(
          and(
            eq(workplaces.sortingCenterId, input.sortingCenterId),
            lt(workIntervals.startedAt, input.to),
            gt(end, from),
          ),
        )
        .groupBy(workIntervals.userId, users.name, workplaces.cellBarcode, workplaces.name)
        .orderBy(asc(users.name), asc(workIntervals.userId), asc(workplaces.cellBarcode));
      return rows;
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type TimeTrackingRepository = ReturnType<typeof createTimeTrackingRepository>;
