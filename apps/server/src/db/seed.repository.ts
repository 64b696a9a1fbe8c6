import { count, inArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { cells, printerAgents, users, warehouses, workplaces, zones } from './schema.js';

export type NewWarehouse = typeof warehouses.$inferInsert;
export type NewZone = typeof zones.$inferInsert;
export type NewCell = typeof cells.$inferInsert;
export type NewUser = typeof users.$inferInsert;

export interface TopologyCounts {
  warehouses: number;
  zones: number;
  cells: number;
  users: number;
}

/**
 * SQL of the demo seed. Every insert skips rows whose natural key (number, barcode, login)
 * exists, which makes the seed idempotent and safe when two processes seed at once.
 */
export function createSeedRepository(db: Db) {
  return {
    async countRows(): Promise<TopologyCounts> {
      const [w, z, c, u] = await Promise.all([
        db.select({ n: count() }).from(warehouses),
        db.select({ n: count() }).from(zones),
        db.select({ n: count() }).from(cells),
        db.select({ n: count() }).from(users),
      ]);
      return {
        warehouses: w[0]?.n ?? 0,
        zones: z[0]?.n ?? 0,
        cells: c[0]?.n ?? 0,
        users: u[0]?.n ?? 0,
      };
    },

    async insertWarehouses(rows: NewWarehouse[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(warehouses)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: warehouses.id });
      return inserted.length;
    },

    async findWarehouseIds(numbers: number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: warehouses.id, number: warehouses.number })
        .from(warehouses)
        .where(inArray(warehouses.number, numbers));
      return new Map(rows.map((row) => [row.number, row.id]));
    },

    async insertZones(rows: NewZone[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(zones)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: zones.id });
      return inserted.length;
    },

    /** Zone ids by barcode. */
    async findZoneIds(barcodes: string[]): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: zones.id, barcode: zones.barcode })
        .from(zones)
        .where(inArray(zones.barcode, barcodes));
      return new Map(rows.map((row) => [row.barcode, row.id]));
    },

    async insertCells(rows: NewCell[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(cells)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: cells.id });
      return inserted.length;
    },

    async findUserNumbers(numbers: number[]): Promise<Set<number>> {
      const rows = await db
        .select({ number: users.number })
        .from(users)
        .where(inArray(users.number, numbers));
      return new Set(rows.map((row) => row.number));
    },

    /** Inserts the agents whose app id is not registered yet; returns how many. */
    async insertPrinterAgents(
      rows: { appId: string; name: string; keyHash: string }[],
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(printerAgents)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: printerAgents.id });
      return inserted.length;
    },

    async insertWorkplaces(
      rows: { cellBarcode: string; name: string; sortingCenterId: number }[],
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(workplaces)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: workplaces.id });
      return inserted.length;
    },

    async insertUsers(rows: NewUser[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(users)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: users.id });
      return inserted.length;
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
