import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { literalList } from './literal-list.js';
import { RETURN_PHOTO_TYPES, RETURN_REASON_CODES } from '@sorting/contracts';
import { users, warehouses } from './schema-base.js';

// Customer returns (spec part 1 §3 "Return item", "Return payload"; docs/DECISIONS.md
// "Returns"). What was shipped is kept apart from what came back: the quantity still
// returnable is shipped − returned, reckoned under a lock on the shipped item's row.

/** A shipped parcel (an order sent to a customer); returns are accepted against it. */
export const shippedOrders = pgTable('shipped_orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  parcelBarcode: text('parcel_barcode').notNull().unique(),
  /** The warehouse the parcel was shipped from: its returns are recorded there. */
  shipmentWarehouseId: integer('shipment_warehouse_id')
    .notNull()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
  currencyPostfix: text('currency_postfix').notNull().default('₽'),
});

/** One item of a shipped parcel (spec part 1 §3 "Return item"); prices in kopecks. */
export const shippedItems = pgTable(
  'shipped_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shippedOrders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    article: text('article').notNull(),
    brand: text('brand').notNull(),
    name: text('name').notNull(),
    quantityShipped: integer('quantity_shipped').notNull(),
    unitPriceKopecks: bigint('unit_price_kopecks', { mode: 'number' }).notNull(),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Reasons shown but not selectable for this item (disableCode 2). */
    disabledReasons: text('disabled_reasons', { enum: RETURN_REASON_CODES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    unique('shipped_items_order_code').on(t.orderId, t.code),
    check('shipped_items_quantity', sql`${t.quantityShipped} > 0`),
    check('shipped_items_price', sql`${t.unitPriceKopecks} >= 0`),
    check(
      'shipped_items_disabled_reasons',
      sql`${t.disabledReasons} <@ array[${literalList(RETURN_REASON_CODES)}]::text[]`,
    ),
  ],
);

/** An accepted return: one `return2` call. */
export const acceptedReturns = pgTable(
  'accepted_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    /** The X-Operation-Id it was accepted under, when the client sent one. */
    operationId: text('operation_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('accepted_returns_accepted_at').on(t.acceptedAt)],
);

/** One line of an accepted return; return_cost is what the server reckoned (rubles). */
export const returnLines = pgTable(
  'return_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => acceptedReturns.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => shippedItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reasonCode: text('reason_code', { enum: RETURN_REASON_CODES }).notNull(),
    reasonComment: text('reason_comment').notNull().default(''),
    comment: text('comment').notNull().default(''),
    returnCostKopecks: bigint('return_cost_kopecks', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('return_lines_return').on(t.returnId),
    index('return_lines_item').on(t.itemId),
    check('return_lines_quantity', sql`${t.quantity} > 0`),
    check('return_lines_reason', sql`${t.reasonCode} in (${literalList(RETURN_REASON_CODES)})`),
  ],
);

/**
 * A photo of a return. Uploaded before the return is accepted (return_line_id null), then
 * bound to its line; an unbound photo older than a day is swept. The bytes live in the photo
 * store (folder or S3) under storage_key, never in the database.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: uuid('id').primaryKey(),
    barcode: text('barcode').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: RETURN_PHOTO_TYPES }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    returnLineId: integer('return_line_id').references(() => returnLines.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('return_photos_barcode_unbound')
      .on(t.barcode)
      .where(sql`${t.returnLineId} is null`),
    index('return_photos_unbound_uploaded_at')
      .on(t.uploadedAt)
      .where(sql`${t.returnLineId} is null`),
    index('return_photos_line').on(t.returnLineId),
    check('return_photos_type', sql`${t.contentType} in (${literalList(RETURN_PHOTO_TYPES)})`),
    check('return_photos_size', sql`${t.size} > 0`),
  ],
);
