import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { selectList } from '../../db/select-list.js';
import { boxes, cells, inbounds, parcels, warehouses, zones } from '../../db/schema.js';
import { rowsOf } from '../../db/raw-rows.js';

export { rowsOf };

// The rows, column sets and SQL builders the sorting repositories share (scan reads, move
// statements, containers).

export interface WarehouseScopeRow {
  id: number;
  number: number;
  code: string;
  sortingCenterId: number | null;
  disableAutomove: boolean;
}

export type ZoneType = (typeof zones.$inferSelect)['type'];

export interface ZoneRow {
  id: number;
  warehouseId: number;
  number: number;
  type: ZoneType;
}

export interface CellRow {
  id: number;
  warehouseId: number;
  zoneId: number;
  number: number;
  name: string;
  row: string;
  col: number;
  isEmpty: boolean;
  barcode: string;
  zoneNumber: number;
  zoneType: ZoneType;
}

export interface BoxRow {
  id: number;
  warehouseId: number;
  number: number;
  barcode: string;
  cellId: number | null;
  sortingKey: string | null;
  isClosed: boolean;
  version: number;
  parcelsCount: number;
}

export interface ParcelRow {
  id: number;
  warehouseId: number;
  number: string;
  name: string;
  sortingKey: string;
  sortingName: string;
  routeNumber: string | null;
  inboundId: number | null;
  boxId: number | null;
  isReceipted: boolean;
  needsMeasure: boolean;
  needsWeight: boolean;
  needsSticker: boolean;
  attentionMessage: string | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  weightGrams: number | null;
  clientName: string | null;
  makeName: string | null;
  detailNumber: string | null;
  detailName: string | null;
  quantity: number;
  version: number;
}

/** A parcel with what its answer shows of its box, its inbound and its warehouse. */
export interface ParcelView extends ParcelRow {
  boxNumber: number | null;
  boxIsClosed: boolean | null;
  boxCellId: number | null;
  /** The cell the parcel's box stands in: where an already sorted parcel lies. */
  boxCellName: string | null;
  inboundNumber: string | null;
  inboundIsReceipted: boolean | null;
  notReceiptedQuantity: number;
  warehouse: WarehouseScopeRow;
}

export interface SuggestedCellRow extends CellRow {
  /** 0: its open box collects the key; 1: its open box is empty; 2: the cell is empty. */
  rank: number;
}

export interface UnitEventRow {
  id: number;
  at: Date;
  kind: string;
  userId: number | null;
  userName: string | null;
  warehouseNumber: number | null;
  payload: unknown;
}

export const warehouseScopeColumns = {
  id: warehouses.id,
  number: warehouses.number,
  code: warehouses.code,
  sortingCenterId: warehouses.sortingCenterId,
  disableAutomove: warehouses.disableAutomove,
};

export const cellColumns = {
  id: cells.id,
  warehouseId: cells.warehouseId,
  zoneId: cells.zoneId,
  number: cells.number,
  name: cells.name,
  row: cells.row,
  col: cells.col,
  isEmpty: cells.isEmpty,
  barcode: cells.barcode,
  zoneNumber: zones.number,
  zoneType: zones.type,
};

// Written with qualified names: drizzle leaves a column of a single-table select unqualified,
// which inside the subquery would mean the subquery's own column.
export const parcelsInBox = sql<number>`(select count(*)::int from parcels as p where p.box_id = "boxes"."id")`;

export const boxTableColumns = {
  id: boxes.id,
  warehouseId: boxes.warehouseId,
  number: boxes.number,
  barcode: boxes.barcode,
  cellId: boxes.cellId,
  sortingKey: boxes.sortingKey,
  isClosed: boxes.isClosed,
  version: boxes.version,
};

export const boxColumns = { ...boxTableColumns, parcelsCount: parcelsInBox };

export const parcelColumns = {
  id: parcels.id,
  warehouseId: parcels.warehouseId,
  number: parcels.number,
  name: parcels.name,
  sortingKey: parcels.sortingKey,
  sortingName: parcels.sortingName,
  routeNumber: parcels.routeNumber,
  inboundId: parcels.inboundId,
  boxId: parcels.boxId,
  isReceipted: parcels.isReceipted,
  needsMeasure: parcels.needsMeasure,
  needsWeight: parcels.needsWeight,
  needsSticker: parcels.needsSticker,
  attentionMessage: parcels.attentionMessage,
  heightCm: parcels.heightCm,
  widthCm: parcels.widthCm,
  lengthCm: parcels.lengthCm,
  weightGrams: parcels.weightGrams,
  clientName: parcels.clientName,
  makeName: parcels.makeName,
  detailNumber: parcels.detailNumber,
  detailName: parcels.detailName,
  quantity: parcels.quantity,
  version: parcels.version,
};

// Select lists of the move's statements, written as SQL text (db/select-list.ts).
export const parcelList = selectList(parcelColumns, 'p.');
export const warehouseList = selectList(warehouseScopeColumns, 'w.');
export const cellList = selectList(cellColumns);
export const boxList = selectList(boxTableColumns);
export const movedCellList = selectList(cellColumns, 'c.');

/** The rows of a raw statement whose select list names the fields of T (selectList). */
export function rowsAs<T>(result: unknown): T[] {
  return rowsOf(result) as unknown as T[];
}

/** One query: the parcel with its box, inbound, warehouse and the inbound's remainder. */
/** The cell a parcel's box stands in (a second `cells` of the parcel reads). */
export const boxCells = alias(cells, 'box_cells');

