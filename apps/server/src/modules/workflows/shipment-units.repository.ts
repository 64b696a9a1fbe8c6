import { and, asc, eq, sql } from 'drizzle-orm';
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

// SQL of the shipments' units as the picking and loading workflows read and change them
// (docs/DECISIONS.md "Guided workflows", shipment units and task holding).

/** A shipment offered as a task: its counts and the user of another open run holding it. */
export interface ShipmentTaskRow {
  id: number;
  code: string;
  name: string;
  clientName: string;
  total: number;
  done: number;
  heldBy: string | null;
  /** The user of another open run holding it but idle long enough to be taken over. */
  idleHolder: string | null;
}

/** A parcel unit of a shipment with where its parcel lies (or was taken from). */
export interface ShipmentParcelUnitRow {
  id: number;
  parcelId: number;
  number: string;
  name: string;
  state: ShipmentUnitState;
  reason: string | null;
  boxId: number | null;
  cellId: number | null;
  cellName: string | null;
  cellBarcode: string | null;
  zoneNumber: number | null;
  row: string | null;
  col: number | null;
  fromBoxId: number | null;
  fromCellName: string | null;
  /** Who last changed the unit («Уже взята, взял …» names them). */
  changedByName: string | null;
}

const fromCells = alias(cells, 'from_cells');

export function createShipmentUnitsRepository(db: Db) {
  /** The name of the user whose other open run of `workflow` holds the task. */
  // Written with qualified names: a one-table select renders its columns unqualified.
  // `idle`: a run not changed since `idleBefore` (taken over), else one changed after it.
  const holder = (workflow: string, userId: number, idleBefore: Date, idle: boolean) => {
    const at = idleBefore.toISOString();
    const since = idle ? sql`r.updated_at <= ${at}` : sql`r.updated_at > ${at}`;
    return sql<string | null>`(
      select u.name from workflow_runs r join users u on u.id = r.user_id
      where r.workflow = ${workflow} and r.finished_at is null and r.user_id <> ${userId}
        and r.data -> 'task' ->> 'id' = "outbounds"."id"::text and ${since}
      limit 1)`;
  };
  const unitsCount = (extra: string) =>
    sql<number>`(select count(*)::int from shipment_units su
      where su.outbound_id = "outbounds"."id"${sql.raw(extra)})`;

  return {
    /** The warehouse's shipments of a kind in a state, oldest first, with their counts. */
    async listTasks(input: {
      warehouseId: number;
      kind: 'parcels' | 'transit';
      state: number;
      workflow: string;
      userId: number;
      /** A holding run idle since this moment may be taken over. */
      idleBefore: Date;
      /** The unit state counted as done (loading: `loaded`); else every state but `waiting`. */
      doneState?: ShipmentUnitState;
    }): Promise<ShipmentTaskRow[]> {
      return db
        .select({
          id: outbounds.id,
          code: outbounds.code,
          name: outbounds.name,
          clientName: outbounds.clientName,
          total: unitsCount(''),
          done: unitsCount(
            input.doneState ? ` and su.state = '${input.doneState}'` : " and su.state <> 'waiting'",
          ),
          heldBy: holder(input.workflow, input.userId, input.idleBefore, false),
          idleHolder: holder(input.workflow, input.userId, input.idleBefore, true),
        })
        .from(outbounds)
        .where(
          and(
            eq(outbounds.warehouseId, input.warehouseId),
            eq(outbounds.kind, input.kind),
            eq(outbounds.state, input.state),
          ),
        )
        .orderBy(asc(outbounds.createdAt), asc(outbounds.id))
        .limit(100);
    },

    /** A parcels shipment's units in walking order (zone, row, column of their cell). */
    async listParcelUnits(outboundId: number): Promise<ShipmentParcelUnitRow[]> {
      return db
        .select({
          id: shipmentUnits.id,
          parcelId: parcels.id,
          number: parcels.number,
          name: parcels.name,
          state: shipmentUnits.state,
          reason: shipmentUnits.reason,
          boxId: parcels.boxId,
          cellId: cells.id,
          cellName: cells.name,
          cellBarcode: cells.barcode,
          zoneNumber: zones.number,
          row: cells.row,
          col: cells.col,
          fromBoxId: shipmentUnits.fromBoxId,
          fromCellName: fromCells.name,
          changedByName: users.name,
        })
        .from(shipmentUnits)
        .innerJoin(parcels, eq(parcels.id, shipmentUnits.parcelId))
        .leftJoin(boxes, eq(boxes.id, parcels.boxId))
        .leftJoin(cells, eq(cells.id, boxes.cellId))
        .leftJoin(zones, eq(zones.id, cells.zoneId))
        .leftJoin(fromCells, eq(fromCells.id, shipmentUnits.fromCellId))
        .leftJoin(users, eq(users.id, shipmentUnits.changedBy))
        .where(eq(shipmentUnits.outboundId, outboundId))
        .orderBy(asc(zones.number), asc(cells.row), asc(cells.col), asc(parcels.number))
        .limit(1000);
    },

    /**
     * A unit's new state, with where it was taken from, who and when; with `from`, only a unit
     * still in that state changes (false otherwise): a concurrent step on the same unit waits
     * for the first one's row lock and then finds the unit no longer `from` — no double pick.
     */
    async setUnit(
      id: number,
      values: {
        from?: ShipmentUnitState;
        state: ShipmentUnitState;
        reason?: string | null;
        fromBoxId?: number | null;
        fromCellId?: number | null;
        userId: number;
        at: Date;
      },
    ): Promise<boolean> {
      const { userId, at, from, ...rest } = values;
      const rows = await db
        .update(shipmentUnits)
        .set({ ...rest, changedBy: userId, changedAt: at })
        .where(
          and(
            eq(shipmentUnits.id, id),
            from === undefined ? undefined : eq(shipmentUnits.state, from),
          ),
        )
        .returning({ id: shipmentUnits.id });
      return rows.length > 0;
    },

    /** Who last changed a unit (read after a `from` guard refused the change). */
    async unitChangedBy(id: number): Promise<string | null> {
      const [row] = await db
        .select({ name: users.name })
        .from(shipmentUnits)
        .innerJoin(users, eq(users.id, shipmentUnits.changedBy))
        .where(eq(shipmentUnits.id, id));
      return row?.name ?? null;
    },

    /** A shipment's state moved on (1 → 2 by picking, 2 → 3 by loading) from `from` only. */
    async moveShipmentState(id: number, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(outbounds)
        .set({ state: to })
        .where(and(eq(outbounds.id, id), eq(outbounds.state, from)))
        .returning({ id: outbounds.id });
      return rows.length > 0;
    },
  };
}

export type ShipmentUnitsRepository = ReturnType<typeof createShipmentUnitsRepository>;
