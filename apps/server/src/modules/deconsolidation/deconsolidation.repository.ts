import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { WarehouseKeyRow } from '../../db/warehouse-key.js';
import { cells } from '../../db/schema-base.js';
import { boxes, consolidations, parcels } from '../../db/schema-sorting.js';
import { createEventRecorder } from '../../db/events.js';

export type ConsolidationWarehouseRow = WarehouseKeyRow;

/** An active consolidation with its box and cell. */
export interface ConsolidationRow {
  id: number;
  warehouseId: number;
  destinationName: string;
  completedAt: Date | null;
  boxId: number;
  boxNumber: number;
  boxBarcode: string;
  cellId: number;
  cellBarcode: string;
  cellName: string;
}

export interface ConsolidatedParcelRow {
  id: number;
  number: string;
  name: string;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  weightGrams: number | null;
}

const consolidationColumns = {
  id: consolidations.id,
  warehouseId: consolidations.warehouseId,
  destinationName: consolidations.destinationName,
  completedAt: consolidations.completedAt,
  boxId: boxes.id,
  boxNumber: boxes.number,
  boxBarcode: boxes.barcode,
  cellId: cells.id,
  cellBarcode: cells.barcode,
  cellName: cells.name,
};

/** SQL of deconsolidation (spec part 2 §7): consolidations, their boxes, cells and parcels. */
export function createDeconsolidationRepository(db: Db) {
  function activeQuery() {
    return db
      .select(consolidationColumns)
      .from(consolidations)
      .innerJoin(boxes, eq(boxes.id, consolidations.boxId))
      .innerJoin(cells, eq(cells.id, consolidations.cellId));
  }

  return {
    /** The active consolidation of a warehouse whose cell or box has this barcode. */
    async findActive(warehouseId: number, barcode: string): Promise<ConsolidationRow | null> {
      const rows = await activeQuery()
        .where(
          and(
            eq(consolidations.warehouseId, warehouseId),
            isNull(consolidations.removedAt),
            or(eq(cells.barcode, barcode), eq(boxes.barcode, barcode)),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The active consolidation of a cell, locked: a second DELETE waits here and, once the
     * first commits, no longer finds it (READ COMMITTED re-checks `removed_at is null`).
     */
    async lockActiveByCell(warehouseId: number, cellBarcode: string) {
      const rows = await activeQuery()
        .where(
          and(
            eq(consolidations.warehouseId, warehouseId),
            isNull(consolidations.removedAt),
            eq(cells.barcode, cellBarcode),
          ),
        )
        .limit(1)
        .for('update', { of: consolidations });
      return rows[0] ?? null;
    },

    /** The warehouse a cell barcode belongs to, or null for no cell. */
    async findCellWarehouseId(cellBarcode: string): Promise<number | null> {
      const rows = await db
        .select({ warehouseId: cells.warehouseId })
        .from(cells)
        .where(eq(cells.barcode, cellBarcode))
        .limit(1);
      return rows[0]?.warehouseId ?? null;
    },

    /** The parcels in a box, by number. */
    async listParcels(boxId: number): Promise<ConsolidatedParcelRow[]> {
      return db
        .select({
          id: parcels.id,
          number: parcels.number,
          name: parcels.name,
          lengthCm: parcels.lengthCm,
          widthCm: parcels.widthCm,
          heightCm: parcels.heightCm,
          weightGrams: parcels.weightGrams,
        })
        .from(parcels)
        .where(eq(parcels.boxId, boxId))
        .orderBy(asc(parcels.number));
    },

    /** Takes every parcel out of the box (a new version each); answers their numbers. */
    async takeParcelsOut(boxId: number): Promise<string[]> {
      const rows = await db
        .update(parcels)
        .set({ boxId: null, version: sql`${parcels.version} + 1`, updatedAt: sql`now()` })
        .where(eq(parcels.boxId, boxId))
        .returning({ number: parcels.number });
      return rows.map((row) => row.number).sort();
    },

    /** The emptied box leaves its cell, loses its key and is open again. */
    async releaseBox(boxId: number): Promise<void> {
      await db
        .update(boxes)
        .set({
          cellId: null,
          sortingKey: null,
          isClosed: false,
          version: sql`${boxes.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(boxes.id, boxId));
    },

    /** A cell is empty when no box stands in it. */
    async recomputeCellEmpty(cellId: number): Promise<void> {
      await db
        .update(cells)
        .set({ isEmpty: sql`not exists (select 1 from boxes where boxes.cell_id = ${cellId})` })
        .where(eq(cells.id, cellId));
    },

    async markRemoved(id: number, userId: number, at: Date): Promise<void> {
      await db
        .update(consolidations)
        .set({ removedAt: at, removedBy: userId })
        .where(eq(consolidations.id, id));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type DeconsolidationRepository = ReturnType<typeof createDeconsolidationRepository>;
