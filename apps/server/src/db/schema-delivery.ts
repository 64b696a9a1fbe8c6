import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdWhenAndWho } from './audit-columns.js';
import { literalList } from './literal-list.js';
import { DELIVERY_STATES } from '@sorting/contracts';
import { warehouses } from './schema-base.js';
import { pickings } from './schema-picking.js';

// Delivery to a recipient (spec part 2 §3 "Delivery", "Delivery item"; §4 tariff rule; issue
// 19, docs/DECISIONS.md "Delivery to a recipient"): the tariffs of warehouse pairs, the
// deliveries of pickings and their packages. Money in kopecks, sides in cm, weight in grams.

/** A tariff of a pair of warehouse codes (reference data, the same for every tenant). */
export const deliveryTariffs = pgTable(
  'delivery_tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseCodeFrom: text('warehouse_code_from').notNull(),
    warehouseCodeTo: text('warehouse_code_to').notNull(),
    tariffCode: text('tariff_code').notNull(),
    name: text('name').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    unique('delivery_tariffs_pair_code').on(t.warehouseCodeFrom, t.warehouseCodeTo, t.tariffCode),
    check('delivery_tariffs_price', sql`${t.priceKopecks} >= 0`),
    check('delivery_tariffs_days', sql`${t.days} >= 0`),
  ],
);

/** Spec part 2 §3 "Delivery": one live delivery per picking (externalCode = picking id). */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    pickingId: integer('picking_id')
      .notNull()
      .references(() => pickings.id, { onDelete: 'cascade' }),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('CREATED'),
    warehouseCodeFrom: text('warehouse_code_from').notNull(),
    warehouseCodeTo: text('warehouse_code_to').notNull(),
    addressFrom: text('address_from').notNull(),
    addressTo: text('address_to').notNull(),
    sendDate: date('send_date', { mode: 'string' }).notNull(),
    recipientCode: text('recipient_code').notNull(),
    recipientName: text('recipient_name').notNull(),
    ...createdWhenAndWho(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_one_live_per_picking')
      .on(t.pickingId)
      .where(sql`${t.state} <> 'CANCELLED'`),
    index('deliveries_warehouse').on(t.warehouseId),
    check('deliveries_state', sql`${t.state} in (${literalList(DELIVERY_STATES)})`),
  ],
);

/** Spec part 2 §3 "Delivery item": a package, measured before the delivery is finished. */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    positionNumber: integer('position_number').notNull(),
    barcode: text('barcode').notNull(),
    description: text('description').notNull(),
    heightCm: doublePrecision('height_cm'),
    widthCm: doublePrecision('width_cm'),
    lengthCm: doublePrecision('length_cm'),
    weightGrams: integer('weight_grams'),
    measuredAt: timestamp('measured_at', { withTimezone: true }),
  },
  (t) => [
    unique('delivery_items_position').on(t.deliveryId, t.positionNumber),
    unique('delivery_items_barcode').on(t.barcode),
    check('delivery_items_position_range', sql`${t.positionNumber} between 1 and 99`),
  ],
);
