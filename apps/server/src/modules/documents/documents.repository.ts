import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { WarehouseAccessRow } from '../../db/warehouse-key.js';
import {
  inboundDocuments,
  outboundDetails,
  outbounds,
  type OutboundDocument,
} from '../../db/schema-documents.js';
import { boxes, inbounds, parcels } from '../../db/schema-sorting.js';
import { createEventRecorder } from '../../db/events.js';
import { pagedSelect } from '../../db/paged-select.js';

// SQL of the inbound and outbound documents (spec part 2 §3, §7; docs/DECISIONS.md "Inbound
// supplies and outbound shipments"). A supply is sorting's `inbounds` row, its details the
// supply's `parcels`; this module reads them and writes only its own columns.

export type DocumentsWarehouseRow = WarehouseAccessRow;

/** A supply's answered state: stored, but an arrived supply with a received parcel sorts (2). */
export const supplyStateSql: SQL<number> = sql<number>`(case when "inbounds"."state" = 5
  and exists (select 1 from parcels as rp where rp.inbound_id = "inbounds"."id" and rp.is_receipted)
  then 2 else "inbounds"."state" end)`;

/** A detail's state (part 2 §4): 4 cancelled, 3 stickered, 2 received, 1 waiting. */
export const detailStateSql: SQL<number> = sql<number>`(case when "parcels"."is_cancelled" then 4
  when "parcels"."detail_stickered_at" is not null then 3
  when "parcels"."is_receipted" then 2 else 1 end)`;

export interface SupplyRow {
  id: number;
  warehouseId: number;
  code: string;
  documentNumber: string | null;
  senderName: string;
  createdAt: Date;
  arrivedAt: Date | null;
  needsStickering: boolean;
  isStickeringDisabled: boolean;
  state: number;
  detailsQuantity: number;
  quantityReceipted: number;
  receiptPlaceDocumentId: number | null;
}

export interface SupplyDetailRow {
  id: number;
  inboundId: number;
  number: string;
  name: string;
  boxName: string | null;
  state: number;
  orderNumber: string | null;
  detailName: string | null;
  makeName: string | null;
  detailNumber: string | null;
  quantity: number;
}

export interface OutboundRow {
  id: number;
  code: string;
  name: string;
  clientName: string;
  state: number;
  syncKey: string | null;
  documents: OutboundDocument[];
  createdAt: Date;
  detailsQuantity: number;
}

export interface HeadsFilter {
  warehouseId: number;
  states: readonly number[];
  search: string;
  begin: Date | null;
  end: Date | null;
  limit: number;
  offset: number;
  /** The supply of the parcel whose barcode is the search text exactly, else null. */
  parcelSupplyId: number | null;
}

/** The stored states whose supplies may answer `states` (a derived 2 is stored as 5). */
function storedStatesOf(states: readonly number[]): number[] {
  return [...new Set(states.flatMap((state) => (state === 2 ? [2, 5] : [state])))];
}

