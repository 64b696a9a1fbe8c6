import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import {
  boxes,
  cells,
  outbounds,
  parcels,
  shipmentUnits,
  users,
  zones,
  type ShipmentUnitState,
} from '../../db/schema.js';

// SQL of a transit shipment's boxes as the transit picking workflows read and change them
// (docs/DECISIONS.md "Guided workflows", shipment units; step tables 7–9): the boxes in
// walking order with where they stand, the other shipment holding a box, a box's parcels (a
// unit's claim is shipment-units.repository.ts `setUnit`, one for parcels and boxes).

/** A box unit of a transit shipment with the cell it stands in (or was taken from). */
export interface ShipmentBoxUnitRow {
  id: number;
  boxId: number;
  barcode: string;
  number: number;
  state: ShipmentUnitState;
  reason: string | null;
  cellId: number | null;
  cellName: string | null;
  cellBarcode: string | null;
  fromCellId: number | null;
  fromCellName: string | null;
  /** Who changed the unit last (the «Уже взят {{user}}» of a box picked). */
  changedByName: string | null;
}

/** A box unit with how many parcels lie in it (the details check's task list). */
export interface ShipmentBoxUnitWithCountRow extends ShipmentBoxUnitRow {
  parcelsCount: number;
}

/** A parcel lying in a box (the details check). */
export interface BoxParcelRow {
  id: number;
  number: string;
  name: string;
}

const fromCells = alias(cells, 'from_cells');
const fromZones = alias(zones, 'from_zones');

export function createShipmentBoxesRepository(db: Db) {
  /**
   * A transit shipment's boxes in walking order: zone, row, column of the cell they stand in
   * (else of the cell they were taken from), then the box number.
   */
  async function listBoxUnits(outboundId: number): Promise<ShipmentBoxUnitRow[]> {
    return db
      .select({
        id: shipmentUnits.id,
        boxId: boxes.id,
        barcode: boxes.barcode,
        number: boxes.number,
        state: shipmentUnits.state,
        reason: shipmentUnits.reason,
        cellId: cells.id,
        cellName: cells.name,
        cellBarcode: cells.barcode,
        fromCellId: shipmentUnits.fromCellId,
        fromCellName: fromCells.name,
        changedByName: users.name,
      })
      .from(shipmentUnits)
      .innerJoin(boxes, eq(boxes.id, shipmentUnits.boxId))
      .leftJoin(cells, eq(cells.id, boxes.cellId))
      .leftJoin(zones, eq(zones.id, cells.zoneId))
      .leftJoin(fromCells, eq(fromCells.id, shipmentUnits.fromCellId))
      .leftJoin(fromZones, eq(fromZones.id, fromCells.zoneId))
      .leftJoin(users, eq(users.id, shipmentUnits.changedBy))
      .where(eq(shipmentUnits.outboundId, outboundId))
      .orderBy(
        sql`coalesce(${zones.number}, ${fromZones.number})`,
        sql`coalesce(${cells.row}, ${fromCells.row})`,
        sql`coalesce(${cells.col}, ${fromCells.col})`,
        asc(boxes.number),
      )
      .limit(1000);
  }

  return {
    listBoxUnits,

    /**
     * The boxes as `listBoxUnits` with their parcel counts: only the details check shows them,
     * so the picking steps' list (read on every scan) does not count parcels per box.
     */
    async listBoxUnitsWithCounts(outboundId: number): Promise<ShipmentBoxUnitWithCountRow[]> {
      const units = await listBoxUnits(outboundId);
      if (units.length === 0) return [];
      const counts = await db
        .select({ boxId: parcels.boxId, count: sql<number>`count(*)::int` })
        .from(parcels)
        .where(
          inArray(
            parcels.boxId,
            units.map((u) => u.boxId),
          ),
        )
        .groupBy(parcels.boxId);
      const byBox = new Map(counts.map((row) => [row.boxId, row.count]));
      return units.map((u) => ({ ...u, parcelsCount: byBox.get(u.boxId) ?? 0 }));
    },

    /** The code of another open shipment (state 1 or 2) holding the box, null when none. */
    async findOtherShipmentOfBox(boxId: number, outboundId: number): Promise<string | null> {
      const rows = await db
        .select({ code: outbounds.code })
        .from(shipmentUnits)
        .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
        .where(
          and(
            eq(shipmentUnits.boxId, boxId),
            ne(shipmentUnits.outboundId, outboundId),
            inArray(outbounds.state, [1, 2]),
          ),
        )
        .limit(1);
      return rows[0]?.code ?? null;
    },

    /** The parcels lying in a box, by number. */
    async listBoxParcels(boxId: number): Promise<BoxParcelRow[]> {
      return db
        .select({ id: parcels.id, number: parcels.number, name: parcels.name })
        .from(parcels)
        .where(eq(parcels.boxId, boxId))
        .orderBy(asc(parcels.number))
        .limit(1000);
    },
  };
}

export type ShipmentBoxesRepository = ReturnType<typeof createShipmentBoxesRepository>;
