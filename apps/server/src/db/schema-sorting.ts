import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { whoAndWhen } from './audit-columns.js';
import { cells, users, warehouses } from './schema-base.js';

// Sorting tables (spec part 1 §3 Parcel, Box, Measure; docs/DECISIONS.md "Sorting rules").
// Every lookup by barcode has a unique index; a move touches rows by primary key only.

/**
 * Inbound supplies: the parcels arrive with one; `.69.` acceptance report barcode (part 1 §4).
 * Part 2 §3 "Inbound supply (head)": `number` is its code (IN-0001).
 */
export const inbounds = pgTable(
  'inbounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    /** The sender, answered as `name` by documents/inbound/arrive. */
    senderName: text('sender_name').notNull(),
    acceptanceBarcode: text('acceptance_barcode').notNull().unique(),
    /** Every parcel of the supply has been received (moved at least once). */
    isReceipted: boolean('is_receipted').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /**
     * Part 2 §4 stored state: 1 expected, 5 arrived (the `.69.` scan), 4 stickering, 3
     * accepted (closed). 2 (sorting) is derived from a received parcel of an arrived supply,
     * so the sorting move writes nothing for it (docs/DECISIONS.md "Inbound supplies and
     * outbound shipments").
     */
    state: integer('state').notNull().default(1),
    documentNumber: text('document_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    needsStickering: boolean('needs_stickering').notNull().default(false),
    isStickeringDisabled: boolean('is_stickering_disabled').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('inbounds_warehouse_created').on(t.warehouseId, t.createdAt),
    // The list's groups filter the stored state (2 is stored as 5) before the derived one.
    index('inbounds_warehouse_state_created').on(t.warehouseId, t.state, t.createdAt),
    check('inbounds_state', sql`${t.state} between 1 and 5`),
  ],
);

/**
 * Sorting boxes. A cell holds at most one open box (partial unique index); a closed box may
 * stay in its cell until it is moved on. Its parcels are counted
 * through the parcels_box index, never kept in a counter another move would have to lock.
 */
export const boxes = pgTable(
  'boxes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    barcode: text('barcode').notNull().unique(),
    cellId: integer('cell_id').references(() => cells.id, { onDelete: 'set null' }),
    sortingKey: text('sorting_key'),
    isClosed: boolean('is_closed').notNull().default(false),
    lengthCm: doublePrecision('length_cm'),
    widthCm: doublePrecision('width_cm'),
    heightCm: doublePrecision('height_cm'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('boxes_warehouse_number').on(t.warehouseId, t.number),
    index('boxes_cell').on(t.cellId),
    uniqueIndex('boxes_one_open_per_cell')
      .on(t.cellId)
      .where(sql`${t.cellId} is not null and not ${t.isClosed}`),
    check('boxes_barcode', sql`${t.barcode} like '\\_%'`),
  ],
);

