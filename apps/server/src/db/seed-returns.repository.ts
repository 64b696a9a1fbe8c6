import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { acceptedReturns, returnLines, shippedItems, shippedOrders, users } from './schema.js';

export type NewShippedOrder = typeof shippedOrders.$inferInsert;
export type NewShippedItem = typeof shippedItems.$inferInsert;

/** SQL of the returns demo seed; an order whose parcel barcode exists is skipped whole. */
export function createSeedReturnsRepository(db: Db) {
  return {
    /** Inserts the orders that are new; answers their ids by parcel barcode. */
    async insertOrders(rows: NewShippedOrder[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await db
        .insert(shippedOrders)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: shippedOrders.id, parcelBarcode: shippedOrders.parcelBarcode });
      return new Map(inserted.map((row) => [row.parcelBarcode, row.id]));
    },

    async insertItems(rows: NewShippedItem[]) {
      if (rows.length === 0) return [];
      return db
        .insert(shippedItems)
        .values(rows)
        .returning({ id: shippedItems.id, code: shippedItems.code });
    },

    async findUserId(number: number): Promise<number | null> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.number, number));
      return rows[0]?.id ?? null;
    },

    /** An accepted return of whole items (the seeded "already returned" parcels). */
    async insertAcceptedReturn(input: {
      userId: number;
      warehouseId: number;
      acceptedAt: Date;
      lines: Omit<typeof returnLines.$inferInsert, 'returnId'>[];
    }): Promise<void> {
      const rows = await db
        .insert(acceptedReturns)
        .values({
          userId: input.userId,
          warehouseId: input.warehouseId,
          operationId: null,
          acceptedAt: input.acceptedAt,
        })
        .returning({ id: acceptedReturns.id });
      const returnId = rows[0]?.id;
      if (returnId === undefined) throw new Error('return insert returned nothing');
      await db.insert(returnLines).values(input.lines.map((line) => ({ ...line, returnId })));
    },
  };
}
