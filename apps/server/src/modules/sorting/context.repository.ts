import { and, asc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { cells, warehouses, zones } from '../../db/schema.js';

/** LastBoxNumber is the largest number of the warehouse's boxes (one index lookup). */
const warehouseColumns = {
  ...getTableColumns(warehouses),
  // Spelled out: drizzle leaves the columns of the selected table unqualified, and an
  // unqualified "id" inside the subquery would be the box's.
  lastBoxNumber:
    sql<number>`coalesce((select max(b.number) from boxes b where b.warehouse_id = "warehouses"."id"), 0)`.mapWith(
      Number,
    ),
};

export type WarehouseRow = typeof warehouses.$inferSelect & { lastBoxNumber: number };

/** A zone with its barcode, for the zone list of the sorting entry. */
export interface ZoneListRow {
  id: number;
  number: number;
  name: string;
  type: (typeof zones.$inferSelect)['type'];
  barcode: string;
}

export interface ZoneRow {
  id: number;
  warehouseId: number;
  number: number;
  name: string;
  type: (typeof zones.$inferSelect)['type'];
}

const zoneColumns = {
  id: zones.id,
  warehouseId: zones.warehouseId,
  number: zones.number,
  name: zones.name,
  type: zones.type,
};

/** SQL of the sorting context: warehouses and zones. */
export function createContextRepository(db: Db) {
  return {
    async findWarehouseById(id: number): Promise<WarehouseRow | null> {
      const rows = await db
        .select(warehouseColumns)
        .from(warehouses)
        .where(eq(warehouses.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findZoneByBarcode(warehouseId: number, barcode: string): Promise<ZoneRow | null> {
      const rows = await db
        .select(zoneColumns)
        .from(zones)
        .where(and(eq(zones.warehouseId, warehouseId), eq(zones.barcode, barcode)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The zone of a cell barcode, within a warehouse. */
    async findZoneByCellBarcode(warehouseId: number, barcode: string): Promise<ZoneRow | null> {
      const rows = await db
        .select(zoneColumns)
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .where(and(eq(cells.warehouseId, warehouseId), eq(cells.barcode, barcode)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findZoneByNumber(warehouseId: number, number: number): Promise<ZoneRow | null> {
      const rows = await db
        .select(zoneColumns)
        .from(zones)
        .where(and(eq(zones.warehouseId, warehouseId), eq(zones.number, number)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The warehouses of a sorting centre and/or one warehouse by number, by number: what a
     * user may use (modules/auth/authorise.ts) expressed as SQL.
     */
    async listWarehousesOf(scope: {
      sortingCenterId: number | null;
      number: number | null;
    }): Promise<WarehouseRow[]> {
      const conditions: SQL[] = [];
      if (scope.sortingCenterId !== null)
        conditions.push(eq(warehouses.sortingCenterId, scope.sortingCenterId));
      if (scope.number !== null) conditions.push(eq(warehouses.number, scope.number));
      if (conditions.length === 0) return [];
      return db
        .select(warehouseColumns)
        .from(warehouses)
        .where(or(...conditions))
        .orderBy(asc(warehouses.number));
    },

    async listZones(warehouseId: number): Promise<ZoneListRow[]> {
      return db
        .select({
          id: zones.id,
          number: zones.number,
          name: zones.name,
          type: zones.type,
          barcode: zones.barcode,
        })
        .from(zones)
        .where(eq(zones.warehouseId, warehouseId))
        .orderBy(asc(zones.number));
    },
  };
}

export type ContextRepository = ReturnType<typeof createContextRepository>;
