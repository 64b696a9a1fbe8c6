import {
  AppError,
  toInt4Id,
  WAREHOUSE_NOT_FOUND_MESSAGE,
  type TWarehouse,
  type TZone,
  type TZoneListItem,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type {
  ContextRepository,
  WarehouseRow,
  ZoneListRow,
  ZoneRow,
} from './context.repository.js';

/**
 * A number sent as a JSON number or text; null when it can be no warehouse or zone number
 * (the id rule of the contracts: a positive int4), which then finds nothing.
 */
function toWholeNumber(value: number | string | undefined): number | null {
  return value === undefined ? null : toInt4Id(value);
}

function presentWarehouse(row: WarehouseRow): TWarehouse {
  return {
    Id: row.id,
    Name: row.name,
    Number: row.number,
    Code: row.code,
    DefaultZoneNumber: row.defaultZoneNumber,
    LastBoxNumber: row.lastBoxNumber,
    Version: row.version,
    SortingMode: row.sortingMode,
    IsSinglePickingPerDevice: row.isSinglePickingPerDevice,
    DisableAutomove: row.disableAutomove,
    MenuType: row.menuType,
  };
}

function presentZone(row: ZoneRow): TZone {
  return { Id: row.id, Number: row.number, Name: row.name, Type: row.type };
}

function presentZoneListItem(row: ZoneListRow): TZoneListItem {
  return { Id: row.id, Number: row.number, Name: row.name, Type: row.type, Barcode: row.barcode };
}

/** Spec part 1 §4 "Sorting entry": choose the warehouse, then the zone. */
export function createContextService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, ContextRepository>;
}) {
  const repository = deps.repository(deps.db);
  return {
    /** Ours (docs/DECISIONS.md "Sorting entry"): the warehouses the user may use, by number. */
    async listWarehouses(context: CallContext): Promise<TWarehouse[]> {
      const { user } = context;
      const rows = await repository.listWarehousesOf({
        sortingCenterId: user.sortingCenterId,
        number: user.defaultWarehouseNumber,
      });
      return rows.map(presentWarehouse);
    },

    /** Ours: the zones of a warehouse the user may use, by number; unknown warehouse: 104. */
    async listZones(context: CallContext): Promise<TZoneListItem[]> {
      // The query's warehouseId: the route hook resolved it and refused another centre's
      // (403 zoneForbidden, nothing read).
      const { warehouse } = context;
      if (!warehouse)
        throw new AppError('objectNotFound', { message: WAREHOUSE_NOT_FOUND_MESSAGE });
      const rows = await repository.listZones(warehouse.id);
      return rows.map(presentZoneListItem);
    },

    /**
     * The warehouse by number, or the user's default warehouse when no number is given: the
     * route hook resolved and authorised it; here its full row is read for the answer.
     */
    async searchWarehouse(context: CallContext): Promise<TWarehouse> {
      const found = context.warehouse;
      const warehouse = found ? await repository.findWarehouseById(found.id) : null;
      // Spec part 1 §8: exactly 'Object not found'; the web app shows 'Склад не найден'.
      if (!warehouse)
        throw new AppError('objectNotFound', { message: WAREHOUSE_NOT_FOUND_MESSAGE });
      return presentWarehouse(warehouse);
    },

    /**
     * A zone by barcode (a zone barcode, or a cell barcode meaning that cell's zone: the
     * sorting prompt is "scan zone, scan cell") or by number, within the warehouse.
     */
    async searchZone(
      request: { barcode?: string | undefined; number?: number | string | undefined },
      context: CallContext,
    ): Promise<TZone> {
      // The body's warehouseId: the route hook resolved it and refused another centre's (403
      // zoneForbidden, nothing read); an unknown one finds no zone.
      const { warehouse } = context;
      let zone: ZoneRow | null = null;
      if (warehouse && request.barcode !== undefined) {
        zone =
          (await repository.findZoneByBarcode(warehouse.id, request.barcode)) ??
          (await repository.findZoneByCellBarcode(warehouse.id, request.barcode));
      } else if (warehouse && request.number !== undefined) {
        const number = toWholeNumber(request.number);
        zone = number === null ? null : await repository.findZoneByNumber(warehouse.id, number);
      }
      if (!zone) {
        throw request.barcode !== undefined
          ? refusal('zoneNotFound', 'zoneNotFoundByBarcode', { barcode: request.barcode })
          : refusal('zoneNotFound', 'zoneNotFoundByNumber', { number: String(request.number) });
      }
      return presentZone(zone);
    },
  };
}

export type ContextService = ReturnType<typeof createContextService>;
