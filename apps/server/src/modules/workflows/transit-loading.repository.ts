import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { boxes, cells, outbounds, shipmentUnits, users } from '../../db/schema.js';
import type { ShipmentUnitState } from '../../db/schema.js';

// SQL of the transit loading workflows (docs/DECISIONS.md "Guided workflows", boxes transit
// loading): a transit shipment's boxes with their state and pallet, whose other shipment a
// scanned box or pallet belongs to, and a box loaded onto a pallet (or into the vehicle) or
// taken off it again.

/** The outbound state a shipment is loaded in (2 Готова; loading moves it to 3). */
const LOADING_STATE = 2;

/** A box unit of a transit shipment with its cell (null once picked) and its pallet. */
export interface LoadingBoxUnitRow {
  id: number;
  boxId: number;
  barcode: string;
  number: number;
  state: ShipmentUnitState;
  reason: string | null;
  palletBarcode: string | null;
  cellName: string | null;
  fromCellName: string | null;
  changedBy: string | null;
}

const fromCells = alias(cells, 'loading_from_cells');

export function createTransitLoadingRepository(db: Db) {
  /** The first shipment other than `outboundId` with a unit matching `where`. */
  async function otherShipment(outboundId: number, where: SQL | undefined): Promise<string | null> {
    const rows = await db
      .select({ code: outbounds.code })
      .from(shipmentUnits)
      .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
      .where(and(ne(shipmentUnits.outboundId, outboundId), where))
      .orderBy(asc(outbounds.id))
      .limit(1);
    return rows[0]?.code ?? null;
  }

  return {
    /** A transit shipment's boxes in the order of their numbers. */
    async listBoxUnits(outboundId: number): Promise<LoadingBoxUnitRow[]> {
      return db
        .select({
          id: shipmentUnits.id,
          boxId: boxes.id,
          barcode: boxes.barcode,
          number: boxes.number,
          state: shipmentUnits.state,
          reason: shipmentUnits.reason,
          palletBarcode: shipmentUnits.palletBarcode,
          cellName: cells.name,
          fromCellName: fromCells.name,
          changedBy: users.name,
        })
        .from(shipmentUnits)
        .innerJoin(boxes, eq(boxes.id, shipmentUnits.boxId))
        .leftJoin(cells, eq(cells.id, boxes.cellId))
        .leftJoin(fromCells, eq(fromCells.id, shipmentUnits.fromCellId))
        .leftJoin(users, eq(users.id, shipmentUnits.changedBy))
        .where(eq(shipmentUnits.outboundId, outboundId))
        .orderBy(asc(boxes.number))
        .limit(1000);
    },

    /** The code of another shipment, not yet shipped, that holds this box; null when none. */
    findBoxShipment(boxId: number, outboundId: number): Promise<string | null> {
      return otherShipment(
        outboundId,
        and(eq(shipmentUnits.boxId, boxId), sql`${outbounds.state} < 3`),
      );
    },

    /** The code of another shipment being loaded with boxes on this pallet; null when none. */
    findPalletShipment(palletBarcode: string, outboundId: number): Promise<string | null> {
      return otherShipment(
        outboundId,
        and(
          eq(shipmentUnits.palletBarcode, palletBarcode),
          eq(shipmentUnits.state, 'loaded'),
          eq(outbounds.state, LOADING_STATE),
        ),
      );
    },

    /**
     * A box loaded (onto a pallet, or into the vehicle when null); false when it was loaded
     * meanwhile by another step (the row is re-read after the other's commit).
     */
    async setLoaded(
      id: number,
      values: { palletBarcode: string | null; userId: number; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(shipmentUnits)
        .set({
          state: 'loaded',
          palletBarcode: values.palletBarcode,
          changedBy: values.userId,
          changedAt: values.at,
        })
        .where(and(eq(shipmentUnits.id, id), ne(shipmentUnits.state, 'loaded')))
        .returning({ id: shipmentUnits.id });
      return rows.length > 0;
    },

    /** A loaded box taken off its pallet again: picked, no pallet; false when not loaded. */
    async setUnloaded(id: number, values: { userId: number; at: Date }): Promise<boolean> {
      const rows = await db
        .update(shipmentUnits)
        .set({
          state: 'picked',
          palletBarcode: null,
          changedBy: values.userId,
          changedAt: values.at,
        })
        .where(and(eq(shipmentUnits.id, id), eq(shipmentUnits.state, 'loaded')))
        .returning({ id: shipmentUnits.id });
      return rows.length > 0;
    },
  };
}

export type TransitLoadingRepository = ReturnType<typeof createTransitLoadingRepository>;
