import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { returnableBoxes, warehouses } from '../../db/schema.js';

/** SQL of the returnable boxes' registry (ContainerAccounting, boxes/create IsReturnable). */
export function createContainersRepository(db: Db) {
  return {
    /** A returnable box of the registry (a deleted one is not found). */
    async findReturnableBoxByBarcode(barcode: string) {
      const rows = await db
        .select()
        .from(returnableBoxes)
        .where(and(eq(returnableBoxes.barcode, barcode), isNull(returnableBoxes.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A returnable box of the registry, locked for a change (a deleted one is not found). */
    async lockReturnableBox(barcode: string) {
      const rows = await db
        .select()
        .from(returnableBoxes)
        .where(and(eq(returnableBoxes.barcode, barcode), isNull(returnableBoxes.deletedAt)))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    /** The registry of a warehouse: its returnable boxes not deleted, number descending. */
    async listReturnableBoxes(warehouseId: number) {
      return db
        .select()
        .from(returnableBoxes)
        .where(and(eq(returnableBoxes.warehouseId, warehouseId), isNull(returnableBoxes.deletedAt)))
        .orderBy(desc(returnableBoxes.number));
    },

    /** Removes a box from the registry; the row stays so its number is never reused. */
    async deleteReturnableBox(id: number) {
      const rows = await db
        .update(returnableBoxes)
        .set({ deletedAt: sql`now()`, changedAt: sql`now()` })
        .where(eq(returnableBoxes.id, id))
        .returning();
      const row = rows[0];
      if (!row) throw new Error(`returnable box ${id} vanished`);
      return row;
    },

    async moveReturnableBox(
      id: number,
      values: { externalBarcode: string | null; locationCode: string; locationName: string },
    ) {
      const rows = await db
        .update(returnableBoxes)
        .set({ ...values, changedAt: sql`now()` })
        .where(eq(returnableBoxes.id, id))
        .returning();
      const row = rows[0];
      if (!row) throw new Error(`returnable box ${id} vanished`);
      return row;
    },

    /**
     * The next free returnable box number of a warehouse (the caller holds its row lock).
     * Deleted boxes count too: a number once given is never given again.
     */
    async nextReturnableBoxNumber(warehouseId: number): Promise<number> {
      const rows = await db
        .select({ last: sql<number>`coalesce(max(${returnableBoxes.number}), 0)::int` })
        .from(returnableBoxes)
        .where(eq(returnableBoxes.warehouseId, warehouseId));
      return (rows[0]?.last ?? 0) + 1;
    },

    async lockWarehouse(id: number): Promise<void> {
      await db
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(eq(warehouses.id, id))
        .for('update');
    },

    async insertReturnableBoxes(rows: (typeof returnableBoxes.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db.insert(returnableBoxes).values(rows).returning();
    },
  };
}
