import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  boxes,
  cells,
  inboundPlaces,
  inbounds,
  parcels,
  pickingClients,
  zones,
} from '../../db/schema.js';
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

/** A cell as a step names and suggests it. */
export interface CellLabelRow {
  id: number;
  name: string;
  barcode: string;
}

/** What a scanned cell holds: its zone's type and its open box's key and parcels. */
export interface CellContentRow {
  zoneType: string;
  boxKey: string | null;
  parcelsCount: number;
}

/** A parcel's supply as place-to-storage checks it: its stored state and the sticker. */
export interface ParcelSupplyRow {
  inboundState: number | null;
  inboundNumber: string | null;
  needsSticker: boolean;
}

/** The reads the workflows make of sorting's tables (sorting's door, workflow-door.ts). */
export function createDoorReadsRepository(db: Db) {
  return {
    /** A place (cargo unit) of a supply by its barcode, with its supply's warehouse. */
    async findInboundPlace(
      barcode: string,
    ): Promise<{ id: number; inboundId: number; warehouseId: number } | null> {
      const rows = await db
        .select({
          id: inboundPlaces.id,
          inboundId: inboundPlaces.inboundId,
          warehouseId: inbounds.warehouseId,
        })
        .from(inboundPlaces)
        .innerJoin(inbounds, eq(inbounds.id, inboundPlaces.inboundId))
        .where(eq(inboundPlaces.barcode, barcode))
        .limit(1);
      return rows[0] ?? null;
    },

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

    /** The cell of the box a parcel lies in, null when in no box or its box in no cell. */
    async findParcelCell(parcelId: number): Promise<CellLabelRow | null> {
      const rows = await db
        .select({ id: boxCells.id, name: boxCells.name, barcode: boxCells.barcode })
        .from(parcels)
        .innerJoin(boxes, eq(boxes.id, parcels.boxId))
        .innerJoin(boxCells, eq(boxCells.id, boxes.cellId))
        .where(eq(parcels.id, parcelId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The cell suggested for a key in the warehouse's zones of a type (docs/DECISIONS.md "Guided
     * workflows", FAST zones as pick-up and storage cells): the cell whose open box holds that
     * key, else the nearest empty cell, walking zone, row, column.
     */
    async suggestCellForKey(
      warehouseId: number,
      zoneType: 'FAST',
      sortingKey: string,
    ): Promise<CellLabelRow | null> {
      const zoneCells = and(eq(cells.warehouseId, warehouseId), eq(zones.type, zoneType));
      const order = [asc(zones.number), asc(cells.row), asc(cells.col)];
      const keyed = await db
        .select({ id: cells.id, name: cells.name, barcode: cells.barcode })
        .from(boxes)
        .innerJoin(cells, eq(cells.id, boxes.cellId))
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .where(and(zoneCells, eq(boxes.sortingKey, sortingKey), eq(boxes.isClosed, false)))
        .orderBy(...order)
        .limit(1);
      if (keyed[0]) return keyed[0];
      const empty = await db
        .select({ id: cells.id, name: cells.name, barcode: cells.barcode })
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .leftJoin(boxes, eq(boxes.cellId, cells.id))
        .where(and(zoneCells, isNull(boxes.id)))
        .orderBy(...order)
        .limit(1);
      return empty[0] ?? null;
    },

    /** A cell's zone type and what its open box holds (key and parcels), for a placing step. */
    async findCellContent(cellId: number): Promise<CellContentRow | null> {
      const rows = await db
        .select({
          zoneType: zones.type,
          boxKey: boxes.sortingKey,
          parcelsCount: sql<number>`(select count(*)::int from ${parcels} where ${parcels.boxId} = ${boxes.id})`,
        })
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .leftJoin(boxes, and(eq(boxes.cellId, cells.id), eq(boxes.isClosed, false)))
        .where(eq(cells.id, cellId))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, parcelsCount: row.boxKey === null ? 0 : row.parcelsCount } : null;
    },

    /** The supply a parcel came with (its stored state) and whether it needs its sticker. */
    async findParcelSupply(parcelId: number): Promise<ParcelSupplyRow | null> {
      const rows = await db
        .select({
          inboundState: inbounds.state,
          inboundNumber: inbounds.number,
          needsSticker: parcels.needsSticker,
        })
        .from(parcels)
        .leftJoin(inbounds, eq(inbounds.id, parcels.inboundId))
        .where(eq(parcels.id, parcelId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A recipient (picking client) by its code, the lowest id when warehouses share one. */
    async findRecipient(
      code: string,
    ): Promise<{ id: number; code: string; name: string; warehouseId: number } | null> {
      const rows = await db
        .select({
          id: pickingClients.id,
          code: pickingClients.code,
          name: pickingClients.name,
          warehouseId: pickingClients.warehouseId,
        })
        .from(pickingClients)
        .where(eq(pickingClients.code, code))
        .orderBy(asc(pickingClients.id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
