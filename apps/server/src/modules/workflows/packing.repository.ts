import { and, asc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { dimensionTypes, parcels, shipmentUnits } from '../../db/schema.js';

// SQL of packing (docs/DECISIONS.md "Packing"): an order is the parcels of one `order_number`
// whose shipment units are `picked`; such a parcel in no box is ready to pack. The packages are
// sorting boxes, moved and closed through sorting's door, never here.

/** A picked parcel of an order: where it lies now (null: not packed yet). */
export interface OrderItemRow {
  id: number;
  number: string;
  name: string;
  orderNumber: string;
  boxId: number | null;
}

/** A dimension type a package may take (the warehouse's or a common one). */
export interface PackingDimensionRow {
  barcode: string;
  name: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

const itemColumns = {
  id: parcels.id,
  number: parcels.number,
  name: sql<string>`coalesce(${parcels.detailName}, ${parcels.name})`,
  orderNumber: sql<string>`${parcels.orderNumber}`,
  boxId: parcels.boxId,
};

export function createPackingRepository(db: Db) {
  const picked = exists(
    db
      .select({ one: sql`1` })
      .from(shipmentUnits)
      .where(and(eq(shipmentUnits.parcelId, parcels.id), eq(shipmentUnits.state, 'picked'))),
  );
  return {
    /** The picked parcels of an order in the warehouse, by number. */
    async listOrderItems(warehouseId: number, orderNumber: string): Promise<OrderItemRow[]> {
      return db
        .select(itemColumns)
        .from(parcels)
        .where(
          and(eq(parcels.warehouseId, warehouseId), eq(parcels.orderNumber, orderNumber), picked),
        )
        .orderBy(asc(parcels.number));
    },

    /** The picked parcels of the warehouse not packed yet (their orders are ready to pack). */
    async listReadyItems(warehouseId: number): Promise<OrderItemRow[]> {
      return db
        .select(itemColumns)
        .from(parcels)
        .where(
          and(
            eq(parcels.warehouseId, warehouseId),
            isNotNull(parcels.orderNumber),
            isNull(parcels.boxId),
            picked,
          ),
        )
        .orderBy(asc(parcels.number));
    },

    /** The dimension types of the warehouse (by its code) and the common ones, by name. */
    async listDimensions(warehouseCode: string): Promise<PackingDimensionRow[]> {
      return db
        .select({
          barcode: dimensionTypes.barcode,
          name: dimensionTypes.name,
          lengthCm: dimensionTypes.length,
          widthCm: dimensionTypes.width,
          heightCm: dimensionTypes.height,
        })
        .from(dimensionTypes)
        .where(
          or(isNull(dimensionTypes.warehouseCode), eq(dimensionTypes.warehouseCode, warehouseCode)),
        )
        .orderBy(asc(dimensionTypes.length), asc(dimensionTypes.name));
    },

    /** The parcels given with the orders they belong to (a scanned parcel's order). */
    async ordersOf(parcelIds: readonly number[]): Promise<Map<number, string>> {
      if (parcelIds.length === 0) return new Map();
      const rows = await db
        .select({ id: parcels.id, orderNumber: parcels.orderNumber })
        .from(parcels)
        .where(and(inArray(parcels.id, [...parcelIds]), isNotNull(parcels.orderNumber)));
      return new Map(rows.map((row) => [row.id, row.orderNumber ?? '']));
    },
  };
}

export type PackingRepository = ReturnType<typeof createPackingRepository>;
