import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TReturnPhotoType, TReturnReasonCode } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import {
  acceptedReturns,
  returnLines,
  returnPhotos,
  shippedItems,
  shippedOrders,
  users,
  warehouses,
} from '../../db/schema.js';
import { warehouseAccessColumns, type WarehouseAccessRow } from '../../db/warehouse-key.js';
import { createEventRecorder } from '../../db/events.js';

export type ReturnWarehouseRow = WarehouseAccessRow;

/** A shipped parcel with the warehouse it left from. */
export interface ShippedOrderRow {
  id: number;
  parcelBarcode: string;
  shippedAt: Date;
  currencyPostfix: string;
  warehouse: ReturnWarehouseRow;
}

/** A shipped item with how many of it came back so far. */
export interface ShippedItemRow {
  id: number;
  orderId: number;
  code: string;
  article: string;
  brand: string;
  name: string;
  quantityShipped: number;
  quantityReturned: number;
  unitPriceKopecks: number;
  imageUrls: string[];
  disabledReasons: TReturnReasonCode[];
}

export interface ReturnPhotoRow {
  id: string;
  barcode: string;
  fileName: string;
  contentType: TReturnPhotoType;
  size: number;
  storageKey: string;
  uploadedBy: number;
  uploadedAt: Date;
  returnLineId: number | null;
}

/** One line of an accepted return, flat: the service groups them by return. */
export interface AcceptedLineRow {
  returnId: number;
  acceptedAt: Date;
  userName: string;
  warehouseNumber: number;
  lineId: number;
  code: string;
  barcode: string;
  quantity: number;
  reasonCode: TReturnReasonCode;
  reasonComment: string;
  comment: string;
  returnCostKopecks: number;
}

const orderColumns = {
  id: shippedOrders.id,
  parcelBarcode: shippedOrders.parcelBarcode,
  shippedAt: shippedOrders.shippedAt,
  currencyPostfix: shippedOrders.currencyPostfix,
  warehouse: warehouseAccessColumns,
};

const itemColumns = {
  id: shippedItems.id,
  orderId: shippedItems.orderId,
  code: shippedItems.code,
  article: shippedItems.article,
  brand: shippedItems.brand,
  name: shippedItems.name,
  quantityShipped: shippedItems.quantityShipped,
  unitPriceKopecks: shippedItems.unitPriceKopecks,
  imageUrls: shippedItems.imageUrls,
  disabledReasons: shippedItems.disabledReasons,
};

const photoColumns = {
  id: returnPhotos.id,
  barcode: returnPhotos.barcode,
  fileName: returnPhotos.fileName,
  contentType: returnPhotos.contentType,
  size: returnPhotos.size,
  storageKey: returnPhotos.storageKey,
  uploadedBy: returnPhotos.uploadedBy,
  uploadedAt: returnPhotos.uploadedAt,
  returnLineId: returnPhotos.returnLineId,
};

