import {
  type TBox,
  type TBoxCreateRequest,
  type TBoxSearchRequest,
  type TCell,
  type TCellSearchRequest,
  type TCellSuggestRequest,
  type TParcel,
  type TParcelScanRequest,
  type TReturnableBox,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CallContext, RepositoryFactory, RouteWarehouse } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { SUGGESTED_CELLS_LIMIT, formatReturnableBoxBarcode, sortingKeyFor } from '@sorting/domain';
import {
  notFound,
  parcelNotFound,
  presentBox,
  presentCell,
  presentParcel,
  presentReturnableBox,
} from './sorting.presenter.js';
import {
  type BoxRow,
  type CellRow,
  type SortingRepository,
  type ZoneRow,
} from './sorting.repository.js';
import { createMovesService, suggestForParcel } from './moves.service.js';
import { createSortingBoxes } from './box-creation.js';
import { createSortingReader } from './scan-reads.repository.js';

/**
 * Spec part 1 §4 sorting scan flow and §7 Sorting calls: scanning parcels, boxes and cells,
 * suggesting cells, creating boxes; the moves are moves.service.ts (docs/DECISIONS.md
 * "Sorting rules").
 */
export function createSortingService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, SortingRepository>;
}) {
  const { db } = deps;
  const reader = createSortingReader(db);
  const changes = operationsOver(db, deps.repository);

  /**
   * The warehouse of a call (its `warehouseId`, or the user's default one for `boxes/create`):
   * the route hook resolved it and refused another sorting centre's (403, nothing read);
   * unknown → 104.
   */
  function warehouseOf(context: CallContext): RouteWarehouse {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  /** The zone a call asked for (none: null), read as of its warehouse; missing: 204. */
  function askedZone(zoneId: number | undefined, zone: ZoneRow | null): ZoneRow | null {
    if (zoneId === undefined) return null;
    if (!zone) {
      throw refusal('zoneNotFound', 'zoneNotFoundById');
    }
    return zone;
  }

  /** The zone of a call, when given; it must belong to the warehouse (else 204). */
  async function loadZone(
    zoneId: number | undefined,
    warehouse: RouteWarehouse,
  ): Promise<ZoneRow | null> {
    if (zoneId === undefined) return null;
    const zone = await reader.findZone(zoneId);
    if (!zone || zone.warehouseId !== warehouse.id) {
      throw refusal('zoneNotFound', 'zoneNotFoundById');
    }
    return zone;
  }

  /** The cell a box stands in, else the empty cells of the zone for it. */
  async function cellsForBox(box: BoxRow, zone: ZoneRow | null): Promise<CellRow[]> {
    if (box.cellId !== null) {
      const cell = await reader.findCellById(box.cellId);
      return cell ? [cell] : [];
    }
    return zone ? reader.suggestEmptyCells(zone.id, SUGGESTED_CELLS_LIMIT) : [];
  }

  const moves = createMovesService(deps);

  return {
    /** Spec part 1 §4: a parcel scan; the cells of the zone for it, best first. */
    async scanParcel(request: TParcelScanRequest, context: CallContext): Promise<TParcel> {
      // The reads in one statement; judged in the order of the rules: warehouse, parcel, zone.
      const read = await reader.findScanContext({
        warehouseId: request.warehouseId,
        zoneId: request.zoneId ?? null,
        parcel: { number: request.barcode },
      });
      warehouseOf(context);
      const { parcel } = read;
      if (!parcel) throw parcelNotFound(request.barcode);
      const zone = askedZone(request.zoneId, read.zone);
      // The version the user saw goes with the suggestion: one round trip.
      const view = { userId: context.user.id, parcelId: parcel.id, version: parcel.version };
      if (!zone) {
        await reader.rememberParcelView(view.userId, view.parcelId, view.version);
        return presentParcel(parcel, []);
      }
      const cells = await reader.suggestCellsRememberingView(
        zone.id,
        sortingKeyFor(parcel, zone.type),
        SUGGESTED_CELLS_LIMIT,
        view,
      );
      return presentParcel(parcel, cells);
    },

    async searchBox(request: TBoxSearchRequest, context: CallContext): Promise<TBox> {
      const warehouse = warehouseOf(context);
      const box = await reader.findBoxByBarcode(request.barcode);
      if (!box || box.warehouseId !== warehouse.id) {
        throw notFound('boxNotFound', request.barcode);
      }
      const zone = await loadZone(request.zoneId, warehouse);
      return presentBox(box, await cellsForBox(box, zone));
    },

    async searchCell(request: TCellSearchRequest, context: CallContext): Promise<TCell> {
      const warehouse = warehouseOf(context);
      const cell = await reader.findCellByBarcode(request.barcode);
      if (!cell) throw notFound('cellNotFound', request.barcode);
      if (cell.warehouseId !== warehouse.id) {
        throw refusal('repeatedFailure', 'cellOfOtherWarehouse', { barcode: request.barcode });
      }
      return presentCell(cell);
    },

    async suggestCells(request: TCellSuggestRequest, context: CallContext): Promise<TCell[]> {
      const isParcel = request.parcelId !== undefined || request.barcode !== undefined;
      // As in scanParcel: the reads in one statement, judged in order.
      const read = await reader.findScanContext({
        warehouseId: request.warehouseId,
        zoneId: request.zoneId ?? null,
        parcel: !isParcel
          ? null
          : request.parcelId !== undefined
            ? { id: request.parcelId }
            : { number: request.barcode ?? '' },
      });
      const warehouse = warehouseOf(context);
      const zone = askedZone(request.zoneId, read.zone);
      if (isParcel) {
        const { parcel } = read;
        if (!parcel) {
          throw parcelNotFound(request.parcelId ?? request.barcode ?? '');
        }
        if (!zone) return [];
        return (await suggestForParcel(reader, parcel, zone)).map(presentCell);
      }
      const box = await reader.findBoxById(request.boxId ?? 0);
      if (!box || box.warehouseId !== warehouse.id) {
        throw notFound('boxNotFound', request.boxId ?? '');
      }
      return (await cellsForBox(box, zone)).map(presentCell);
    },

    move: moves.move,

    /**
     * Spec part 1 §7 `boxes/create`: Count boxes of the user's default warehouse, sorting
     * boxes or returnable boxes (IsReturnable), numbered after the last one.
     */
    async createBoxes(
      request: TBoxCreateRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TReturnableBox[]>> {
      const warehouse = warehouseOf(context);
      const size = {
        lengthCm: request.LengthCm,
        widthCm: request.WidthCm,
        heightCm: request.HeightCm,
      };
      return changes.run(context, async (repository) => {
        if (!request.IsReturnable) {
          const at = new Date().toISOString();
          const rows = await createSortingBoxes(
            repository,
            { userId: context.user.id, warehouse },
            request.Count,
            size,
          );
          return rows.map((row) => ({
            Number: row.number,
            Barcode: row.barcode,
            LengthCm: request.LengthCm,
            WidthCm: request.WidthCm,
            HeightCm: request.HeightCm,
            ChangeDate: at,
            CurrentLocationName: null,
            CurrentLocationCode: null,
            ExternalBarcode: null,
          }));
        }
        await repository.lockWarehouse(warehouse.id);
        const first = await repository.nextReturnableBoxNumber(warehouse.id);
        const numbers = Array.from({ length: request.Count }, (_, i) => first + i);
        const rows = await repository.insertReturnableBoxes(
          numbers.map((n) => ({
            warehouseId: warehouse.id,
            number: n,
            barcode: formatReturnableBoxBarcode(warehouse.number, n),
            ...size,
          })),
        );
        const created = rows.map(presentReturnableBox);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id },
          'box.created',
          { isReturnable: true, numbers, ...size },
          created.map((box) => box.Barcode),
        );
        return created;
      });
    },
  };
}

export type SortingService = ReturnType<typeof createSortingService>;
