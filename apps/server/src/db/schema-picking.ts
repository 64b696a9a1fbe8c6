import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { literalList } from './literal-list.js';
import {
  PICKING_DELIVERY_TYPES,
  PICKING_ITEM_STATES,
  PICKING_MODES,
  PICKING_STATES,
} from '@sorting/contracts';
import { users, warehouses } from './schema-base.js';
import { parcels } from './schema-sorting.js';

// Recipient picking (spec part 1 §3 "Picking client", "Picking item", §4 "Picking";
// docs/DECISIONS.md "Recipient picking"): recipients, which sorted parcels are theirs, the
// pickings and their items. Money in kopecks. The sorting tables are changed only when a
// picking ends (the handed-out parcels leave their boxes).

/** What holds a recipient's parcel away from sorting (the move refuses it). */
export const PICKING_HOLDS = ['PICKED', 'HANDED_OUT'] as const;

/** Spec part 1 §3 "Picking client": a recipient of a warehouse. */
export const pickingClients = pgTable(
  'picking_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    warehouseCodeFrom: text('warehouse_code_from'),
    warehouseCodeTo: text('warehouse_code_to'),
    addressFrom: text('address_from'),
    addressTo: text('address_to'),
    deliveryType: text('delivery_type', { enum: PICKING_DELIVERY_TYPES }).notNull(),
    /** Index 0 none, 1 pincode, 2 attorney (the validation issue checks it at end). */
    validationType: integer('validation_type').notNull().default(0),
    pickingMode: text('picking_mode', { enum: PICKING_MODES }).notNull().default('normal'),
    allowedGateCells: text('allowed_gate_cells')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    balanceKopecks: bigint('balance_kopecks', { mode: 'number' }),
    balanceDebetKopecks: bigint('balance_debet_kopecks', { mode: 'number' }),
    isNeedBalanceCheck: boolean('is_need_balance_check').notNull().default(false),
  },
  (t) => [
    unique('picking_clients_warehouse_code').on(t.warehouseId, t.code),
    index('picking_clients_warehouse_name').on(t.warehouseId, t.name, t.code),
    check(
      'picking_clients_delivery_type',
      sql`${t.deliveryType} in (${literalList(PICKING_DELIVERY_TYPES)})`,
    ),
    check('picking_clients_picking_mode', sql`${t.pickingMode} in (${literalList(PICKING_MODES)})`),
    check('picking_clients_validation_type', sql`${t.validationType} between 0 and 2`),
  ],
);

/**
 * A sorted parcel that is a recipient's: its cash on delivery and storage deadline, whether it
 * lies in the returns area, and what holds it away from sorting: PICKED while an open picking
 * has taken it from its cell, HANDED_OUT once a picking ended with it (the sorting move refuses
 * both, reading this row by its key in its own statements).
 */
export const pickingParcels = pgTable(
  'picking_parcels',
  {
    parcelId: integer('parcel_id')
      .primaryKey()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => pickingClients.id, { onDelete: 'cascade' }),
    cashOnDeliveryKopecks: bigint('cash_on_delivery_kopecks', { mode: 'number' })
      .notNull()
      .default(0),
    storageDeadline: date('storage_deadline', { mode: 'string' }),
    isInReturnArea: boolean('is_in_return_area').notNull().default(false),
    hold: text('hold', { enum: PICKING_HOLDS }),
    handedOutAt: timestamp('handed_out_at', { withTimezone: true }),
    handedOutPickingId: integer('handed_out_picking_id'),
  },
  (t) => [
    index('picking_parcels_client').on(t.clientId),
    check('picking_parcels_cash_on_delivery', sql`${t.cashOnDeliveryKopecks} >= 0`),
    check(
      'picking_parcels_hold',
      sql`${t.hold} is null or ${t.hold} in (${literalList(PICKING_HOLDS)})`,
    ),
  ],
);

/** Spec part 1 §4 "Picking": one visit of a recipient; one OPEN picking per client. */
export const pickings = pgTable(
  'pickings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => pickingClients.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PICKING_STATES }).notNull().default('OPEN'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The `sorting_device` cookie of the device that began it (single picking per device). */
    deviceId: text('device_id'),
    begunAt: timestamp('begun_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by'),
    /** The device's own time of the end (`Timestamp`), beside the server's ended_at. */
    deviceEndedAt: timestamp('device_ended_at', { withTimezone: true }),
    /** The delivery issue links a delivery here. */
    deliveryId: integer('delivery_id'),
  },
  (t) => [
    uniqueIndex('pickings_one_open_per_client')
      .on(t.clientId)
      .where(sql`${t.state} = 'OPEN'`),
    index('pickings_warehouse').on(t.warehouseId),
    check('pickings_state', sql`${t.state} in (${literalList(PICKING_STATES)})`),
  ],
);

/**
 * A picking item's picking and parcel, the item gone with either: its own row and its lost or
 * returned mark (`removedItemKeys`). A function, so each table gets columns of its own.
 */
function itemPickingAndParcel() {
  return {
    pickingId: integer('picking_id')
      .notNull()
      .references(() => pickings.id, { onDelete: 'cascade' }),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
  };
}

/** Spec part 1 §3 "Picking item": a parcel of a picking. */
export const pickingItems = pgTable(
  'picking_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...itemPickingAndParcel(),
    state: text('state', { enum: PICKING_ITEM_STATES }).notNull().default('WAITING'),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    pickedBy: integer('picked_by'),
    /** The device's own time of the pickup (`Timestamp`), beside the server's picked_at. */
    devicePickedAt: timestamp('device_picked_at', { withTimezone: true }),
  },
  (t) => [
    unique('picking_items_picking_parcel').on(t.pickingId, t.parcelId),
    index('picking_items_parcel').on(t.parcelId),
    check('picking_items_state', sql`${t.state} in (${literalList(PICKING_ITEM_STATES)})`),
  ],
);

/**
 * The keys of an item taken off its picking, lost (schema-picking-validation.ts) or returned
 * (schema-picking-payment.ts): one mark per item, gone with the item, its picking or its
 * parcel.
 */
export function removedItemKeys() {
  return {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => pickingItems.id, { onDelete: 'cascade' }),
    ...itemPickingAndParcel(),
  };
}
