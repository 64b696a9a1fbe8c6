import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { onFirstUse } from '../../db/first-use.js';
import { cells, parcelViews, parcels, warehouses, zones } from '../../db/schema.js';
import { createSortingRepository, type SortingRepository } from './sorting.repository.js';
import {
  type WarehouseScopeRow,
  type ZoneRow,
  type CellRow,
  type ParcelView,
  warehouseScopeColumns,
  cellColumns,
  parcelViewQuery,
  zoneColumns,
  scanContextQuery,
  type ScanContext,
  toScanContext,
} from './sorting-rows.js';

/**
 * The reads of every scan (parcels/scan, cells/suggest, cells/search), built once per
 * process on its database instead of on each call: the SQL text and its field map are made
 * at first use, and PostgreSQL keeps each as a named prepared statement per connection. Building
 * drizzle's SQL on each call was a third of the server's CPU in the write bench
 * (docs/PERFORMANCE.md "Prepared statements"). Same rows as createSortingRepository's.
 * Only for the process's database: a prepared statement runs on the pool, never inside a
 * transaction.
 */
export function createPreparedSortingReads(db: Db) {
  const warehouseById = onFirstUse(() =>
    db
      .select(warehouseScopeColumns)
      .from(warehouses)
      .where(eq(warehouses.id, sql.placeholder('id')))
      .limit(1)
      .prepare('sorting_warehouse_by_id'),
  );
  const zoneById = onFirstUse(() =>
    db
      .select(zoneColumns)
      .from(zones)
      .where(eq(zones.id, sql.placeholder('id')))
      .limit(1)
      .prepare('sorting_zone_by_id'),
  );
  const parcelByNumber = onFirstUse(() =>
    parcelViewQuery(db, eq(parcels.number, sql.placeholder('number'))).prepare(
      'sorting_parcel_by_number',
    ),
  );
  const parcelById = onFirstUse(() =>
    parcelViewQuery(db, eq(parcels.id, sql.placeholder('id'))).prepare('sorting_parcel_by_id'),
  );
  const scanContextByNumber = onFirstUse(() =>
    scanContextQuery(db, eq(parcels.number, sql.placeholder('parcelNumber'))).prepare(
      'sorting_scan_context_by_number',
    ),
  );
  const scanContextById = onFirstUse(() =>
    scanContextQuery(db, eq(parcels.id, sql.placeholder('parcelId'))).prepare(
      'sorting_scan_context_by_id',
    ),
  );
  const cellByBarcode = onFirstUse(() =>
    db
      .select(cellColumns)
      .from(cells)
      .innerJoin(zones, eq(zones.id, cells.zoneId))
      .where(eq(cells.barcode, sql.placeholder('barcode')))
      .limit(1)
      .prepare('sorting_cell_by_barcode'),
  );
  const parcelView = onFirstUse(() =>
    db
      .insert(parcelViews)
      .values({
        userId: sql.placeholder('userId'),
        parcelId: sql.placeholder('parcelId'),
        version: sql.placeholder('version'),
      })
      .onConflictDoUpdate({
        target: [parcelViews.userId, parcelViews.parcelId],
        set: { version: sql`excluded.version` },
      })
      .prepare('sorting_remember_parcel_view'),
  );

  return {
    async findWarehouseById(id: number): Promise<WarehouseScopeRow | null> {
      return (await warehouseById().execute({ id }))[0] ?? null;
    },
    async findZone(id: number): Promise<ZoneRow | null> {
      return (await zoneById().execute({ id }))[0] ?? null;
    },
    async findParcelByNumber(number: string): Promise<ParcelView | null> {
      return (await parcelByNumber().execute({ number }))[0] ?? null;
    },
    async findParcelById(id: number): Promise<ParcelView | null> {
      return (await parcelById().execute({ id }))[0] ?? null;
    },
    async findCellByBarcode(barcode: string): Promise<CellRow | null> {
      return (await cellByBarcode().execute({ barcode }))[0] ?? null;
    },
    /**
     * The warehouse, the zone (when asked) and the parcel (by number or id, when asked) of a
     * scan in one round trip instead of three.
     */
    async findScanContext(ask: {
      warehouseId: number;
      zoneId: number | null;
      parcel: { number: string } | { id: number } | null;
    }): Promise<ScanContext> {
      const { warehouseId, zoneId, parcel } = ask;
      const rows =
        parcel !== null && 'id' in parcel
          ? await scanContextById().execute({ warehouseId, zoneId, parcelId: parcel.id })
          : await scanContextByNumber().execute({
              warehouseId,
              zoneId,
              parcelNumber: parcel?.number ?? null,
            });
      return toScanContext(rows[0]);
    },
    async rememberParcelView(userId: number, parcelId: number, version: number): Promise<void> {
      await parcelView().execute({ userId, parcelId, version });
    },
  };
}

/** The repository of the process's database with the scan reads prepared once. */
export function createSortingReader(
  db: Db,
): SortingRepository & ReturnType<typeof createPreparedSortingReads> {
  return { ...createSortingRepository(db), ...createPreparedSortingReads(db) };
}
