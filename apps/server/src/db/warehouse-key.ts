import { eq } from 'drizzle-orm';
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

/**
 * The {@link WarehouseAccessRow} of a warehouse number (a caller's default warehouse, a body's
 * `warehouseCode`); null for none.
 */
export async function findWarehouseByNumber(
  db: Db,
  number: number,
): Promise<WarehouseAccessRow | null> {
  const [row] = await db
    .select(warehouseAccessColumns)
    .from(warehouses)
    .where(eq(warehouses.number, number))
    .limit(1);
  return row ?? null;
}

/** What a `{warehouseCode}` path parameter finds: enough to authorise and answer. */
export interface WarehouseKeyRow {
  id: number;
  number: number;
  code: string;
  sortingCenterId: number | null;
}

/**
 * The warehouse of a `{warehouseCode}` path parameter (part 2 §7 deconsolidation and audit): its
 * code (`MSK-SC1`), or its number when the key is digits, as the vision call takes it; null for
 * none (digits past int4 too).
 */
export async function findWarehouseByKey(db: Db, key: string): Promise<WarehouseKeyRow | null> {
  const number = /^\d+$/.test(key) ? toInt4Id(key) : undefined;
  if (number === null) return null;
  const rows = await db
    .select(warehouseKeyColumns)
    .from(warehouses)
    .where(number === undefined ? eq(warehouses.code, key) : eq(warehouses.number, number))
    .limit(1);
  return rows[0] ?? null;
}
