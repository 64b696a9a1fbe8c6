import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { createEventRecorder } from '../../db/events.js';
import { numberOrNull, rowsOf, textOrNull } from '../../db/raw-rows.js';

/** A zone of a warehouse with its cells' count and extent (null extent: no cells yet). */
export interface ZoneRow {
  id: number;
  number: number;
  name: string;
  type: string;
  barcode: string;
  cellCount: number;
  rowFrom: string | null;
  rowTo: string | null;
  colFrom: number | null;
  colTo: number | null;
}

/** A cell as the topology page lists it, with the number of its open box. */
export interface CellRow {
  name: string;
  barcode: string;
  row: string;
  col: number;
  isEmpty: boolean;
  openBoxNumber: number | null;
}

/** A box with what its `box` label shows (part 2 §9). */
export interface BoxRow {
  number: number;
  barcode: string;
  route: string | null;
  client: string | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** A cell to create: its address, name and barcode (`formatCellName`, `formatCellBarcode`). */
export interface NewCell {
  row: string;
  col: number;
  name: string;
  barcode: string;
}

/** A cell range of one zone, both ends included. */
export interface RangeBounds {
  rowFrom: string;
  rowTo: string;
  colFrom: number;
  colTo: number;
}

function zoneOf(row: Record<string, unknown>): ZoneRow {
  return {
    id: Number(row.id),
    number: Number(row.number),
    name: String(row.name),
    type: String(row.type),
    barcode: String(row.barcode),
    cellCount: Number(row.cell_count ?? 0),
    rowFrom: textOrNull(row.row_from),
    rowTo: textOrNull(row.row_to),
    colFrom: numberOrNull(row.col_from),
    colTo: numberOrNull(row.col_to),
  };
}

const ZONE_COLUMNS = sql`z.id, z.number, z.name, z.type, z.barcode,
  count(c.id) as cell_count, min(c.row) as row_from, max(c.row) as row_to,
  min(c.col) as col_from, max(c.col) as col_to`;

/** SQL of the topology calls (docs/DECISIONS.md "Topology"): zones, cells and boxes. */
export function createTopologyRepository(db: Db) {
  return {
    /** The warehouse's zones by number, each with its cells' count and extent. */
    async listZones(warehouseId: number): Promise<ZoneRow[]> {
      const result = await db.execute(sql`
        select ${ZONE_COLUMNS}
        from zones z left join cells c on c.zone_id = z.id
        where z.warehouse_id = ${warehouseId}
        group by z.id order by z.number`);
      return rowsOf(result).map(zoneOf);
    },

    /** A zone of the warehouse by number; `lock` holds it until the transaction ends. */
    async findZone(warehouseId: number, number: number, lock = false): Promise<ZoneRow | null> {
      const result = await db.execute(sql`
        select z.id, z.number, z.name, z.type, z.barcode
        from zones z where z.warehouse_id = ${warehouseId} and z.number = ${number}
        ${lock ? sql`for update` : sql``}`);
      const row = rowsOf(result)[0];
      return row ? zoneOf(row) : null;
    },

    /**
     * The existing cells of a range, row by row, each with its open box's number. Plain rows in
     * the order of the `(zone_id, row, col)` index (a row is one letter a–z, the `cells_row`
     * check, so every collation orders it alike): a whole zone (2,574 cells) reads in about a
     * third of the time of one `json_agg` value, whose ordered aggregate sorts the built JSON
     * (docs/DECISIONS.md "Topology", the whole-zone read).
     */
    async listCells(zoneId: number, range: RangeBounds): Promise<CellRow[]> {
      const result = await db.execute(sql`
        select c.name, c.barcode, c.row, c.col, c.is_empty, b.number as open_box_number
        from cells c
        left join boxes b on b.cell_id = c.id and not b.is_closed
        where c.zone_id = ${zoneId}
          and c.row between ${range.rowFrom} and ${range.rowTo}
          and c.col between ${range.colFrom} and ${range.colTo}
        order by c.row, c.col`);
      return rowsOf(result).map((row) => ({
        name: String(row.name),
        barcode: String(row.barcode),
        row: String(row.row),
        col: Number(row.col),
        isEmpty: Boolean(row.is_empty),
        openBoxNumber: numberOrNull(row.open_box_number),
      }));
    },

    /**
     * Creates the cells of the list the zone lacks, in ONE statement: numbers continue the
     * zone's largest in the list's order; a cell that exists is left as it is. The caller
     * holds the zone's lock, so two calls for overlapping ranges number their cells in turn.
     * Answers the barcodes of the cells made.
     */
    async insertMissingCells(
      zone: { id: number; warehouseId: number },
      cells: readonly NewCell[],
    ): Promise<string[]> {
      const array = (values: readonly (string | number)[], type: 'text' | 'int') =>
        sql`array[${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )}]::${sql.raw(type)}[]`;
      const result = await db.execute(sql`
        with wanted as (
          select w.row, w.col, w.name, w.barcode, w.ord
          from unnest(${array(
            cells.map((cell) => cell.row),
            'text',
          )}, ${array(
            cells.map((cell) => cell.col),
            'int',
          )}, ${array(
            cells.map((cell) => cell.name),
            'text',
          )}, ${array(
            cells.map((cell) => cell.barcode),
            'text',
          )}) with ordinality as w(row, col, name, barcode, ord)
          where not exists (
            select 1 from cells x where x.zone_id = ${zone.id} and x.row = w.row and x.col = w.col)
        ), prev as (
          select coalesce(max(number), 0) as number from cells where zone_id = ${zone.id}
        )
        insert into cells (warehouse_id, zone_id, number, name, row, col, barcode)
        select ${zone.warehouseId}, ${zone.id},
          prev.number + row_number() over (order by wanted.ord),
          wanted.name, wanted.row, wanted.col, wanted.barcode
        from wanted cross join prev
        on conflict (zone_id, row, col) do nothing
        returning barcode`);
      return rowsOf(result).map((row) => String(row.barcode));
    },

    /** Inserts a zone; null when the warehouse already has one of this number. */
    async insertZone(values: {
      warehouseId: number;
      number: number;
      name: string;
      type: string;
      barcode: string;
    }): Promise<ZoneRow | null> {
      const result = await db.execute(sql`
        insert into zones (warehouse_id, number, name, type, barcode)
        values (${values.warehouseId}, ${values.number}, ${values.name}, ${values.type},
          ${values.barcode})
        on conflict do nothing
        returning id, number, name, type, barcode`);
      const row = rowsOf(result)[0];
      return row ? zoneOf(row) : null;
    },

    /**
     * The boxes of a number range, by number, with a route and client of their parcels (the
     * first route, the client when the parcels share one).
     */
    async listBoxes(warehouseId: number, numberFrom: number, numberTo: number): Promise<BoxRow[]> {
      const result = await db.execute(sql`
        select b.number, b.barcode, b.length_cm, b.width_cm, b.height_cm,
          (select min(p.route_number) from parcels p where p.box_id = b.id) as route,
          (select case when count(distinct p.client_name) = 1 then min(p.client_name) end
             from parcels p where p.box_id = b.id) as client
        from boxes b
        where b.warehouse_id = ${warehouseId} and b.number between ${numberFrom} and ${numberTo}
        order by b.number`);
      return rowsOf(result).map((row) => ({
        number: Number(row.number),
        barcode: String(row.barcode),
        route: textOrNull(row.route),
        client: textOrNull(row.client),
        lengthCm: numberOrNull(row.length_cm),
        widthCm: numberOrNull(row.width_cm),
        heightCm: numberOrNull(row.height_cm),
      }));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type TopologyRepository = ReturnType<typeof createTopologyRepository>;
