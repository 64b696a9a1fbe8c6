import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { whoAndWhen } from './audit-columns.js';
import { cells, users, warehouses } from './schema-base.js';

// Cell audit tables (spec part 2 §3 "Audit", §4; docs/DECISIONS.md "Audit"). The audit
// records what was found; it moves no stock.

/** An audit session of a warehouse; finished_at set once, after which nothing changes. */
export const auditSessions = pgTable(
  'audit_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    ...whoAndWhen('finished'),
    /**
     * The figures frozen at the finish: itemsStatuses `[{state, count}]`. The sessions list
     * reads them instead of counting the units of every finished session again.
     */
    figures: jsonb('figures').$type<Array<{ state: number; count: number }>>(),
  },
  (t) => [
    index('audit_sessions_warehouse_started').on(t.warehouseId, t.startedAt),
    index('audit_sessions_unfinished')
      .on(t.warehouseId)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * A cell of a session. Open while finished_at is null; a cell is open in at most one session
 * at a time (partial unique index); re-opening a finished one keeps its units.
 */
export const auditCells = pgTable(
  'audit_cells',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => auditSessions.id, { onDelete: 'cascade' }),
    cellId: integer('cell_id')
      .notNull()
      .references(() => cells.id, { onDelete: 'cascade' }),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('audit_cells_session_cell').on(t.sessionId, t.cellId),
    uniqueIndex('audit_cells_one_open_per_cell')
      .on(t.cellId)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * A unit of an audited cell: expected ones are written when the cell is first opened (state 0),
 * a surplus one when scanned (state 2). States 0–3 (contracts AUDIT_UNIT_STATES).
 */
export const auditUnits = pgTable(
  'audit_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    auditCellId: integer('audit_cell_id')
      .notNull()
      .references(() => auditCells.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    kind: text('kind').notNull(),
    name: text('name'),
    state: smallint('state').notNull(),
    isExpected: boolean('is_expected').notNull(),
    systemLocation: text('system_location'),
    ...whoAndWhen('scanned'),
  },
  (t) => [
    unique('audit_units_cell_barcode').on(t.auditCellId, t.barcode),
    check('audit_units_state', sql`${t.state} between 0 and 3`),
    check('audit_units_kind', sql`${t.kind} in ('parcel', 'box', 'container', 'unknown')`),
  ],
);
