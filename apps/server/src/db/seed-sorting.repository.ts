import { inArray, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { cells } from './schema.js';
import {
  boxes,
  consolidations,
  dimensionTypes,
  inbounds,
  parcels,
  returnableBoxes,
} from './schema-sorting.js';

export type NewInbound = typeof inbounds.$inferInsert;
export type NewBox = typeof boxes.$inferInsert;
export type NewParcel = typeof parcels.$inferInsert;
export type NewDimensionType = typeof dimensionTypes.$inferInsert;
export type NewReturnableBox = typeof returnableBoxes.$inferInsert;
export type NewConsolidation = typeof consolidations.$inferInsert;

/** SQL of the sorting demo seed; every insert skips rows whose barcode or number exists. */
export function createSeedSortingRepository(db: Db) {
  async function insertIgnoring<T>(
    table:
      | typeof inbounds
      | typeof boxes
      | typeof parcels
      | typeof dimensionTypes
      | typeof returnableBoxes,
    rows: T[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await db
      .insert(table)
      .values(rows as never)
      .onConflictDoNothing()
      .returning({ id: table.id });
    return inserted.length;
  }

  return {
    insertInbounds: (rows: NewInbound[]) => insertIgnoring(inbounds, rows),
    insertBoxes: (rows: NewBox[]) => insertIgnoring(boxes, rows),
    insertParcels: (rows: NewParcel[]) => insertIgnoring(parcels, rows),
    insertDimensionTypes: (rows: NewDimensionType[]) => insertIgnoring(dimensionTypes, rows),
    insertReturnableBoxes: (rows: NewReturnableBox[]) => insertIgnoring(returnableBoxes, rows),

    /** Consolidations of boxes that never had one (a re-seed skips the deconsolidated). */
    async insertConsolidations(rows: NewConsolidation[]): Promise<number> {
      if (rows.length === 0) return 0;
      const known = await db
        .select({ boxId: consolidations.boxId })
        .from(consolidations)
        .where(
          inArray(
            consolidations.boxId,
            rows.map((row) => row.boxId),
          ),
        );
      const taken = new Set(known.map((row) => row.boxId));
      const fresh = rows.filter((row) => !taken.has(row.boxId));
      if (fresh.length === 0) return 0;
      const inserted = await db
        .insert(consolidations)
        .values(fresh)
        .onConflictDoNothing()
        .returning({ id: consolidations.id });
      return inserted.length;
    },

    async findCellIds(barcodes: string[]): Promise<Map<string, number>> {
      if (barcodes.length === 0) return new Map();
      const rows = await db
        .select({ id: cells.id, barcode: cells.barcode })
        .from(cells)
        .where(inArray(cells.barcode, barcodes));
      return new Map(rows.map((row) => [row.barcode, row.id]));
    },

    async findInboundIds(numbers: string[]): Promise<Map<string, number>> {
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: inbounds.id, number: inbounds.number })
        .from(inbounds)
        .where(inArray(inbounds.number, numbers));
      return new Map(rows.map((row) => [row.number, row.id]));
    },

    async findBoxIds(barcodes: string[]): Promise<Map<string, number>> {
      if (barcodes.length === 0) return new Map();
      const rows = await db
        .select({ id: boxes.id, barcode: boxes.barcode })
        .from(boxes)
        .where(inArray(boxes.barcode, barcodes));
      return new Map(rows.map((row) => [row.barcode, row.id]));
    },

    /** Cells holding a box are not empty. */
    async markCellsHoldingBoxes(cellIds: number[]): Promise<void> {
      if (cellIds.length === 0) return;
      await db.update(cells).set({ isEmpty: false }).where(inArray(cells.id, cellIds));
    },

    /** New boxes are numbered after the seeded ones (the sequence only ever moves up). */
    async raiseLastBoxNumber(number: number): Promise<void> {
      await db.execute(
        sql`select setval('box_numbers', greatest(${number}::bigint, (select case when is_called then last_value else 0 end from box_numbers)))`,
      );
    },
  };
}
