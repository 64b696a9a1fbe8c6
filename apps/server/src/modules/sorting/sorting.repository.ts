import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  createOperationsRepository,
  operationClaimSql,
  operationStoreSql,
  type OperationClaim,
} from '../../db/operations.js';
import { pickPrefixed } from '../../db/select-list.js';
import {
  boxes,
  cells,
  dimensionTypes,
  eventUnits,
  events,
  inbounds,
  parcelViews,
  parcels,
  users,
  warehouses,
  zones,
} from '../../db/schema.js';
import { createContainersRepository } from './containers.repository.js';
import { pickingHoldRefusal } from './picking-hold.js';
import {
  type WarehouseScopeRow,
  type ZoneRow,
  type CellRow,
  type BoxRow,
  type ParcelRow,
  type ParcelView,
  type SuggestedCellRow,
  type UnitEventRow,
  warehouseScopeColumns,
  cellColumns,
  parcelsInBox,
  boxColumns,
  parcelColumns,
  boxList,
  movedCellList,
  rowsAs,
  rowsOf,
  parcelViewQuery,
  suggestCellsSql,
  zoneColumns,
  lockedParcelSql,
} from './sorting-rows.js';
import {
  createEventRecorder,
  eventCtes,
  type EventPayload,
  type EventUnits,
} from '../../db/events.js';
export type {
  WarehouseScopeRow,
  ZoneType,
  ZoneRow,
  CellRow,
  BoxRow,
  ParcelRow,
  ParcelView,
  SuggestedCellRow,
  UnitEventRow,
  ScanContext,
} from './sorting-rows.js';

/**
 * SQL of sorting's moves and changes: parcels, boxes, cells, inbounds, history, idempotency,
 * with the returnable boxes' registry (containers.repository.ts).
 */
