import { inArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { contragents, documentContragents, documents } from './schema-documents-flow.js';

/** SQL of the document flow demo seed; a document whose centre and number exist is skipped. */
export function createSeedDocumentsRepository(db: Db) {
  return {
    async insertContragents(rows: (typeof contragents.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(contragents).values(rows).onConflictDoNothing();
    },

    /** Contragent ids by name. */
    async findContragentIds(names: string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      const rows = await db
        .select({ id: contragents.id, name: contragents.name })
        .from(contragents)
        .where(inArray(contragents.name, names));
      return new Map(rows.map((row) => [row.name, row.id]));
    },

    /** Inserts the documents that are new, in order; answers their ids by `centre/number`. */
    async insertDocuments(rows: (typeof documents.$inferInsert)[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await db.insert(documents).values(rows).onConflictDoNothing().returning({
        id: documents.id,
        sortingCenterId: documents.sortingCenterId,
        number: documents.number,
      });
      return new Map(inserted.map((row) => [`${row.sortingCenterId}/${row.number}`, row.id]));
    },

    async insertDocumentContragents(
      rows: (typeof documentContragents.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await db.insert(documentContragents).values(rows);
    },
  };
}
