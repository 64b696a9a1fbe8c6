import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { literalList } from './literal-list.js';
import { warehouses } from './schema-base.js';
import { inbounds } from './schema-sorting.js';

// Inbound and outbound documents (spec part 2 §3 "Inbound supply", "Outbound shipment";
// docs/DECISIONS.md "Inbound supplies and outbound shipments"). The supplies themselves are
// sorting's `inbounds`, their details sorting's `parcels`.

/**
 * The documents of a supply: its papers (`properties.documents`: waybill, invoice) and its
 * receipt place document (kind `receipt-place`, at most one), made when a supply needing
 * stickering arrives; the stickering page opens by its id.
 */
export const inboundDocuments = pgTable(
  'inbound_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inboundId: integer('inbound_id')
      .notNull()
      .references(() => inbounds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbound_documents_inbound').on(t.inboundId),
    uniqueIndex('inbound_documents_one_receipt_place')
      .on(t.inboundId)
      .where(sql`${t.kind} = 'receipt-place'`),
  ],
);

/** A shipment's kind (ours): what its picking takes. */
export const OUTBOUND_KINDS = ['parcels', 'transit'] as const;

/** A document of a shipment as `documents` answers it: `{documentId, kind, number}`. */
export interface OutboundDocument {
  documentId: number;
  kind: string;
  number: string;
}

/**
 * Outbound shipments (part 2 §3). `state`: ours, 1 Формируется, 2 Готова, 3 Отгружена.
 * `syncKey`: the integration code of the client's system; syncstate clears it.
 */
export const outbounds = pgTable(
  'outbounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    clientName: text('client_name').notNull(),
    state: integer('state').notNull().default(1),
    /**
     * Ours (docs/DECISIONS.md "Guided workflows", shipment kind): `parcels` takes parcels out
     * of their boxes, `transit` moves whole boxes.
     */
    kind: text('kind', { enum: OUTBOUND_KINDS }).notNull().default('parcels'),
    syncKey: text('sync_key'),
    documents: jsonb('documents').$type<OutboundDocument[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbounds_warehouse_created').on(t.warehouseId, t.createdAt),
    check('outbounds_state', sql`${t.state} between 1 and 3`),
    check('outbounds_kind', sql`${t.kind} in (${literalList(OUTBOUND_KINDS)})`),
  ],
);

/** Part 2 §3 "Outbound detail". */
export const outboundDetails = pgTable(
  'outbound_details',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outboundId: integer('outbound_id')
      .notNull()
      .references(() => outbounds.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number'),
    name: text('name').notNull(),
    boxName: text('box_name'),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('outbound_details_outbound').on(t.outboundId)],
);