export function parcelViewQuery(db: Db, condition: SQL) {
  return db
    .select({
      ...parcelColumns,
      boxNumber: boxes.number,
      boxIsClosed: boxes.isClosed,
      boxCellId: boxes.cellId,
      boxCellName: boxCells.name,
      inboundNumber: inbounds.number,
      inboundIsReceipted: inbounds.isReceipted,
      notReceiptedQuantity,
      warehouse: warehouseScopeColumns,
    })
    .from(parcels)
    .innerJoin(warehouses, eq(warehouses.id, parcels.warehouseId))
    .leftJoin(boxes, eq(boxes.id, parcels.boxId))
    .leftJoin(boxCells, eq(boxCells.id, boxes.cellId))
    .leftJoin(inbounds, eq(inbounds.id, parcels.inboundId))
    .where(condition)
    .limit(1);
}

/**
 * Up to `limit` cells of a zone for a sorting key, best first: the cell whose open box
 * collects the key, then cells with an open box holding no parcel, then empty cells, each
 * nearest first (row, then column). One query, written as SQL text (db/select-list.ts):
 * every scan runs it.
 */
export function suggestCellsSql(zoneId: number, sortingKey: string, limit: number): SQL {
  return sql`
    select ${cellList},
      (case when boxes.sorting_key = ${sortingKey} then 0
            when boxes.id is not null then 1 else 2 end) as "rank"
    from cells
      inner join zones on zones.id = cells.zone_id
      left join boxes on boxes.cell_id = cells.id and not boxes.is_closed
    where cells.zone_id = ${zoneId}
      and (boxes.sorting_key = ${sortingKey}
        -- An open box without parcels takes any key, whatever key it had before.
        or (boxes.id is not null
          and (boxes.sorting_key is null
            or not exists (select 1 from parcels as p where p.box_id = boxes.id)))
        or cells.is_empty)
    order by "rank", cells.row, cells.col
    limit ${limit}`;
}

export const zoneColumns = {
  id: zones.id,
  warehouseId: zones.warehouseId,
  number: zones.number,
  type: zones.type,
};

export const notReceiptedQuantity = sql<number>`case when "parcels"."inbound_id" is null then 0 else (select count(*)::int from parcels as p where p.inbound_id = "parcels"."inbound_id" and not p.is_receipted) end`;

/**
 * What a scan judges, in one round trip: the warehouse asked for, the zone asked for when it
 * is of that warehouse, and the parcel matching `parcelMatch` when it is of that warehouse.
 * No row: no such warehouse.
 */
export function scanContextQuery(db: Db, parcelMatch: SQL) {
  return db
    .select({
      warehouse: warehouseScopeColumns,
      zone: zoneColumns,
      parcel: parcelColumns,
      box: { number: boxes.number, isClosed: boxes.isClosed, cellId: boxes.cellId },
      boxCell: { name: boxCells.name },
      inbound: { number: inbounds.number, isReceipted: inbounds.isReceipted },
      notReceiptedQuantity,
    })
    .from(warehouses)
    .leftJoin(
      zones,
      and(eq(zones.id, sql.placeholder('zoneId')), eq(zones.warehouseId, warehouses.id)),
    )
    .leftJoin(parcels, and(parcelMatch, eq(parcels.warehouseId, warehouses.id)))
    .leftJoin(boxes, eq(boxes.id, parcels.boxId))
    .leftJoin(boxCells, eq(boxCells.id, boxes.cellId))
    .leftJoin(inbounds, eq(inbounds.id, parcels.inboundId))
    .where(eq(warehouses.id, sql.placeholder('warehouseId')))
    .limit(1);
}

/**
 * A move's parcel, locked, with its warehouse ("p." and "w." fields), the version the user
 * last saw ("seenVersion", null when never scanned) and what holds it for a recipient
 * ("pickingHold": PICKED, HANDED_OUT or null; docs/DECISIONS.md "Recipient picking").
 */
export function lockedParcelSql(parcelId: number, userId: number): SQL {
  return sql`
    select ${parcelList}, ${warehouseList},
      (select pv.version from parcel_views as pv
       where pv.user_id = ${userId} and pv.parcel_id = "parcels"."id") as "seenVersion",
      (select pp.hold from picking_parcels as pp
       where pp.parcel_id = "parcels"."id") as "pickingHold"
    from parcels inner join warehouses on warehouses.id = parcels.warehouse_id
    where parcels.id = ${parcelId}
    limit 1
    for update of parcels`;
}

/** The reads of a scan: null where there is none (of the warehouse). */
export interface ScanContext {
  warehouse: WarehouseScopeRow | null;
  zone: ZoneRow | null;
  parcel: ParcelView | null;
}

type ScanContextRow = Awaited<ReturnType<typeof scanContextQuery>>[number];

export function toScanContext(row: ScanContextRow | undefined): ScanContext {
  if (!row) return { warehouse: null, zone: null, parcel: null };
  const { warehouse, zone, parcel, box, boxCell, inbound } = row;
  return {
    warehouse,
    zone,
    parcel: parcel
      ? {
          ...parcel,
          boxNumber: box?.number ?? null,
          boxIsClosed: box?.isClosed ?? null,
          boxCellId: box?.cellId ?? null,
          boxCellName: boxCell?.name ?? null,
          inboundNumber: inbound?.number ?? null,
          inboundIsReceipted: inbound?.isReceipted ?? null,
          notReceiptedQuantity: row.notReceiptedQuantity,
          warehouse,
        }
      : null,
  };
}
