import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPickingDeliveryType, TPickingItemState, TPickingMode } from '@sorting/contracts';
import type { Db } from '../../db/database.js';

import { pickingClients, pickingItems, pickingParcels, pickings } from '../../db/schema-picking.js';
import { parcels } from '../../db/schema-sorting.js';
import { pagedSelect } from '../../db/paged-select.js';
import { dateOrNull, numberOrNull, rowsOf, textOrNull } from '../../db/raw-rows.js';
import {
  createEventRecorder,
  eventCtes,
  type EventPayload,
  type EventUnits,
} from '../../db/events.js';

// SQL of recipient picking (spec part 1 §7 "Recipient picking"; docs/DECISIONS.md "Recipient
// picking"). The reads are written as SQL text: a client's counts and its open picking in
// one round trip per page.

export interface PickingWarehouseRow {
  id: number;
  number: number;
  code: string;
  sortingCenterId: number | null;
  /** Part 1 §6. */
  isSinglePickingPerDevice: boolean;
}

/** A recipient with what lies in cells for it and its open picking. */
export interface PickingClientRow {
  id: number;
  code: string;
  name: string;
  warehouseCodeFrom: string | null;
  warehouseCodeTo: string | null;
  addressFrom: string | null;
  addressTo: string | null;
  deliveryType: TPickingDeliveryType;
  validationType: number;
  pickingMode: TPickingMode;
  allowedGateCells: string[];
  balanceKopecks: number | null;
  balanceDebetKopecks: number | null;
  isNeedBalanceCheck: boolean;
  parcelsCount: number;
  barcodes: string[];
  cashOnDeliveryKopecks: number;
  parcelsForReturnCount: number;
  pickingId: number | null;
  pickingBegunAt: Date | null;
  pickingUserId: number | null;
  pickingUserName: string | null;
  pickingDeviceId: string | null;
  deliveryId: number | null;
}

/** A picking with its client, as a change locks it. */
export interface PickingRow {
  id: number;
  warehouseId: number;
  clientId: number;
  clientCode: string;
  state: 'OPEN' | 'PROCESSED' | 'CANCELLED';
  userId: number;
  userName: string;
  deviceId: string | null;
  begunAt: Date;
  /** The client's gate rule (part 1 §3; a pickup's cell is judged by it). */
  pickingMode: TPickingMode;
  allowedGateCells: string[];
}

/** A picking item with its parcel and where the parcel lies now. */
export interface PickingItemRow {
  itemId: number;
  parcelId: number;
  state: TPickingItemState;
  barcode: string;
  name: string;
  make: string | null;
  article: string | null;
  quantity: number;
  cashOnDeliveryKopecks: number;
  storageDeadline: string | null;
  isInReturnArea: boolean;
  boxBarcode: string | null;
  cellBarcode: string | null;
  cellName: string | null;
  cellNumber: number | null;
  cellRow: string | null;
  cellCol: number | null;
  zoneNumber: number | null;
  zoneType: string | null;
}

/** A text[] as it comes back from either driver ('{a,b}' text on some paths). */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((part) => part.replace(/^"|"$/g, ''));
  }
  return [];
}

/**
 * A parcel "lies in a cell" for its recipient while its box stands in a cell, it is not in
 * the returns area, it was not handed out (spec part 1 §3 Picking client parcelsCount) and it
 * was not marked lost (docs/DECISIONS.md "Picking validation").
 */
const IN_CELL = sql.raw(
  `(b.cell_id is not null and not pp.is_in_return_area and pp.hold is distinct from 'HANDED_OUT'
    and not p.is_lost)`,
);

/**
 * The client columns of the clients `chosen` (a relation with an `id` column), with their
 * counts and open picking: the aggregates run for those clients only (a page, one code).
 */