export function createSortingRepository(db: Db) {
  async function selectParcelView(condition: SQL): Promise<ParcelView | null> {
    const rows = await parcelViewQuery(db, condition);
    return rows[0] ?? null;
  }

  return {
    ...createContainersRepository(db),

    async findWarehouseById(id: number): Promise<WarehouseScopeRow | null> {
      const rows = await db
        .select(warehouseScopeColumns)
        .from(warehouses)
        .where(eq(warehouses.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findWarehouseByCode(code: string): Promise<WarehouseScopeRow | null> {
      const rows = await db
        .select(warehouseScopeColumns)
        .from(warehouses)
        .where(eq(warehouses.code, code))
        .limit(1);
      return rows[0] ?? null;
    },

    async findZone(id: number): Promise<ZoneRow | null> {
      const rows = await db.select(zoneColumns).from(zones).where(eq(zones.id, id)).limit(1);
      return rows[0] ?? null;
    },

    findParcelByNumber(number: string): Promise<ParcelView | null> {
      return selectParcelView(eq(parcels.number, number));
    },

    findParcelById(id: number): Promise<ParcelView | null> {
      return selectParcelView(eq(parcels.id, id));
    },

    /** Locks the parcel row until the transaction ends. */
    async lockParcel(id: number): Promise<ParcelRow | null> {
      const rows = await db
        .select(parcelColumns)
        .from(parcels)
        .where(eq(parcels.id, id))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * A move's first statement: the parcel locked, with its warehouse and the version the user
     * last saw (null when never scanned) — one round trip instead of three.
     */
    async lockParcelForMove(
      id: number,
      userId: number,
    ): Promise<{
      parcel: ParcelRow;
      warehouse: WarehouseScopeRow;
      seenVersion: number | null;
      pickingHold: string | null;
    } | null> {
      const result = await db.execute(sql`
        ${lockedParcelSql(id, userId)}`);
      const row = rowsOf(result)[0];
      if (!row) return null;
      return {
        parcel: pickPrefixed<ParcelRow>(row, 'p.'),
        warehouse: pickPrefixed<WarehouseScopeRow>(row, 'w.'),
        seenVersion: row.seenVersion === null ? null : Number(row.seenVersion),
        pickingHold: row.pickingHold == null ? null : String(row.pickingHold),
      };
    },

    /**
     * The first statement of a parcel's move into a cell: the operation claimed (when there
     * is one), then, in the lock order of every move, the parcel with its warehouse and the
     * version the user saw, and the cell, both locked. One round trip instead of three
     * (docs/PERFORMANCE.md "Session 5"). The cell's open box is read by a statement
     * of its own (lockOpenBoxInCell): this statement's snapshot is taken before the cell's
     * lock is granted, so it could miss a box put into the cell meanwhile, and a box's parcel
     * count must be read after its lock.
     */
    async openParcelMove(ask: {
      claim: OperationClaim | null;
      userId: number;
      parcelId: number;
      cellId: number;
    }): Promise<{
      claimed: boolean;
      parcel: ParcelRow | null;
      warehouse: WarehouseScopeRow | null;
      seenVersion: number | null;
      pickingHold: string | null;
      cell: CellRow | null;
    }> {
      const { claim, userId, parcelId, cellId } = ask;
      const result = await db.execute(sql`
        with claim as (${operationClaimSql(claim)}
        ), claimed as (select count(*)::int as n from claim)
        select claimed.n as "claimed", p.*, c.*
        from claimed
          left join lateral (${lockedParcelSql(parcelId, userId)}) as p on true
          left join lateral (
            select ${movedCellList}
            from cells inner join zones on zones.id = cells.zone_id
            where cells.id = ${cellId}
            limit 1
            for update of cells) as c on true`);
      const row = rowsOf(result)[0];
      if (!row) throw new Error('the move statement answered no row');
      const hasParcel = row['p.id'] !== null;
      return {
        claimed: claim === null || Number(row.claimed) > 0,
        parcel: hasParcel ? pickPrefixed<ParcelRow>(row, 'p.') : null,
        warehouse: hasParcel ? pickPrefixed<WarehouseScopeRow>(row, 'w.') : null,
        seenVersion: row.seenVersion == null ? null : Number(row.seenVersion),
        pickingHold: row.pickingHold == null ? null : String(row.pickingHold),
        cell: row['c.id'] !== null ? pickPrefixed<CellRow>(row, 'c.') : null,
      };
    },

    /**
     * Stores a move's answer under its claimed operation id when the move wrote nothing else
     * (the parcel already lay there): a replay answers it.
     */
    async storeOperationAnswer(operationId: string, answer: object): Promise<void> {
      await db.execute(
        operationStoreSql(
          operationId,
          sql`jsonb_build_object('value', ${JSON.stringify(answer)}::jsonb)`,
        ),
      );
    },

    /** Claims an operation id in this transaction (db/operations.ts); false when taken. */
    claimOperation(claim: OperationClaim): Promise<boolean> {
      return createOperationsRepository(db).tryClaimOperation(claim);
    },

    /** Records the parcel version the user saw by scanning it. */
    async rememberParcelView(userId: number, parcelId: number, version: number): Promise<void> {
      await db
        .insert(parcelViews)
        .values({ userId, parcelId, version })
        .onConflictDoUpdate({
          target: [parcelViews.userId, parcelViews.parcelId],
          set: { version },
        });
    },

    async suggestCellsForKey(
      zoneId: number,
      sortingKey: string,
      limit: number,
    ): Promise<SuggestedCellRow[]> {
      return rowsAs<SuggestedCellRow>(await db.execute(suggestCellsSql(zoneId, sortingKey, limit)));
    },

    /**
     * A parcel scan's last statement: the cells for its key (suggestCellsForKey) and the
     * version the user saw (rememberParcelView) in one round trip.
     */
    async suggestCellsRememberingView(
      zoneId: number,
      sortingKey: string,
      limit: number,
      view: { userId: number; parcelId: number; version: number },
    ): Promise<SuggestedCellRow[]> {
      const result = await db.execute(sql`
        with viewed as (
          insert into parcel_views (user_id, parcel_id, version)
          values (${view.userId}, ${view.parcelId}, ${view.version})
          on conflict (user_id, parcel_id) do update set version = excluded.version
        )
        ${suggestCellsSql(zoneId, sortingKey, limit)}`);
      return rowsAs<SuggestedCellRow>(result);
    },

    /** Up to `limit` empty cells of a zone for a box, nearest first. */
    async suggestEmptyCells(zoneId: number, limit: number): Promise<CellRow[]> {
      return db
        .select(cellColumns)
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .where(and(eq(cells.zoneId, zoneId), eq(cells.isEmpty, true)))
        .orderBy(asc(cells.row), asc(cells.col))
        .limit(limit);
    },

    async findCellByBarcode(barcode: string): Promise<CellRow | null> {
      const rows = await db
        .select(cellColumns)
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .where(eq(cells.barcode, barcode))
        .limit(1);
      return rows[0] ?? null;
    },

    async findCellById(id: number): Promise<CellRow | null> {
      const rows = await db
        .select(cellColumns)
        .from(cells)
        .innerJoin(zones, eq(zones.id, cells.zoneId))
        .where(eq(cells.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Locks cell rows in id order (the one lock order of every move: parcel, cells, box). */
    async lockCells(ids: number[]): Promise<void> {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      if (sorted.length === 0) return;
      await db
        .select({ id: cells.id })
        .from(cells)
        .where(inArray(cells.id, sorted))
        .orderBy(asc(cells.id))
        .for('update');
    },

    async setCellEmpty(id: number, isEmpty: boolean): Promise<void> {
      await db.update(cells).set({ isEmpty }).where(eq(cells.id, id));
    },

    /** Recomputes a cell's isEmpty after a box left it. */
    async refreshCellEmpty(id: number): Promise<void> {
      await db
        .update(cells)
        .set({
          isEmpty: sql`not exists (select 1 from boxes as b where b.cell_id = ${id})`,
        })
        .where(eq(cells.id, id));
    },

    async findBoxByBarcode(barcode: string): Promise<BoxRow | null> {
      const rows = await db
        .select(boxColumns)
        .from(boxes)
        .where(eq(boxes.barcode, barcode))
        .limit(1);
      return rows[0] ?? null;
    },

    async findBoxById(id: number): Promise<BoxRow | null> {
      const rows = await db.select(boxColumns).from(boxes).where(eq(boxes.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async lockBox(id: number): Promise<BoxRow | null> {
      const rows = await db
        .select(boxColumns)
        .from(boxes)
        .where(eq(boxes.id, id))
        .for('update', { of: boxes })
        .limit(1);
      return rows[0] ?? null;
    },

    /** The open box of a cell, locked; the cell must be locked already. */
    async lockOpenBoxInCell(cellId: number): Promise<BoxRow | null> {
      const result = await db.execute(sql`
        select ${boxList}, ${parcelsInBox} as "parcelsCount"
        from boxes
        where boxes.cell_id = ${cellId} and not boxes.is_closed
        limit 1
        for update of boxes`);
      return rowsAs<BoxRow>(result)[0] ?? null;
    },

    /**
     * `count` new box numbers, ascending; from a sequence, so no row lock is held until commit.
     * Concurrent takers may interleave: the numbers are unique, not necessarily consecutive.
     */
    async takeBoxNumbers(count: number): Promise<number[]> {
      const result = await db.execute(
        sql`select nextval('box_numbers') as n from generate_series(1, ${count}::int)`,
      );
      return rowsOf(result)
        .map((row) => Number(row.n))
        .sort((a, b) => a - b);
    },

    async insertBoxes(rows: (typeof boxes.$inferInsert)[]): Promise<BoxRow[]> {
      if (rows.length === 0) return [];
      const inserted = await db.insert(boxes).values(rows).returning({ id: boxes.id });
      return inserted.map((row, index) => {
        const source = rows[index];
        if (!source) throw new Error('insert returned more rows than given');
        return {
          id: row.id,
          warehouseId: source.warehouseId,
          number: source.number,
          barcode: source.barcode,
          cellId: source.cellId ?? null,
          sortingKey: source.sortingKey ?? null,
          isClosed: source.isClosed ?? false,
          version: 1,
          parcelsCount: 0,
        };
      });
    },

    async updateBox(
      id: number,
      values: { cellId?: number | null; sortingKey?: string | null; isClosed?: boolean },
    ): Promise<void> {
      await db
        .update(boxes)
        .set({ ...values, version: sql`${boxes.version} + 1`, updatedAt: sql`now()` })
        .where(eq(boxes.id, id));
    },

    /**
     * The writes of a parcel move in one statement: the box (its cell, key, closed), its cell
     * no longer empty, the parcel into the box with the user's view of its new version, the
     * event with its units, the parcel's inbound marked received when none of its parcels is
     * left, and the answer stored under the operation id. What reads these rows afterwards (a
     * cell the box left) runs after it. The inbound's number and flag (null without one).
     */
    async recordParcelMove(move: {
      box: { id: number; cellId: number | null; sortingKey: string; isClosed: boolean };
      parcelId: number;
      inboundId: number | null;
      userId: number;
      event: {
        warehouseId: number | null;
        kind: string;
        payload: EventPayload;
        units: EventUnits;
      };
      /** The answer to store as `{ value }` with the inbound's number and flag merged in. */
      operation: { operationId: string; answer: object } | null;
    }): Promise<{ number: string; isReceipted: boolean } | null> {
      const { box, parcelId, inboundId, userId, event, operation } = move;
      const result = await db.execute(sql`
        with box as (
          update boxes
          set cell_id = ${box.cellId}, sorting_key = ${box.sortingKey},
            is_closed = ${box.isClosed}, version = version + 1, updated_at = now()
          where id = ${box.id}
        ), cell as (
          update cells set is_empty = false
          where id = ${box.cellId} and is_empty
        ), moved as (
          -- A parcel a recipient's picking took meanwhile is not moved (the first statement
          -- of the move could not see it: its snapshot predates the parcel's lock).
          update parcels
          set box_id = ${box.id}, is_receipted = true, version = version + 1, updated_at = now()
          where id = ${parcelId}
            and not exists (select 1 from picking_parcels as pp
              where pp.parcel_id = ${parcelId} and pp.hold is not null)
          returning id, version
        ), viewed as (
          insert into parcel_views (user_id, parcel_id, version)
          select ${userId}, moved.id, moved.version from moved
          on conflict (user_id, parcel_id) do update set version = excluded.version
        ), ${eventCtes(
          { userId, warehouseId: event.warehouseId },
          event.kind,
          event.payload,
          event.units,
        )}, inbound as (
          -- This statement's snapshot still shows the parcel unreceived: it is left out.
          update inbounds
          set is_receipted = not exists (select 1 from parcels as p
            where p.inbound_id = inbounds.id and not p.is_receipted and p.id <> ${parcelId})
          where id = ${inboundId}
          returning number, is_receipted
        ), stored as (${operationStoreSql(
          operation?.operationId ?? null,
          sql`jsonb_build_object('value', ${operation === null ? null : JSON.stringify(operation.answer)}::jsonb
            || coalesce((select jsonb_build_object('inboundNumber', number,
              'isInboundReceipted', is_receipted) from inbound), '{}'::jsonb))`,
        )}
        )
        select (select count(*)::int from moved) as "moved",
          inbound.number as "inboundNumber", inbound.is_receipted as "inboundIsReceipted",
          (select pp.hold from picking_parcels as pp where pp.parcel_id = ${parcelId})
            as "pickingHold"
        from (select 1) as one left join inbound on true`);
      const row = rowsOf(result)[0];
      if (row && Number(row.moved) !== 1 && row.pickingHold != null) {
        throw pickingHoldRefusal(
          String(row.pickingHold),
          String(event.payload.parcelNumber ?? parcelId),
        );
      }
      if (!row || Number(row.moved) !== 1) {
        throw new Error(`parcel ${parcelId} vanished during a move`);
      }
      return row.inboundNumber == null
        ? null
        : { number: String(row.inboundNumber), isReceipted: row.inboundIsReceipted === true };
    },

    async updateParcel(
      id: number,
      values: Partial<
        Pick<
          typeof parcels.$inferInsert,
          | 'boxId'
          | 'isReceipted'
          | 'needsMeasure'
          | 'needsWeight'
          | 'needsSticker'
          | 'stickerPrintedAt'
          | 'attentionMessage'
          | 'isDamaged'
          | 'damageComment'
          | 'heightCm'
          | 'widthCm'
          | 'lengthCm'
          | 'weightGrams'
        >
      >,
      options: { isMove?: boolean } = {},
    ): Promise<number> {
      // Only a move raises the version: a measure by another worker does not make a sorting
      // decision stale.
      const version = options.isMove ? sql`${parcels.version} + 1` : parcels.version;
      const rows = await db
        .update(parcels)
        .set({ ...values, version, updatedAt: sql`now()` })
        .where(eq(parcels.id, id))
        .returning({ version: parcels.version });
      return rows[0]?.version ?? 0;
    },

    async findInboundById(id: number) {
      const rows = await db.select().from(inbounds).where(eq(inbounds.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findInboundByAcceptanceBarcode(barcode: string) {
      const rows = await db
        .select({
          id: inbounds.id,
          number: inbounds.number,
          senderName: inbounds.senderName,
          arrivedAt: inbounds.arrivedAt,
          warehouse: warehouseScopeColumns,
          detailsQuantity: sql<number>`(select coalesce(sum(p.quantity), 0)::int from parcels as p where p.inbound_id = "inbounds"."id")`,
        })
        .from(inbounds)
        .innerJoin(warehouses, eq(warehouses.id, inbounds.warehouseId))
        .where(eq(inbounds.acceptanceBarcode, barcode))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The `.69.` scan: the supply arrives (part 2 §4: state 1 → 5) and, when it needs
     * stickering that is not disabled, gets its receipt place document, in one statement
     * (docs/DECISIONS.md "Inbound supplies and outbound shipments").
     */
    async markInboundArrived(id: number): Promise<void> {
      await db.execute(sql`
        with arrived as (
          update inbounds
          set arrived_at = coalesce(arrived_at, now()),
            state = case when state = 1 then 5 else state end
          where id = ${id}
          returning id, number, needs_stickering, is_stickering_disabled
        )
        insert into inbound_documents (inbound_id, kind, number)
        select id, 'receipt-place', 'RP-' || number from arrived
        where needs_stickering and not is_stickering_disabled
        on conflict do nothing`);
    },

    async findDimensionByBarcode(barcode: string) {
      const rows = await db
        .select()
        .from(dimensionTypes)
        .where(eq(dimensionTypes.barcode, barcode))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),

    /** The history of a unit by barcode in a warehouse, newest first, with the user's name. */
    async listUnitEvents(
      barcode: string,
      warehouseId: number,
      limit: number,
    ): Promise<UnitEventRow[]> {
      return db
        .select({
          id: events.id,
          at: events.at,
          kind: events.kind,
          userId: events.userId,
          userName: users.name,
          warehouseNumber: warehouses.number,
          payload: events.payload,
        })
        .from(eventUnits)
        .innerJoin(events, eq(events.id, eventUnits.eventId))
        .leftJoin(users, eq(users.id, events.userId))
        .leftJoin(warehouses, eq(warehouses.id, events.warehouseId))
        .where(and(eq(eventUnits.barcode, barcode), eq(events.warehouseId, warehouseId)))
        .orderBy(desc(events.at), desc(events.id))
        .limit(limit);
    },

    async countEvents(kind: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(eq(events.kind, kind));
      return rows[0]?.n ?? 0;
    },
  };
}

export type SortingRepository = ReturnType<typeof createSortingRepository>;