/** `%text%` for ILIKE with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const supplyColumns = {
  id: inbounds.id,
  warehouseId: inbounds.warehouseId,
  code: inbounds.number,
  documentNumber: inbounds.documentNumber,
  senderName: inbounds.senderName,
  createdAt: inbounds.createdAt,
  arrivedAt: inbounds.arrivedAt,
  needsStickering: inbounds.needsStickering,
  isStickeringDisabled: inbounds.isStickeringDisabled,
  state: supplyStateSql,
  detailsQuantity: sql<number>`(select coalesce(sum(q.quantity), 0)::int from parcels as q
    where q.inbound_id = "inbounds"."id" and not q.is_cancelled)`,
  quantityReceipted: sql<number>`(select coalesce(sum(q.quantity), 0)::int from parcels as q
    where q.inbound_id = "inbounds"."id" and q.is_receipted and not q.is_cancelled)`,
  receiptPlaceDocumentId: sql<number | null>`(select d.id from inbound_documents as d
    where d.inbound_id = "inbounds"."id" and d.kind = 'receipt-place')`,
};

const detailColumns = {
  id: parcels.id,
  inboundId: sql<number>`${parcels.inboundId}`,
  number: parcels.number,
  name: parcels.name,
  boxName: boxes.barcode,
  state: detailStateSql,
  orderNumber: parcels.orderNumber,
  detailName: parcels.detailName,
  makeName: parcels.makeName,
  detailNumber: parcels.detailNumber,
  quantity: parcels.quantity,
};

const outboundColumns = {
  id: outbounds.id,
  code: outbounds.code,
  name: outbounds.name,
  clientName: outbounds.clientName,
  state: outbounds.state,
  syncKey: outbounds.syncKey,
  documents: outbounds.documents,
  createdAt: outbounds.createdAt,
  detailsQuantity: sql<number>`(select coalesce(sum(od.quantity), 0)::int from outbound_details as od
    where od.outbound_id = "outbounds"."id")`,
};

function dateRange(
  column: typeof inbounds.createdAt | typeof outbounds.createdAt,
  filter: { begin: Date | null; end: Date | null },
) {
  return [
    filter.begin === null ? undefined : gte(column, filter.begin),
    filter.end === null ? undefined : lte(column, filter.end),
  ];
}

export function createDocumentsRepository(db: Db) {
  return {
    /** Supplies created in the range by answered state. */
    async countSuppliesByState(filter: Pick<HeadsFilter, 'warehouseId' | 'begin' | 'end'>) {
      const state = sql<number>`${supplyStateSql}`.as('state');
      const rows = await db
        .select({ state, count: sql<number>`count(*)::int` })
        .from(inbounds)
        .where(
          and(
            eq(inbounds.warehouseId, filter.warehouseId),
            ...dateRange(inbounds.createdAt, filter),
          ),
        )
        .groupBy(sql`1`);
      return rows.map((row) => ({ state: Number(row.state), count: Number(row.count) }));
    },

    /** One page of supplies, newest first, and how many match. */
    async listSupplies(filter: HeadsFilter): Promise<{ rows: SupplyRow[]; total: number }> {
      const search = filter.search;
      const condition = and(
        eq(inbounds.warehouseId, filter.warehouseId),
        ...dateRange(inbounds.createdAt, filter),
        filter.states.length === 0
          ? undefined
          : and(
              // The stored states that can answer the asked ones (2 is stored as 5), by index.
              inArray(inbounds.state, storedStatesOf(filter.states)),
              sql`${supplyStateSql} in (${sql.join(
                filter.states.map((state) => sql`${state}`),
                sql`, `,
              )})`,
            ),
        search === ''
          ? undefined
          : filter.parcelSupplyId !== null
            ? // A scanned parcel: its supply only, by the unique barcode's index.
              eq(inbounds.id, filter.parcelSupplyId)
            : or(
                ilike(inbounds.number, containsPattern(search)),
                ilike(inbounds.documentNumber, containsPattern(search)),
                ilike(inbounds.senderName, containsPattern(search)),
              ),
      );
      const { rows, total } = await pagedSelect(db, {
        page: db
          .select(supplyColumns)
          .from(inbounds)
          .where(condition)
          .orderBy(desc(inbounds.createdAt), desc(inbounds.id))
          .limit(filter.limit)
          .offset(filter.offset),
        from: inbounds,
        where: condition,
      });
      return { rows: rows.map((row) => ({ ...row, state: Number(row.state) })), total };
    },

    /** The supply of a parcel by its exact barcode (unique index), or null. */
    async findSupplyIdOfParcel(barcode: string): Promise<number | null> {
      const rows = await db
        .select({ inboundId: parcels.inboundId })
        .from(parcels)
        .where(eq(parcels.number, barcode))
        .limit(1);
      return rows[0]?.inboundId ?? null;
    },

    async findSupply(id: number): Promise<SupplyRow | null> {
      const rows = await db
        .select(supplyColumns)
        .from(inbounds)
        .where(eq(inbounds.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, state: Number(row.state) } : null;
    },

    /** The supply's row locked for a change, with its answered state. */
    async lockSupply(id: number): Promise<SupplyRow | null> {
      const rows = await db
        .select(supplyColumns)
        .from(inbounds)
        .where(eq(inbounds.id, id))
        .for('update', { of: inbounds })
        .limit(1);
      const row = rows[0];
      return row ? { ...row, state: Number(row.state) } : null;
    },

    async setSupplyState(id: number, state: number, closedAt: Date | null): Promise<void> {
      await db
        .update(inbounds)
        .set(closedAt === null ? { state } : { state, closedAt })
        .where(eq(inbounds.id, id));
    },

    async listSupplyDocuments(inboundIds: readonly number[]) {
      if (inboundIds.length === 0) return [];
      return db
        .select({
          id: inboundDocuments.id,
          inboundId: inboundDocuments.inboundId,
          kind: inboundDocuments.kind,
          number: inboundDocuments.number,
        })
        .from(inboundDocuments)
        .where(inArray(inboundDocuments.inboundId, [...inboundIds]))
        .orderBy(asc(inboundDocuments.id));
    },

    async findReceiptPlace(id: number): Promise<{ id: number; inboundId: number } | null> {
      const rows = await db
        .select({ id: inboundDocuments.id, inboundId: inboundDocuments.inboundId })
        .from(inboundDocuments)
        .where(and(eq(inboundDocuments.id, id), eq(inboundDocuments.kind, 'receipt-place')))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The supply's details in id order (the service orders them by part 2 §4). */
    async listSupplyDetails(inboundId: number): Promise<SupplyDetailRow[]> {
      const rows = await db
        .select(detailColumns)
        .from(parcels)
        .leftJoin(boxes, eq(boxes.id, parcels.boxId))
        .where(eq(parcels.inboundId, inboundId))
        .orderBy(asc(parcels.id));
      return rows.map((row) => ({
        ...row,
        state: Number(row.state),
        inboundId: Number(row.inboundId),
      }));
    },

    async findSupplyDetail(id: number): Promise<SupplyDetailRow | null> {
      const rows = await db
        .select(detailColumns)
        .from(parcels)
        .leftJoin(boxes, eq(boxes.id, parcels.boxId))
        .where(and(eq(parcels.id, id), sql`${parcels.inboundId} is not null`))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, state: Number(row.state), inboundId: Number(row.inboundId) } : null;
    },

    /**
     * The detail's label printed: stickered once (the first print's time stays). Only this
     * module's column changes, so a sorting decision is not made stale (no version raised).
     */
    async markDetailStickered(id: number, at: Date): Promise<void> {
      await db
        .update(parcels)
        .set({
          detailStickeredAt: sql`coalesce(${parcels.detailStickeredAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(parcels.id, id));
    },

    async listOutbounds(filter: HeadsFilter): Promise<{ rows: OutboundRow[]; total: number }> {
      const search = filter.search;
      const condition = and(
        eq(outbounds.warehouseId, filter.warehouseId),
        ...dateRange(outbounds.createdAt, filter),
        search === ''
          ? undefined
          : or(
              ilike(outbounds.code, containsPattern(search)),
              ilike(outbounds.name, containsPattern(search)),
              ilike(outbounds.clientName, containsPattern(search)),
            ),
      );
      return pagedSelect(db, {
        page: db
          .select(outboundColumns)
          .from(outbounds)
          .where(condition)
          .orderBy(desc(outbounds.createdAt), desc(outbounds.id))
          .limit(filter.limit)
          .offset(filter.offset),
        from: outbounds,
        where: condition,
      });
    },

    async findOutbound(id: number): Promise<(OutboundRow & { warehouseId: number }) | null> {
      const rows = await db
        .select({ ...outboundColumns, warehouseId: outbounds.warehouseId })
        .from(outbounds)
        .where(eq(outbounds.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The shipments locked for a change, in id order (one lock order for every caller). */
    async lockOutbounds(ids: readonly number[]) {
      return db
        .select({
          id: outbounds.id,
          warehouseId: outbounds.warehouseId,
          code: outbounds.code,
          syncKey: outbounds.syncKey,
        })
        .from(outbounds)
        .where(inArray(outbounds.id, [...ids]))
        .orderBy(asc(outbounds.id))
        .for('update');
    },

    async clearSyncKeys(ids: readonly number[]): Promise<void> {
      await db
        .update(outbounds)
        .set({ syncKey: null })
        .where(inArray(outbounds.id, [...ids]));
    },

    async listOutboundDetails(outboundId: number) {
      return db
        .select({
          id: outboundDetails.id,
          outboundId: outboundDetails.outboundId,
          orderNumber: outboundDetails.orderNumber,
          name: outboundDetails.name,
          boxName: outboundDetails.boxName,
          quantity: outboundDetails.quantity,
        })
        .from(outboundDetails)
        .where(eq(outboundDetails.outboundId, outboundId))
        .orderBy(asc(outboundDetails.id));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