function clientColumnsSql(chosen: SQL, tail: SQL): SQL {
  return sql`
    select c.id, c.code, c.name, c.warehouse_code_from, c.warehouse_code_to, c.address_from,
      c.address_to, c.delivery_type, c.validation_type, c.picking_mode, c.allowed_gate_cells,
      c.balance_kopecks, c.balance_debet_kopecks, c.is_need_balance_check,
      agg.parcels_count, agg.barcodes, agg.cod, agg.for_return,
      pk.id as picking_id, pk.begun_at as picking_begun_at, pk.user_id as picking_user_id,
      u.name as picking_user_name, pk.device_id as picking_device_id, pk.delivery_id
    from ${chosen} as chosen
      inner join picking_clients as c on c.id = chosen.id
      cross join lateral (
        select count(*) filter (where ${IN_CELL})::int as parcels_count,
          coalesce(array_agg(p.number order by p.number) filter (where ${IN_CELL}),
            '{}'::text[]) as barcodes,
          coalesce(sum(pp.cash_on_delivery_kopecks) filter (where ${IN_CELL}), 0)::float8 as cod,
          count(*) filter (where pp.is_in_return_area
            and pp.hold is distinct from 'HANDED_OUT')::int as for_return
        from picking_parcels as pp
          inner join parcels as p on p.id = pp.parcel_id
          left join boxes as b on b.id = p.box_id
        where pp.client_id = c.id) as agg
      left join pickings as pk on pk.client_id = c.id and pk.state = 'OPEN'
      left join users as u on u.id = pk.user_id
    ${tail}`;
}

/**
 * The clients of a listing: those matching `where` with a parcel in a cell, each judged by one
 * semi-join that stops at the first such parcel (no aggregate over the whole warehouse).
 */
function listedSql(where: SQL): SQL {
  return sql`
    select c.id, c.name, c.code from picking_clients as c
    where ${where}
      and exists (select 1 from picking_parcels as pp
        inner join parcels as p on p.id = pp.parcel_id
        inner join boxes as b on b.id = p.box_id
        where pp.client_id = c.id and ${IN_CELL})`;
}

function toClientRow(row: Record<string, unknown>): PickingClientRow {
  return {
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    warehouseCodeFrom: textOrNull(row.warehouse_code_from),
    warehouseCodeTo: textOrNull(row.warehouse_code_to),
    addressFrom: textOrNull(row.address_from),
    addressTo: textOrNull(row.address_to),
    deliveryType: row.delivery_type as TPickingDeliveryType,
    validationType: Number(row.validation_type),
    pickingMode: row.picking_mode as TPickingMode,
    allowedGateCells: textArray(row.allowed_gate_cells),
    balanceKopecks: numberOrNull(row.balance_kopecks),
    balanceDebetKopecks: numberOrNull(row.balance_debet_kopecks),
    isNeedBalanceCheck: row.is_need_balance_check === true,
    parcelsCount: Number(row.parcels_count),
    barcodes: textArray(row.barcodes),
    cashOnDeliveryKopecks: Number(row.cod),
    parcelsForReturnCount: Number(row.for_return),
    pickingId: numberOrNull(row.picking_id),
    pickingBegunAt: dateOrNull(row.picking_begun_at),
    pickingUserId: numberOrNull(row.picking_user_id),
    pickingUserName: textOrNull(row.picking_user_name),
    pickingDeviceId: textOrNull(row.picking_device_id),
    deliveryId: numberOrNull(row.delivery_id),
  };
}

/** `%` and `_` of a search taken literally in ILIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const itemsSql = (where: SQL) => sql`
  select pi.id as item_id, pi.parcel_id, pi.state, p.number, p.name, p.make_name,
    p.detail_number, p.quantity, pp.cash_on_delivery_kopecks::float8 as cod,
    to_char(pp.storage_deadline, 'YYYY-MM-DD') as deadline,
    coalesce(pp.is_in_return_area, false) as in_return_area,
    b.barcode as box_barcode, c.barcode as cell_barcode, c.name as cell_name,
    c.number as cell_number, c.row as cell_row, c.col as cell_col, z.number as zone_number,
    z.type as zone_type
  from picking_items as pi
    inner join parcels as p on p.id = pi.parcel_id
    left join picking_parcels as pp on pp.parcel_id = pi.parcel_id
    left join boxes as b on b.id = p.box_id
    left join cells as c on c.id = b.cell_id
    left join zones as z on z.id = c.zone_id
  where ${where}`;

function toItemRow(row: Record<string, unknown>): PickingItemRow {
  return {
    itemId: Number(row.item_id),
    parcelId: Number(row.parcel_id),
    state: row.state as TPickingItemState,
    barcode: String(row.number),
    name: String(row.name),
    make: textOrNull(row.make_name),
    article: textOrNull(row.detail_number),
    quantity: Number(row.quantity),
    cashOnDeliveryKopecks: Number(row.cod ?? 0),
    storageDeadline: textOrNull(row.deadline),
    isInReturnArea: row.in_return_area === true,
    boxBarcode: textOrNull(row.box_barcode),
    cellBarcode: textOrNull(row.cell_barcode),
    cellName: textOrNull(row.cell_name),
    cellNumber: numberOrNull(row.cell_number),
    cellRow: textOrNull(row.cell_row),
    cellCol: numberOrNull(row.cell_col),
    zoneNumber: numberOrNull(row.zone_number),
    zoneType: textOrNull(row.zone_type),
  };
}

/** SQL of recipient picking: clients, their parcels, pickings and items, events. */
/**
 * A picking item as a lost or returned mark reads it: its picking (with the warehouse number
 * and client), its parcel and where that lies (box, cell).
 */
