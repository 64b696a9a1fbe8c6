import { inArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { parcels, users } from './schema.js';
import { pickingClients, pickingItems, pickingParcels, pickings } from './schema-picking.js';
import { pickingClientPincodes } from './schema-picking-validation.js';

export type NewPickingClient = typeof pickingClients.$inferInsert;
export type NewPickingParcel = typeof pickingParcels.$inferInsert;

/** SQL of the recipient picking demo seed (demo-picking-data.ts); existing rows are kept. */
export function createSeedPickingRepository(db: Db) {
  return {
    /** Inserts the clients that are new; answers their ids by warehouse id and code. */
    async insertClients(rows: NewPickingClient[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await db
        .insert(pickingClients)
        .values(rows)
        .onConflictDoNothing()
        .returning({
          id: pickingClients.id,
          warehouseId: pickingClients.warehouseId,
          code: pickingClients.code,
        });
      return new Map(inserted.map((row) => [`${row.warehouseId}:${row.code}`, row.id]));
    },

    async findParcelIds(numbers: string[]): Promise<Map<string, number>> {
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: parcels.id, number: parcels.number })
        .from(parcels)
        .where(inArray(parcels.number, numbers));
      return new Map(rows.map((row) => [row.number, row.id]));
    },

    async findUserIds(numbers: number[]): Promise<Map<number, number>> {
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, number: users.number })
        .from(users)
        .where(inArray(users.number, numbers));
      return new Map(rows.map((row) => [row.number, row.id]));
    },

    /** The recipients' pincode hashes (a client that has one keeps it). */
    async insertPincodes(rows: { clientId: number; pincodeHash: string }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(pickingClientPincodes).values(rows).onConflictDoNothing();
    },

    async insertParcels(rows: NewPickingParcel[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(pickingParcels).values(rows).onConflictDoNothing();
    },

    /** An open picking of a client by a user, with a WAITING item per parcel given. */
    async insertOpenPicking(input: {
      warehouseId: number;
      clientId: number;
      userId: number;
      begunAt: Date;
      parcelIds: number[];
    }): Promise<void> {
      const [row] = await db
        .insert(pickings)
        .values({
          warehouseId: input.warehouseId,
          clientId: input.clientId,
          userId: input.userId,
          begunAt: input.begunAt,
        })
        .returning({ id: pickings.id });
      if (!row) throw new Error('picking insert returned nothing');
      if (input.parcelIds.length === 0) return;
      await db
        .insert(pickingItems)
        .values(input.parcelIds.map((parcelId) => ({ pickingId: row.id, parcelId })))
        .onConflictDoNothing();
    },
  };
}