/** SQL of the Returns calls. */
export function createReturnsRepository(db: Db) {
  /** Units of each item already in accepted returns. */
  async function returnedQuantities(itemIds: number[]): Promise<Map<number, number>> {
    if (itemIds.length === 0) return new Map();
    const rows = await db
      .select({
        itemId: returnLines.itemId,
        returned: sql<number>`sum(${returnLines.quantity})`.mapWith(Number),
      })
      .from(returnLines)
      .where(inArray(returnLines.itemId, itemIds))
      .groupBy(returnLines.itemId);
    return new Map(rows.map((row) => [row.itemId, row.returned]));
  }

  function withReturned(
    rows: Omit<ShippedItemRow, 'quantityReturned'>[],
    returned: Map<number, number>,
  ): ShippedItemRow[] {
    return rows.map((row) => ({ ...row, quantityReturned: returned.get(row.id) ?? 0 }));
  }

  return {
    async findOrders(barcodes: string[]): Promise<ShippedOrderRow[]> {
      if (barcodes.length === 0) return [];
      return db
        .select(orderColumns)
        .from(shippedOrders)
        .innerJoin(warehouses, eq(warehouses.id, shippedOrders.shipmentWarehouseId))
        .where(inArray(shippedOrders.parcelBarcode, barcodes));
    },

    /**
     * Locks a parcel's order row: photo uploads of one parcel count and insert one after
     * another, so two at once cannot pass the per-parcel limit together.
     */
    async lockOrder(barcode: string): Promise<void> {
      await db
        .select({ id: shippedOrders.id })
        .from(shippedOrders)
        .where(eq(shippedOrders.parcelBarcode, barcode))
        .for('update');
    },

    /** Items of the orders with what came back so far (no lock: a read for the screen). */
    async listItems(orderIds: number[]): Promise<ShippedItemRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .select(itemColumns)
        .from(shippedItems)
        .where(inArray(shippedItems.orderId, orderIds))
        .orderBy(asc(shippedItems.orderId), asc(shippedItems.id));
      return withReturned(rows, await returnedQuantities(rows.map((row) => row.id)));
    },

    /**
     * The items of the orders, their rows locked FOR UPDATE (in id order, so two returns of
     * overlapping items never deadlock), then what came back so far: a concurrent return of
     * the same item waits here and then sees this one's lines.
     */
    async lockItems(orderIds: number[]): Promise<ShippedItemRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .select(itemColumns)
        .from(shippedItems)
        .where(inArray(shippedItems.orderId, orderIds))
        .orderBy(asc(shippedItems.id))
        .for('update');
      return withReturned(rows, await returnedQuantities(rows.map((row) => row.id)));
    },

    async insertReturn(input: {
      userId: number;
      warehouseId: number;
      operationId: string | null;
      acceptedAt: Date;
    }): Promise<number> {
      const rows = await db
        .insert(acceptedReturns)
        .values(input)
        .returning({ id: acceptedReturns.id });
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('return insert returned nothing');
      return id;
    },

    async insertLine(input: typeof returnLines.$inferInsert): Promise<number> {
      const rows = await db.insert(returnLines).values(input).returning({ id: returnLines.id });
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('return line insert returned nothing');
      return id;
    },

    async bindPhotos(photoIds: string[], returnLineId: number): Promise<void> {
      if (photoIds.length === 0) return;
      await db.update(returnPhotos).set({ returnLineId }).where(inArray(returnPhotos.id, photoIds));
    },

    async countUnboundPhotos(barcode: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(returnPhotos)
        .where(and(eq(returnPhotos.barcode, barcode), isNull(returnPhotos.returnLineId)));
      return rows[0]?.n ?? 0;
    },

    async insertPhoto(row: typeof returnPhotos.$inferInsert): Promise<void> {
      await db.insert(returnPhotos).values(row);
    },

    async findPhoto(id: string): Promise<ReturnPhotoRow | null> {
      const rows = await db.select(photoColumns).from(returnPhotos).where(eq(returnPhotos.id, id));
      return rows[0] ?? null;
    },

    /** The photos, locked: a delete or a sweep of one of them waits for this return. */
    async lockPhotos(ids: string[]): Promise<ReturnPhotoRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(photoColumns)
        .from(returnPhotos)
        .where(inArray(returnPhotos.id, ids))
        .orderBy(asc(returnPhotos.id))
        .for('update');
    },

    async deletePhoto(id: string): Promise<void> {
      await db.delete(returnPhotos).where(eq(returnPhotos.id, id));
    },

    /**
     * Deletes up to `limit` photos never put in an accepted return and uploaded before
     * `before`; answers their storage keys. SKIP LOCKED: several server processes sweep at
     * once without waiting on each other or on a return that is binding one of them.
     */
    async deleteAbandonedPhotos(before: Date, limit: number): Promise<string[]> {
      const candidates = await db
        .select({ id: returnPhotos.id })
        .from(returnPhotos)
        .where(and(isNull(returnPhotos.returnLineId), lt(returnPhotos.uploadedAt, before)))
        .orderBy(asc(returnPhotos.uploadedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (candidates.length === 0) return [];
      const rows = await db
        .delete(returnPhotos)
        .where(
          inArray(
            returnPhotos.id,
            candidates.map((row) => row.id),
          ),
        )
        .returning({ storageKey: returnPhotos.storageKey });
      return rows.map((row) => row.storageKey);
    },

    /** Lines of the accepted returns of a parcel, newest return first. */
    async listAcceptedLines(barcode: string): Promise<AcceptedLineRow[]> {
      return db
        .select({
          returnId: acceptedReturns.id,
          acceptedAt: acceptedReturns.acceptedAt,
          userName: users.name,
          warehouseNumber: warehouses.number,
          lineId: returnLines.id,
          code: shippedItems.code,
          barcode: shippedOrders.parcelBarcode,
          quantity: returnLines.quantity,
          reasonCode: returnLines.reasonCode,
          reasonComment: returnLines.reasonComment,
          comment: returnLines.comment,
          returnCostKopecks: returnLines.returnCostKopecks,
        })
        .from(returnLines)
        .innerJoin(shippedItems, eq(shippedItems.id, returnLines.itemId))
        .innerJoin(shippedOrders, eq(shippedOrders.id, shippedItems.orderId))
        .innerJoin(acceptedReturns, eq(acceptedReturns.id, returnLines.returnId))
        .innerJoin(users, eq(users.id, acceptedReturns.userId))
        .innerJoin(warehouses, eq(warehouses.id, acceptedReturns.warehouseId))
        .where(eq(shippedOrders.parcelBarcode, barcode))
        .orderBy(desc(acceptedReturns.acceptedAt), desc(acceptedReturns.id), asc(returnLines.id));
    },

    async listLinePhotos(lineIds: number[]): Promise<ReturnPhotoRow[]> {
      if (lineIds.length === 0) return [];
      return db
        .select(photoColumns)
        .from(returnPhotos)
        .where(inArray(returnPhotos.returnLineId, lineIds))
        .orderBy(asc(returnPhotos.uploadedAt), asc(returnPhotos.id));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
