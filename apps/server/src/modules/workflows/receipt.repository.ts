import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { InboundPlaceReason } from '../../db/schema-sorting.js';
import { inboundPlaces, inbounds, parcels, warehouses, workplaces } from '../../db/schema.js';

// SQL of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"): the supplies to receive,
// their places and the stock items of a place's details, and what a receipt records on a place.
// The supply's state moves through sorting's arrival (workflow-door.ts), never here.

/** A supply to receive (state 1 expected, or 5 arrived), with its places counted. */
export interface ReceiptTaskRow {
  id: number;
  code: string;
  senderName: string;
  acceptanceBarcode: string;
  state: number;
  needsStickering: boolean;
  places: number;
  received: number;
}

/** A place of a supply: expected details (their quantities), what the receipt recorded. */
export interface ReceiptPlaceRow {
  id: number;
  barcode: string;
  expected: number;
  receivedCount: number | null;
  reason: string | null;
  hasMeasures: boolean;
  isMissing: boolean;
}

/**
 * A detail of a place as a stock item, with its id (part 1 §3; docs/DECISIONS.md "Guided
 * workflows", part 3 tables).
 */
export interface PlaceStockRow {
  id: number;
  number: string;
  name: string;
  parcelNumber: string;
  parcelName: string;
  maker: string;
  barcodes: string[];
  receiptBarcode: string | null;
  isStickered: boolean;
  count: number;
  isNeedAttention: boolean;
  detailName: string | null;
  detailNumber: string | null;
  makeName: string | null;
  quantity: number;
}

/** What the receipt records on a place. */
export interface PlaceReceipt {
  placeId: number;
  count: number;
  reason: InboundPlaceReason | null;
  measures: { lengthCm: number; widthCm: number; heightCm: number; weightGrams: number } | null;
  userId: number;
  at: Date;
}

const taskColumns = {
  id: inbounds.id,
  code: inbounds.number,
  senderName: inbounds.senderName,
  acceptanceBarcode: inbounds.acceptanceBarcode,
  state: inbounds.state,
  needsStickering: sql<boolean>`(${inbounds.needsStickering} and not ${inbounds.isStickeringDisabled})`,
  places: sql<number>`(select count(*)::int from inbound_places as ip where ip.inbound_id = "inbounds"."id")`,
  received: sql<number>`(select count(*)::int from inbound_places as ip where ip.inbound_id = "inbounds"."id" and ip.received_at is not null)`,
};

/** What a detail's `inbound-detail` label shows (documents' `inboundDetailLabel`). */
const labelColumns = {
  id: parcels.id,
  number: parcels.number,
  name: parcels.name,
  detailName: parcels.detailName,
  detailNumber: parcels.detailNumber,
  makeName: parcels.makeName,
  quantity: parcels.quantity,
};

export function createReceiptRepository(db: Db) {
  return {
    /** The time-tracking workplaces of the warehouse's centre (`=34717-WP-01`). */
    async listWorkplaces(warehouseId: number): Promise<{ barcode: string; name: string }[]> {
      return db
        .select({ barcode: workplaces.cellBarcode, name: workplaces.name })
        .from(workplaces)
        .innerJoin(warehouses, eq(warehouses.number, workplaces.sortingCenterId))
        .where(eq(warehouses.id, warehouseId))
        .orderBy(asc(workplaces.cellBarcode));
    },

    /** The warehouse's supplies in state 1 or 5 that have places, oldest first. */
    async listTasks(warehouseId: number): Promise<ReceiptTaskRow[]> {
      return db
        .select(taskColumns)
        .from(inbounds)
        .where(
          and(
            eq(inbounds.warehouseId, warehouseId),
            inArray(inbounds.state, [1, 5]),
            sql`exists (select 1 from inbound_places as ip where ip.inbound_id = "inbounds"."id")`,
          ),
        )
        .orderBy(asc(inbounds.createdAt), asc(inbounds.id));
    },

    async findTask(inboundId: number): Promise<ReceiptTaskRow | null> {
      const rows = await db.select(taskColumns).from(inbounds).where(eq(inbounds.id, inboundId));
      return rows[0] ?? null;
    },

    /** A supply's places by barcode, with the quantities of their details not cancelled. */
    async listPlaces(inboundId: number): Promise<ReceiptPlaceRow[]> {
      return db
        .select({
          id: inboundPlaces.id,
          barcode: inboundPlaces.barcode,
          expected: sql<number>`(select coalesce(sum(p.quantity), 0)::int from parcels as p where p.inbound_place_id = "inbound_places"."id" and not p.is_cancelled)`,
          receivedCount: inboundPlaces.receivedCount,
          reason: inboundPlaces.reason,
          hasMeasures: sql<boolean>`(${inboundPlaces.weightGrams} is not null and ${inboundPlaces.lengthCm} is not null)`,
          isMissing: inboundPlaces.isMissing,
        })
        .from(inboundPlaces)
        .where(eq(inboundPlaces.inboundId, inboundId))
        .orderBy(asc(inboundPlaces.barcode));
    },

    /** The place's details (not cancelled) as stock items, by number. */
    async listPlaceStock(placeId: number): Promise<PlaceStockRow[]> {
      const rows = await db
        .select({
          ...labelColumns,
          receiptBarcode: parcels.receiptBarcode,
          isStickered: sql<boolean>`(${parcels.detailStickeredAt} is not null)`,
          isNeedAttention: sql<boolean>`(${parcels.attentionMessage} is not null)`,
          barcodes: sql<
            string[]
          >`coalesce((select array_agg(pb.barcode order by pb.barcode) from parcel_barcodes as pb where pb.parcel_id = "parcels"."id"), '{}')`,
        })
        .from(parcels)
        .where(and(eq(parcels.inboundPlaceId, placeId), eq(parcels.isCancelled, false)))
        .orderBy(asc(parcels.number));
      return rows.map((row) => ({
        ...row,
        parcelNumber: row.detailNumber ?? '',
        parcelName: row.detailName ?? row.name,
        maker: row.makeName ?? '',
        count: row.quantity,
      }));
    },

    /** Supply details by id, with what their `inbound-detail` label shows. */
    async findDetails(ids: number[]) {
      return db
        .select(labelColumns)
        .from(parcels)
        .where(and(inArray(parcels.id, ids), sql`${parcels.inboundId} is not null`));
    },

    /** The place received, once: false when it was received meanwhile (nothing written). */
    async recordPlaceReceipt(receipt: PlaceReceipt): Promise<boolean> {
      const rows = await db
        .update(inboundPlaces)
        .set({
          receivedCount: receipt.count,
          reason: receipt.reason,
          ...(receipt.measures ?? {}),
          isMissing: false,
          receivedBy: receipt.userId,
          receivedAt: receipt.at,
        })
        .where(and(eq(inboundPlaces.id, receipt.placeId), isNull(inboundPlaces.receivedAt)))
        .returning({ id: inboundPlaces.id });
      return rows.length === 1;
    },

    /** The receipt closed: the supply's places not received are recorded missing. */
    async markPlacesMissing(inboundId: number): Promise<number> {
      const rows = await db
        .update(inboundPlaces)
        .set({ isMissing: true })
        .where(
          and(
            eq(inboundPlaces.inboundId, inboundId),
            isNull(inboundPlaces.receivedAt),
            eq(inboundPlaces.isMissing, false),
          ),
        )
        .returning({ id: inboundPlaces.id });
      return rows.length;
    },
  };
}

export type ReceiptRepository = ReturnType<typeof createReceiptRepository>;