export interface ItemCandidate {
  itemId: number;
  pickingId: number;
  warehouseNumber: number;
  clientId: number;
  parcelId: number;
  state: string;
  barcode: string;
  boxBarcode: string | null;
  cellBarcode: string | null;
  cellName: string | null;
}

/** An item taken off its picking, lost or returned: which, when, by whom, the device's time. */
export interface ItemRemoval {
  itemId: number;
  pickingId: number;
  parcelId: number;
  at: Date;
  userId: number;
  deviceAt: Date;
}

/**
 * A picking item by id, for lost and return; `lock` locks the item (after
 * its picking was share-locked, the order a pickup takes too).
 */
export async function findItemCandidate(
  db: Db,
  itemId: number,
  lock: boolean,
): Promise<ItemCandidate | null> {
  const row = rowsOf(
    await db.execute(sql`
      select pi.id, pi.picking_id, w.number as warehouse_number, pk.client_id,
        pi.parcel_id, pi.state, p.number, b.barcode as box_barcode,
        c.barcode as cell_barcode, c.name as cell_name
      from picking_items as pi
        inner join pickings as pk on pk.id = pi.picking_id
        inner join warehouses as w on w.id = pk.warehouse_id
        inner join parcels as p on p.id = pi.parcel_id
        left join boxes as b on b.id = p.box_id
        left join cells as c on c.id = b.cell_id
      where pi.id = ${itemId}
      ${lock ? sql`for update of pi` : sql``}`),
  )[0];
  if (!row) return null;
  return {
    itemId: Number(row.id),
    pickingId: Number(row.picking_id),
    warehouseNumber: Number(row.warehouse_number),
    clientId: Number(row.client_id),
    parcelId: Number(row.parcel_id),
    state: String(row.state),
    barcode: String(row.number),
    boxBarcode: textOrNull(row.box_barcode),
    cellBarcode: textOrNull(row.cell_barcode),
    cellName: textOrNull(row.cell_name),
  };
}

