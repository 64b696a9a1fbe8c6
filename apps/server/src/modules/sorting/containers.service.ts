import {
  type AppError,
  type TContainerMoveRequest,
  type TReturnableBox,
  type TReturnableBoxSticker,
  type TSortingEventKind,
  type TVisionFragment,
  type TVisionFragments,
} from '@sorting/contracts';
import { formatDimensions } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import {
  byWorkflow,
  type CallContext,
  type RepositoryFactory,
  type RouteWarehouse,
} from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { authorise, presentReturnableBox } from './sorting.presenter.js';
import { type SortingRepository, type UnitEventRow } from './sorting.repository.js';
import { createSortingReader } from './scan-reads.repository.js';

/** How many steps of a unit's history the vision lookup answers. */
const VISION_HISTORY_LIMIT = 200;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function presentFragment(row: UnitEventRow): TVisionFragment {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  return {
    eventId: row.id,
    dateUtc: row.at.toISOString(),
    kind: row.kind as TSortingEventKind,
    userId: row.userId,
    userName: row.userName,
    warehouseNumber: row.warehouseNumber,
    parcelNumber: text(payload.parcelNumber),
    boxNumber: typeof payload.boxNumber === 'number' ? payload.boxNumber : null,
    cellName: text(payload.cellName) ?? text(payload.locationName),
    comment: text(payload.comment),
    workflow: text(payload.workflow),
  };
}

/** ContainerAccounting (returnable boxes on the move) and the vision history of a unit. */
export function createContainersService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, SortingRepository>;
}) {
  const { db } = deps;
  const reader = createSortingReader(db);
  const changes = operationsOver(db, deps.repository);

  function containerNotFound(barcode: string): AppError {
    return refusal('objectNotFound', 'containerNotFound', { barcode });
  }

  /**
   * The route's warehouse (the user's default one for the registry, as boxes/create; the
   * `{warehouse}` of vision): the route hook resolved it and refused another sorting centre's
   * (403, nothing read); unknown → 104.
   */
  function routeWarehouseOf(context: CallContext): RouteWarehouse {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  return {
    /**
     * Spec part 1 §7 `GET containerAccounting/all`, §9: the returnable boxes of the user's
     * warehouse, number descending; deleted ones are no longer in the registry.
     */
    async listContainers(context: CallContext): Promise<TReturnableBox[]> {
      const warehouse = routeWarehouseOf(context);
      const rows = await reader.listReturnableBoxes(warehouse.id);
      return rows.map(presentReturnableBox);
    },

    /**
     * Spec part 1 §7 `DELETE containerAccounting?barcode`: removes the box from the registry
     * (a soft delete: its number is never given again). Unknown or already deleted → 104;
     * a retry with the same operation id answers the stored result.
     */
    deleteContainer(
      barcode: string,
      context: CallContext,
    ): Promise<OperationOutcome<TReturnableBox>> {
      return changes.run(context, async (repository) => {
        const row = await repository.lockReturnableBox(barcode);
        const warehouse = row ? await repository.findWarehouseById(row.warehouseId) : null;
        if (!row || !warehouse) throw containerNotFound(barcode);
        authorise(context.user, warehouse);
        const deleted = await repository.deleteReturnableBox(row.id);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id },
          'container.deleted',
          {
            containerBarcode: row.barcode,
            number: row.number,
            locationCode: row.locationCode,
            locationName: row.locationName,
          },
          [row.barcode],
        );
        return presentReturnableBox(deleted);
      });
    },

    /**
     * Spec part 1 §7 `GET containerAccounting/sticker?barcode`: the `returnable-box` label's
     * parameters (barcode, number, dims "LxWxH"); the web sends it to the printer.
     */
    async containerSticker(barcode: string, context: CallContext): Promise<TReturnableBoxSticker> {
      const row = await reader.findReturnableBoxByBarcode(barcode);
      const warehouse = row ? await reader.findWarehouseById(row.warehouseId) : null;
      if (!row || !warehouse) throw containerNotFound(barcode);
      authorise(context.user, warehouse);
      return {
        barcodeName: 'returnable-box',
        barcodeData: [
          { name: 'barcode', value: row.barcode },
          { name: 'number', value: String(row.number) },
          { name: 'dims', value: formatDimensions(row.lengthCm, row.widthCm, row.heightCm) },
        ],
      };
    },

    async findContainer(barcode: string, context: CallContext): Promise<TReturnableBox> {
      const row = await reader.findReturnableBoxByBarcode(barcode);
      const warehouse = row ? await reader.findWarehouseById(row.warehouseId) : null;
      if (!row || !warehouse) throw containerNotFound(barcode);
      authorise(context.user, warehouse);
      return presentReturnableBox(row);
    },

    /**
     * Spec part 1 §7 `ContainerAccounting/move`. A LocationCode that is a cell barcode must be
     * a cell of the container's warehouse (else 304) and names the location by the cell.
     */
    moveContainer(
      request: TContainerMoveRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TReturnableBox>> {
      return changes.run(context, async (repository) => {
        const row = await repository.lockReturnableBox(request.ContainerBarcode);
        const warehouse = row ? await repository.findWarehouseById(row.warehouseId) : null;
        if (!row || !warehouse) throw containerNotFound(request.ContainerBarcode);
        authorise(context.user, warehouse);
        const cell = await repository.findCellByBarcode(request.LocationCode);
        if (cell && cell.warehouseId !== warehouse.id) {
          throw refusal('repeatedFailure', 'cellOfOtherWarehouse', {
            barcode: request.LocationCode,
          });
        }
        const locationName = request.LocationName ?? cell?.name ?? request.LocationCode;
        const moved = await repository.moveReturnableBox(row.id, {
          externalBarcode: request.ExternalBarcode ?? null,
          locationCode: request.LocationCode,
          locationName,
        });
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id },
          'container.moved',
          {
            containerBarcode: row.barcode,
            externalBarcode: request.ExternalBarcode ?? null,
            locationCode: request.LocationCode,
            locationName,
            fromLocationCode: row.locationCode,
            ...byWorkflow(context),
          },
          [row.barcode, request.ExternalBarcode],
        );
        return presentReturnableBox(moved);
      });
    },

    /**
     * Spec part 2 §7 vision: the history of a box, parcel or container in a warehouse (by
     * number or code), newest first; an unknown unit without history is 104.
     */
    async visionBoxes(barcode: string, context: CallContext): Promise<TVisionFragments> {
      // The `{warehouse}` key (a number, or a code) was resolved by the route hook.
      const warehouse = routeWarehouseOf(context);
      const rows = await reader.listUnitEvents(barcode, warehouse.id, VISION_HISTORY_LIMIT);
      if (rows.length === 0) {
        const [parcel, box, container] = await Promise.all([
          reader.findParcelByNumber(barcode),
          reader.findBoxByBarcode(barcode),
          reader.findReturnableBoxByBarcode(barcode),
        ]);
        const isKnown =
          parcel?.warehouseId === warehouse.id ||
          box?.warehouseId === warehouse.id ||
          container?.warehouseId === warehouse.id;
        if (!isKnown) {
          throw refusal('objectNotFound', 'unitNotFound', { barcode });
        }
      }
      return { visionFragments: rows.map(presentFragment) };
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;
