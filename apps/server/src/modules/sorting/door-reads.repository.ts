import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { boxes, cells, parcels } from '../../db/schema.js';
import { boxCells } from './sorting-rows.js';

/** A parcel of a destination with where it lies: its box and the box's cell. */
export interface DestinationParcelRow {
  id: number;
  number: string;
  name: string;
  boxId: number | null;
  boxBarcode: string | null;
  cellName: string | null;
}

/** The reads the workflows make of sorting's tables (sorting's door, workflow-door.ts). */
export function createDoorReadsRepository(db: Db) {
  return {
    /** The box standing in a cell (open first), null when the cell holds none. */
    async findBoxInCell(cellId: number): Promise<{ id: number; barcode: string } | null> {
      const rows = await db
        .select({ id: boxes.id, barcode: boxes.barcode })
        .from(boxes)
        .where(eq(boxes.cellId, cellId))
        .orderBy(asc(boxes.isClosed), asc(boxes.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A destination's parcels of a warehouse (not lost), by number, with their place. */
    async listDestinationParcels(
      warehouseId: number,
      sortingKey: string,
    ): Promise<DestinationParcelRow[]> {
      return db
        .select({
          id: parcels.id,
          number: parcels.number,
          name: parcels.name,
          boxId: parcels.boxId,
          boxBarcode: boxes.barcode,
          cellName: boxCells.name,
        })
        .from(parcels)
        .leftJoin(boxes, eq(boxes.id, parcels.boxId))
        .leftJoin(boxCells, eq(boxCells.id, boxes.cellId))
        .where(
          and(
            eq(parcels.warehouseId, warehouseId),
            eq(parcels.sortingKey, sortingKey),
            eq(parcels.isLost, false),
          ),
        )
        .orderBy(asc(parcels.number))
        .limit(200);
    },

    /** A cell's name and barcode by id (a consolidation's cell). */
    async findCellLabel(cellId: number): Promise<{ name: string; barcode: string } | null> {
      const rows = await db
        .select({ name: cells.name, barcode: cells.barcode })
        .from(cells)
        .where(eq(cells.id, cellId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
