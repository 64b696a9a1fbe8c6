import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-base.js';

/**
 * Spec part 1 §3 "Workplace": a place where employees' time is tracked, chosen by scanning its
 * cell-type barcode ('=…', part 1 §4). Bound to a sorting centre (`{code}` of the calls).
 */
export const workplaces = pgTable(
  'workplaces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sortingCenterId: integer('sorting_center_id').notNull(),
    cellBarcode: text('cell_barcode').notNull().unique(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workplaces_sorting_center').on(t.sortingCenterId, t.cellBarcode),
    // Spec part 1 §5: '=ALL' (any casing) is no workplace.
    check(
      'workplaces_cell_barcode',
      sql`${t.cellBarcode} like '=%' and upper(${t.cellBarcode}) <> '=ALL'`,
    ),
  ],
);

/**
 * One row per stay of a user at a workplace (every join/leave toggle starts or ends one).
 * `ended_at` null = the user is there now; the partial unique index makes a second open
 * interval of one user impossible, whatever the concurrency.
 */
export const workIntervals = pgTable(
  'work_intervals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workplaceId: integer('workplace_id')
      .notNull()
      .references(() => workplaces.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who scanned or removed (the session user), for the history. */
    startedBy: integer('started_by'),
    endedBy: integer('ended_by'),
  },
  (t) => [
    uniqueIndex('work_intervals_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    index('work_intervals_open_by_workplace')
      .on(t.workplaceId)
      .where(sql`${t.endedAt} is null`),
    index('work_intervals_started_at').on(t.startedAt),
    check('work_intervals_order', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);
