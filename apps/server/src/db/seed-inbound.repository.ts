import { inArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { inboundDocuments, outboundDetails, outbounds } from './schema-documents.js';
import { inbounds, parcels } from './schema-sorting.js';

/** SQL of the documents demo seed: rows whose code or barcode exists are skipped. */
export function createSeedInboundRepository(db: Db) {
  return {
    /** Inserts the supplies not there yet; answers the ids of those added, by code. */
    async insertSupplies(rows: (typeof inbounds.$inferInsert)[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const added = await db
        .insert(inbounds)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: inbounds.id, number: inbounds.number });
      return new Map(added.map((row) => [row.number, row.id]));
    },
    async insertDetails(rows: (typeof parcels.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(parcels).values(rows).onConflictDoNothing();
    },
    async insertDocuments(rows: (typeof inboundDocuments.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(inboundDocuments).values(rows).onConflictDoNothing();
    },
    /** Inserts the shipments not there yet; answers the ids of those added, by code. */
    async insertShipments(rows: (typeof outbounds.$inferInsert)[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const added = await db
        .insert(outbounds)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: outbounds.id, code: outbounds.code });
      return new Map(added.map((row) => [row.code, row.id]));
    },
    async insertShipmentDetails(rows: (typeof outboundDetails.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(outboundDetails).values(rows);
    },
    async existingParcels(numbers: string[]): Promise<Set<string>> {
      if (numbers.length === 0) return new Set();
      const rows = await db
        .select({ number: parcels.number })
        .from(parcels)
        .where(inArray(parcels.number, numbers));
      return new Set(rows.map((row) => row.number));
    },
  };
}