/** Spec part 1 §3 "Parcel (sorting)". `number` is the barcode; measures in cm, weight in g. */
export const parcels = pgTable(
  'parcels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    name: text('name').notNull(),
    sortingKey: text('sorting_key').notNull(),
    sortingName: text('sorting_name').notNull(),
    routeNumber: text('route_number'),
    inboundId: integer('inbound_id').references(() => inbounds.id, { onDelete: 'set null' }),
    boxId: integer('box_id').references(() => boxes.id, { onDelete: 'set null' }),
    isReceipted: boolean('is_receipted').notNull().default(false),
    needsMeasure: boolean('needs_measure').notNull().default(false),
    needsWeight: boolean('needs_weight').notNull().default(false),
    needsSticker: boolean('needs_sticker').notNull().default(false),
    stickerPrintedAt: timestamp('sticker_printed_at', { withTimezone: true }),
    attentionMessage: text('attention_message'),
    isDamaged: boolean('is_damaged').notNull().default(false),
    /**
     * Not found in its cell at a recipient's picking (`lost`, docs/DECISIONS.md
     * "Picking validation"): no longer offered for pick-up; its history says why.
     */
    isLost: boolean('is_lost').notNull().default(false),
    damageComment: text('damage_comment'),
    heightCm: doublePrecision('height_cm'),
    widthCm: doublePrecision('width_cm'),
    lengthCm: doublePrecision('length_cm'),
    weightGrams: integer('weight_grams'),
    clientName: text('client_name'),
    makeName: text('make_name'),
    detailNumber: text('detail_number'),
    detailName: text('detail_name'),
    quantity: integer('quantity').notNull().default(1),
    /** Part 2 §3 inbound detail `properties.orderNumber`: the customer order of the detail. */
    orderNumber: text('order_number'),
    /** Part 2 §4 detail state 4 (Отменена): the sender cancelled the detail. */
    isCancelled: boolean('is_cancelled').notNull().default(false),
    /** Part 2 §4 detail state 3 (Стикерована): its inbound-detail label printed. */
    detailStickeredAt: timestamp('detail_stickered_at', { withTimezone: true }),
    /** Raised by every change; a move refuses when the mover's scan saw an older one. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parcels_box').on(t.boxId),
    index('parcels_inbound').on(t.inboundId),
    check('parcels_weight', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
  ],
);

/**
 * The parcel version each user last saw by scanning it: a move by that user is refused
 * (stateChanged) when another worker changed the parcel since (docs/DECISIONS.md "Sorting rules").
 */
export const parcelViews = pgTable(
  'parcel_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.parcelId] })],
);

/** Spec part 2 §3 "Dimension type"; warehouse_code null means common to all warehouses. */
export const dimensionTypes = pgTable('dimension_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  barcode: text('barcode').notNull().unique(),
  length: doublePrecision('length').notNull(),
  width: doublePrecision('width').notNull(),
  height: doublePrecision('height').notNull(),
  warehouseCode: text('warehouse_code'),
});

/** Spec part 1 §3 "Returnable box": containers of ContainerAccounting. */
export const returnableBoxes = pgTable(
  'returnable_boxes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    barcode: text('barcode').notNull().unique(),
    lengthCm: doublePrecision('length_cm').notNull(),
    widthCm: doublePrecision('width_cm').notNull(),
    heightCm: doublePrecision('height_cm').notNull(),
    externalBarcode: text('external_barcode'),
    locationCode: text('location_code'),
    locationName: text('location_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Removed from the registry (DELETE containerAccounting). The row stays so that its number
     * and barcode are never given out again (docs/DECISIONS.md "Returnable boxes").
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [unique('returnable_boxes_warehouse_number').on(t.warehouseId, t.number)],
);

/**
 * Which unit barcodes (parcel, box, container) an event concerns: the vision history of a
 * unit is one indexed lookup here joined to events.
 */
export const eventUnits = pgTable(
  'event_units',
  {
    barcode: text('barcode').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.barcode, t.eventId] })],
);

/**
 * Consolidations (docs/DECISIONS.md "Deconsolidation"): a box gathered in a cell for one
 * destination. The consolidation workflow (guided workflows, part 1) writes them and sets
 * completed_at; until then the demo seed does. Deconsolidation (spec part 2 §1) removes the
 * record: removed_at/removed_by, the row stays as history. One active record per cell and box.
 */
export const consolidations = pgTable(
  'consolidations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    cellId: integer('cell_id')
      .notNull()
      .references(() => cells.id, { onDelete: 'cascade' }),
    boxId: integer('box_id')
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    destinationKey: text('destination_key').notNull(),
    destinationName: text('destination_name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...whoAndWhen('removed'),
  },
  (t) => [
    uniqueIndex('consolidations_active_cell')
      .on(t.cellId)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('consolidations_active_box')
      .on(t.boxId)
      .where(sql`${t.removedAt} is null`),
  ],
);
