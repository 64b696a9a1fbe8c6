import { eq, type SQL } from 'drizzle-orm';
import { toInt4Id } from '@sorting/contracts';
import type { Db } from './database.js';
import { warehouses } from './schema-base.js';

/** What authorisation needs to know of a warehouse (`canUseWarehouse`, lib/authorise.ts). */
export interface WarehouseAccessRow {
  id: number;
  number: number;
  sortingCenterId: number | null;
}

/** The columns of a {@link WarehouseAccessRow}, for a select or a nested object of one. */
export const warehouseAccessColumns = {
  id: warehouses.id,
  number: warehouses.number,
  sortingCenterId: warehouses.sortingCenterId,
};

/** The columns of a {@link WarehouseKeyRow}, which a module may select with more of its own. */
export const warehouseKeyColumns = {
  id: warehouses.id,
  number: warehouses.number,
  code: warehouses.code,
  sortingCenterId: warehouses.sortingCenterId,
};

/** A warehouse's key and scope: what the route hook and its services name it by. */
export interface WarehouseKeyRow {
  id: number;
  number: number;
  code: string;
  sortingCenterId: number | null;
}

/**
 * What the shared route hook hands a service as `call.warehouse` (http/route-warehouse.ts):
 * the key and the settings the services read of it, in one row.
 */
export interface RouteWarehouseRow extends WarehouseKeyRow {
  isSinglePickingPerDevice: boolean;
  disableAutomove: boolean;
}

/** How a route names its warehouse: its id, its number, or a key (code, or digits: number). */
export type RouteWarehouseLookup =
  { by: 'id'; id: number } | { by: 'number'; number: number } | { by: 'key'; key: string };

/**
 * The warehouse a route names (docs/DECISIONS.md "Contract and errors", the warehouse on the
 * route), read once before its handler runs; null for none (digits past int4 too).
 */
export async function findRouteWarehouse(
  db: Db,
  lookup: RouteWarehouseLookup,
): Promise<RouteWarehouseRow | null> {
  let where: SQL;
  if (lookup.by === 'id') where = eq(warehouses.id, lookup.id);
  else if (lookup.by === 'number') where = eq(warehouses.number, lookup.number);
  else {
    const number = /^\d+$/.test(lookup.key) ? toInt4Id(lookup.key) : undefined;
    if (number === null) return null;
    where = number === undefined ? eq(warehouses.code, lookup.key) : eq(warehouses.number, number);
  }
  const [row] = await db
    .select({
      ...warehouseKeyColumns,
      isSinglePickingPerDevice: warehouses.isSinglePickingPerDevice,
      disableAutomove: warehouses.disableAutomove,
    })
    .from(warehouses)
    .where(where)
    .limit(1);
  return row ?? null;
}