export function createPickingRepository(db: Db) {
  return {
    /**
     * One page of a warehouse's clients with a parcel in a cell, by name then code; `search`
     * is part of a client code or of a name (as a worker types, case-insensitive) or a
     * parcel barcode; the exact code comes first, so a scanned code finds its client on the
     * first page (DECISIONS "Recipient picking").
     */
    async listClients(
      warehouseId: number,
      page: { search: string | undefined; limit: number; offset: number },
    ): Promise<{ rows: PickingClientRow[]; totalCount: number }> {
      const conditions = [sql`c.warehouse_id = ${warehouseId}`];
      if (page.search !== undefined) {
        const pattern = likePattern(page.search);
        conditions.push(sql`(c.code ilike ${pattern} or c.name ilike ${pattern}
          or exists (select 1 from picking_parcels as sp inner join parcels as spp
            on spp.id = sp.parcel_id where sp.client_id = c.id and spp.number = ${page.search}))`);
      }
      const { rows, total } = await pagedSelect(db, {
        listed: listedSql(sql.join(conditions, sql` and `)),
        page: clientColumnsSql(
          sql`(select id, name, code from listed
            order by code = ${page.search ?? null} desc, name, code
            limit ${page.limit} offset ${page.offset})`,
          sql`order by c.code = ${page.search ?? null} desc, c.name, c.code`,
        ),
      });
      return { rows: rows.map(toClientRow), totalCount: total };
    },

    /** A client of a warehouse by its code, with its counts and open picking. */
    async findClient(warehouseId: number, code: string): Promise<PickingClientRow | null> {
      const result = await db.execute(
        clientColumnsSql(
          sql`(select id from picking_clients
            where warehouse_id = ${warehouseId} and code = ${code})`,
          sql`limit 1`,
        ),
      );
      const row = rowsOf(result)[0];
      return row ? toClientRow(row) : null;
    },

    /** Locks a client's row: two begins of one client run one after the other. */
    async lockClient(clientId: number): Promise<void> {
      await db
        .select({ id: pickingClients.id })
        .from(pickingClients)
        .where(eq(pickingClients.id, clientId))
        .for('update');
    },

    async insertPicking(values: {
      warehouseId: number;
      clientId: number;
      userId: number;
      deviceId: string | null;
      begunAt: Date;
    }): Promise<number> {
      const [row] = await db.insert(pickings).values(values).returning({ id: pickings.id });
      if (!row) throw new Error('picking insert returned nothing');
      return row.id;
    },

    /**
     * The items of a new picking: WAITING for each of the client's parcels lying in a cell,
     * RETURNED for each lying in the returns area. Answers the barcodes by state.
     */
    async insertItems(
      pickingId: number,
      clientId: number,
    ): Promise<{ waiting: string[]; returned: string[] }> {
      const result = await db.execute(sql`
        with source as (
          select pp.parcel_id, p.number,
            case when pp.is_in_return_area then 'RETURNED' else 'WAITING' end as state
          from picking_parcels as pp
            inner join parcels as p on p.id = pp.parcel_id
            left join boxes as b on b.id = p.box_id
          where pp.client_id = ${clientId} and pp.hold is null and not p.is_lost
            and (pp.is_in_return_area or b.cell_id is not null)
        ), inserted as (
          insert into picking_items (picking_id, parcel_id, state)
          select ${pickingId}, parcel_id, state from source
        )
        select number, state from source order by number`);
      const rows = rowsOf(result);
      const of = (state: string) =>
        rows.filter((row) => row.state === state).map((row) => String(row.number));
      return { waiting: of('WAITING'), returned: of('RETURNED') };
    },

    /**
     * A picking of a warehouse (by number: the caller's default) with its client and user,
     * locked: `update` for end and cancel (one wins),
     * `share` for a pickup (pickups of one picking run side by side, an end waits for them),
     * `none` for a read.
     */
    async lockPicking(
      id: number,
      warehouseNumber: number,
      mode: 'update' | 'share' | 'none',
    ): Promise<PickingRow | null> {
      const result = await db.execute(sql`
        select pk.id, pk.warehouse_id, pk.client_id, c.code as client_code, pk.state,
          pk.user_id, u.name as user_name, pk.device_id, pk.begun_at, c.picking_mode,
          c.allowed_gate_cells
        from pickings as pk
          inner join picking_clients as c on c.id = pk.client_id
          inner join users as u on u.id = pk.user_id
          inner join warehouses as w on w.id = pk.warehouse_id
        where pk.id = ${id} and w.number = ${warehouseNumber}
        ${mode === 'update' ? sql`for update of pk` : mode === 'share' ? sql`for share of pk` : sql``}`);
      const row = rowsOf(result)[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        warehouseId: Number(row.warehouse_id),
        clientId: Number(row.client_id),
        clientCode: String(row.client_code),
        state: row.state as PickingRow['state'],
        userId: Number(row.user_id),
        userName: String(row.user_name),
        deviceId: textOrNull(row.device_id),
        begunAt: new Date(row.begun_at as string | Date),
        pickingMode: row.picking_mode as TPickingMode,
        allowedGateCells: textArray(row.allowed_gate_cells),
      };
    },

    /** A picking's items, by the walk through the hall (zone, cell), then name. */
    async listItems(pickingId: number): Promise<PickingItemRow[]> {
      const result = await db.execute(sql`
        ${itemsSql(sql`pi.picking_id = ${pickingId}`)}
        order by coalesce(pp.is_in_return_area, false), z.number nulls last, c.number nulls last,
          p.name, p.number`);
      return rowsOf(result).map(toItemRow);
    },

    async findItem(itemId: number): Promise<PickingItemRow | null> {
      const row = rowsOf(await db.execute(itemsSql(sql`pi.id = ${itemId}`)))[0];
      return row ? toItemRow(row) : null;
    },

    /**
     * The item of a picking whose parcel has this barcode, locked, and its parcel share-locked
     * in the same statement: a sorting move (which locks the parcel for update) and a pickup
     * run one after the other, so the pickup's next statement reads the cell the parcel lies
     * in after any move. Null when the picking has no such parcel.
     */
    /**
     * What a barcode that is no item of the picking names (part 1 §4 recognition), so the
     * refusal says why: a parcel of this recipient or of another, a parcel of no recipient,
     * a box, a recipient's code, or nothing of this warehouse.
     */
    async describeBarcode(
      picking: { warehouseId: number; clientId: number },
      barcode: string,
    ): Promise<'ownParcel' | 'otherRecipient' | 'parcel' | 'box' | 'client' | 'unknown'> {
      const result = await db.execute(sql`
        select
          (select case when pp.client_id = ${picking.clientId} then 'ownParcel'
                       when pp.client_id is not null then 'otherRecipient'
                       else 'parcel' end
             from parcels as p left join picking_parcels as pp on pp.parcel_id = p.id
             where p.warehouse_id = ${picking.warehouseId} and p.number = ${barcode}
             limit 1) as parcel,
          exists(select 1 from boxes as b
                 where b.warehouse_id = ${picking.warehouseId} and b.barcode = ${barcode}) as box,
          exists(select 1 from picking_clients as c
                 where c.warehouse_id = ${picking.warehouseId} and c.code = ${barcode}) as client`);
      const row = rowsOf(result)[0];
      const parcel = textOrNull(row?.parcel);
      if (parcel === 'ownParcel' || parcel === 'otherRecipient' || parcel === 'parcel') {
        return parcel;
      }
      if (row?.box === true) return 'box';
      if (row?.client === true) return 'client';
      return 'unknown';
    },

    async lockItemByBarcode(
      pickingId: number,
      barcode: string,
    ): Promise<{ itemId: number; parcelId: number; state: TPickingItemState } | null> {
      const result = await db.execute(sql`
        select pi.id, pi.parcel_id, pi.state
        from picking_items as pi inner join parcels as p on p.id = pi.parcel_id
        where pi.picking_id = ${pickingId} and p.number = ${barcode}
        limit 1
        for update of pi for share of p`);
      const row = rowsOf(result)[0];
      if (!row) return null;
      return {
        itemId: Number(row.id),
        parcelId: Number(row.parcel_id),
        state: row.state as TPickingItemState,
      };
    },

    /**
     * The writes of a pickup in one statement: the item PICKED, its parcel held, the event
     * with its units; answers the picking's progress with this item picked.
     */
    async recordPickup(pickup: {
      pickingId: number;
      itemId: number;
      parcelId: number;
      userId: number;
      at: Date;
      deviceAt: Date;
      event: { warehouseId: number; kind: string; payload: EventPayload; units: EventUnits };
    }): Promise<{ picked: number; total: number }> {
      const { event } = pickup;
      const result = await db.execute(sql`
        with item as (
          update picking_items
          set state = 'PICKED', picked_at = ${pickup.at.toISOString()}::timestamptz,
            picked_by = ${pickup.userId},
            device_picked_at = ${pickup.deviceAt.toISOString()}::timestamptz
          where id = ${pickup.itemId}
        ), held as (
          update picking_parcels set hold = 'PICKED' where parcel_id = ${pickup.parcelId}
        ), ${eventCtes(
          { at: pickup.at, userId: pickup.userId, warehouseId: event.warehouseId },
          event.kind,
          event.payload,
          event.units,
        )}
        -- This statement's snapshot still shows the item WAITING: it is counted as picked.
        select count(*) filter (where state = 'PICKED')::int + 1 as picked,
          count(*) filter (where state in ('WAITING', 'PICKED'))::int as total
        from picking_items where picking_id = ${pickup.pickingId}`);
      const row = rowsOf(result)[0];
      return { picked: Number(row?.picked ?? 0), total: Number(row?.total ?? 0) };
    },

    /** Items picked and items to pick (WAITING and PICKED) of a picking. */
    async progress(pickingId: number): Promise<{ picked: number; total: number }> {
      const rows = rowsOf(
        await db.execute(sql`
          select count(*) filter (where state = 'PICKED')::int as picked,
            count(*) filter (where state in ('WAITING', 'PICKED'))::int as total
          from picking_items where picking_id = ${pickingId}`),
      );
      return { picked: Number(rows[0]?.picked ?? 0), total: Number(rows[0]?.total ?? 0) };
    },

    /** The PICKED items of a picking with their parcels, boxes and cash on delivery. */
    async listPicked(
      pickingId: number,
    ): Promise<
      { parcelId: number; barcode: string; boxBarcode: string | null; kopecks: number }[]
    > {
      const result = await db.execute(sql`
        select pi.parcel_id, p.number, b.barcode as box_barcode,
          coalesce(pp.cash_on_delivery_kopecks, 0)::float8 as cod
        from picking_items as pi
          inner join parcels as p on p.id = pi.parcel_id
          left join picking_parcels as pp on pp.parcel_id = pi.parcel_id
          left join boxes as b on b.id = p.box_id
        where pi.picking_id = ${pickingId} and pi.state = 'PICKED'
        order by p.number`);
      return rowsOf(result).map((row) => ({
        parcelId: Number(row.parcel_id),
        barcode: String(row.number),
        boxBarcode: textOrNull(row.box_barcode),
        kopecks: Number(row.cod),
      }));
    },

    /** The barcodes of a picking's WAITING items. */
    async listWaiting(pickingId: number): Promise<string[]> {
      const rows = await db
        .select({ number: parcels.number })
        .from(pickingItems)
        .innerJoin(parcels, eq(parcels.id, pickingItems.parcelId))
        .where(and(eq(pickingItems.pickingId, pickingId), eq(pickingItems.state, 'WAITING')))
        .orderBy(parcels.number);
      return rows.map((row) => row.number);
    },

    /**
     * Hands parcels out: they leave their boxes with a new version (a stale sorting move is
     * refused) and are held HANDED_OUT by this picking.
     */
    async handOut(pickingId: number, parcelIds: number[], at: Date): Promise<void> {
      if (parcelIds.length === 0) return;
      await db
        .update(parcels)
        .set({ boxId: null, version: sql`${parcels.version} + 1`, updatedAt: sql`now()` })
        .where(inArray(parcels.id, parcelIds));
      await db
        .update(pickingParcels)
        .set({ hold: 'HANDED_OUT', handedOutAt: at, handedOutPickingId: pickingId })
        .where(inArray(pickingParcels.parcelId, parcelIds));
    },

    async closePicking(
      id: number,
      outcome: {
        state: 'PROCESSED' | 'CANCELLED';
        at: Date;
        userId: number;
        deviceAt: Date | null;
      },
    ): Promise<void> {
      await db
        .update(pickings)
        .set({
          state: outcome.state,
          endedAt: outcome.at,
          endedBy: outcome.userId,
          deviceEndedAt: outcome.deviceAt,
        })
        .where(eq(pickings.id, id));
    },

    /** PICKED items back to WAITING and their parcels no longer held; answers their barcodes. */
    async putBack(pickingId: number): Promise<string[]> {
      const result = await db.execute(sql`
        with back as (
          update picking_items
          set state = 'WAITING', picked_at = null, picked_by = null, device_picked_at = null
          where picking_id = ${pickingId} and state = 'PICKED'
          returning parcel_id
        ), released as (
          update picking_parcels set hold = null
          where parcel_id in (select parcel_id from back)
        )
        select p.number from back inner join parcels as p on p.id = back.parcel_id
        order by p.number`);
      return rowsOf(result).map((row) => String(row.number));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type PickingRepository = ReturnType<typeof createPickingRepository>;
