import type {
  TBoxRangeQuery,
  TCellRange,
  TCellsCreated,
  TTopologyBox,
  TTopologyCell,
  TTopologyZone,
  TZoneCreateRequest,
} from '@sorting/contracts';
import {
  CELL_ROWS,
  formatCellBarcode,
  formatCellName,
  formatZoneBarcode,
  type CellRow as DomainCellRow,
} from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RouteWarehouse } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { NewCell, TopologyRepository, ZoneRow } from './topology.repository.js';

function presentZone(row: ZoneRow): TTopologyZone {
  return { ...row, type: row.type as TTopologyZone['type'] };
}

/** The cells of a range row by row (a-01, a-02, …, b-01, …) with their names and barcodes. */
export function cellsOfRange(
  warehouseNumber: number,
  zoneNumber: number,
  range: TCellRange,
): NewCell[] {
  const first = CELL_ROWS.indexOf(range.rowFrom as DomainCellRow);
  const last = CELL_ROWS.indexOf(range.rowTo as DomainCellRow);
  const cells: NewCell[] = [];
  for (const row of CELL_ROWS.slice(first, last + 1)) {
    for (let col = range.colFrom; col <= range.colTo; col += 1) {
      const address = { warehouseNumber, zoneNumber, row, col };
      cells.push({
        row,
        col,
        name: formatCellName(address),
        barcode: formatCellBarcode(address),
      });
    }
  }
  return cells;
}

/**
 * `/topology-api` (docs/DECISIONS.md "Topology"): zones and cells as data and the boxes a
 * label is reprinted for. Reads are any user's of the warehouse; writes (a zone, a range's
 * cells) are its sorting centre's managers' (the route declares the roles), each once per
 * operation id and recorded as an event. Cells and zones are never deleted.
 */
export function createTopologyService(deps: {
  db: Db;
  repository: (db: Db) => TopologyRepository;
  now: () => Date;
}) {
  const { db, now } = deps;
  const repositoryOf = deps.repository;
  const operations = operationsOver(db, repositoryOf);

  /** The route's warehouse; one that does not exist → ErrorCode 104. */
  function warehouseOf(context: CallContext): RouteWarehouse {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  /** A write's warehouse: only a manager of its own sorting centre changes it (403). */
  function managedWarehouseOf(context: CallContext): RouteWarehouse {
    const warehouse = warehouseOf(context);
    if (
      warehouse.sortingCenterId === null ||
      warehouse.sortingCenterId !== context.user.sortingCenterId
    ) {
      throw refusal('forbidden', 'topologyOtherCentre', { number: warehouse.number });
    }
    return warehouse;
  }

  async function zoneOf(
    repository: TopologyRepository,
    warehouse: RouteWarehouse,
    zoneNumber: number,
    lock = false,
  ): Promise<ZoneRow> {
    const zone = await repository.findZone(warehouse.id, zoneNumber, lock);
    if (!zone) throw refusal('zoneNotFound', 'zoneNotFoundByNumber', { number: zoneNumber });
    return zone;
  }

  return {
    /** The warehouse's zones by number, with their cells' count and extent. */
    async zones(context: CallContext): Promise<TTopologyZone[]> {
      const rows = await repositoryOf(db).listZones(warehouseOf(context).id);
      return rows.map(presentZone);
    },

    /** The existing cells of a range of a zone, row by row. */
    async cells(
      zoneNumber: number,
      range: TCellRange,
      context: CallContext,
    ): Promise<TTopologyCell[]> {
      const repository = repositoryOf(db);
      const zone = await zoneOf(repository, warehouseOf(context), zoneNumber);
      return repository.listCells(zone.id, range);
    },

    /** A new zone (barcode by `formatZoneBarcode`); a number the warehouse has → ErrorCode 1. */
    async createZone(
      body: TZoneCreateRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TTopologyZone>> {
      const warehouse = managedWarehouseOf(context);
      return operations.run(context, async (repository) => {
        const row = await repository.insertZone({
          warehouseId: warehouse.id,
          number: body.number,
          name: body.name,
          type: body.type,
          barcode: formatZoneBarcode(warehouse.number, body.number),
        });
        if (!row) throw refusal('refused', 'topologyZoneExists', { number: body.number });
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at: now() },
          'topology.zoneCreated',
          { zoneNumber: row.number, name: row.name, type: row.type },
          [row.barcode],
        );
        return presentZone(row);
      });
    },

    /**
     * The missing cells of a range made in one statement under the zone's lock (numbers
     * continuing the zone's in row order), the existing ones untouched; one event.
     */
    async createCells(
      zoneNumber: number,
      range: TCellRange,
      context: CallContext,
    ): Promise<OperationOutcome<TCellsCreated>> {
      const warehouse = managedWarehouseOf(context);
      const wanted = cellsOfRange(warehouse.number, zoneNumber, range);
      return operations.run(context, async (repository) => {
        const zone = await zoneOf(repository, warehouse, zoneNumber, true);
        const created = await repository.insertMissingCells(
          { id: zone.id, warehouseId: warehouse.id },
          wanted,
        );
        const answer = { created: created.length, existing: wanted.length - created.length };
        if (created.length > 0) {
          await repository.events.record(
            { userId: context.user.id, warehouseId: warehouse.id, at: now() },
            'topology.cellsCreated',
            { zoneNumber, ...range, ...answer },
            created,
          );
        }
        return answer;
      });
    },

    /** The existing boxes of a number range with their label parameters, by number. */
    async boxes(query: TBoxRangeQuery, context: CallContext): Promise<TTopologyBox[]> {
      const warehouse = warehouseOf(context);
      return repositoryOf(db).listBoxes(warehouse.id, query.numberFrom, query.numberTo);
    },
  };
}

export type TopologyService = ReturnType<typeof createTopologyService>;
