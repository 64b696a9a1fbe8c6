import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { whoAndWhen } from './audit-columns.js';
import { literalList } from './literal-list.js';
import { cells, users, warehouses } from './schema-base.js';
import { outbounds } from './schema-documents.js';
import { boxes, parcels } from './schema-sorting.js';

// Guided workflows (spec part 1 §1, §3, §4; docs/DECISIONS.md "Guided workflows"): a run is a
// user's pass through one workflow, its state held here (the client's `currentState` is a
// claim checked against it); its steps are appended, never changed.

/**
 * A user's run of a workflow: state code, what the state holds (`data`), and a version raised
 * by one per accepted step. One open run per user and workflow (partial unique index); a run
 * idle for 12 h is closed by the next Refresh.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workflow: text('workflow').notNull(),
    sortingCenterId: integer('sorting_center_id').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateCode: text('state_code').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflow_runs_open_per_user')
      .on(t.userId, t.workflow)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** A step of a run, append-only: the action from one state to the next, under its operation id. */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    /** The run's version after the step. */
    version: integer('version').notNull(),
    fromState: text('from_state').notNull(),
    actionCode: text('action_code').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    toState: text('to_state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    operationId: text('operation_id'),
  },
  (t) => [
    unique('workflow_steps_run_version').on(t.runId, t.version),
    index('workflow_steps_at').on(t.at),
  ],
);

/** Spec part 1 §1 boxes transit flows: the states of a shipment's unit (ours). */
export const SHIPMENT_UNIT_STATES = ['waiting', 'picked', 'short', 'loaded'] as const;
export type ShipmentUnitState = (typeof SHIPMENT_UNIT_STATES)[number];

/**
 * A shipment's units (docs/DECISIONS.md "Guided workflows", shipment units): the parcels of a
 * `parcels` shipment or the boxes of a `transit` one, each `waiting` until picked (`short` with
 * the skip's reason), then `loaded` onto a pallet; who and when changed it last.
 */
export const shipmentUnits = pgTable(
  'shipment_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outboundId: integer('outbound_id')
      .notNull()
      .references(() => outbounds.id, { onDelete: 'cascade' }),
    parcelId: integer('parcel_id').references(() => parcels.id, { onDelete: 'cascade' }),
    boxId: integer('box_id').references(() => boxes.id, { onDelete: 'cascade' }),
    state: text('state', { enum: SHIPMENT_UNIT_STATES }).notNull().default('waiting'),
    reason: text('reason'),
    palletBarcode: text('pallet_barcode'),
    /** The cell the unit was taken from (ItemReverted puts it back there). */
    fromCellId: integer('from_cell_id').references(() => cells.id, { onDelete: 'set null' }),
    /** The box a picked parcel was taken out of. */
    fromBoxId: integer('from_box_id').references(() => boxes.id, { onDelete: 'set null' }),
    ...whoAndWhen('changed'),
  },
  (t) => [
    index('shipment_units_outbound').on(t.outboundId),
    uniqueIndex('shipment_units_parcel').on(t.outboundId, t.parcelId),
    uniqueIndex('shipment_units_box').on(t.outboundId, t.boxId),
    check('shipment_units_one_unit', sql`(${t.parcelId} is null) <> (${t.boxId} is null)`),
    check('shipment_units_state', sql`${t.state} in (${literalList(SHIPMENT_UNIT_STATES)})`),
  ],
);
