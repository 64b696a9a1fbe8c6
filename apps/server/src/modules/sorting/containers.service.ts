import {
  AppError,
  type TContainerMoveRequest,
  type TReturnableBox,
  type TSortingEventKind,
  type TVisionFragment,
  type TVisionFragments,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { translate } from '../../i18n/messages.js';
import { runOperation, type OperationOutcome } from './operations.js';
import { authorise, presentReturnableBox } from './sorting.presenter.js';
import { createSortingRepository, type UnitEventRow } from './sorting.repository.js';
import type { CallContext } from './sorting.service.js';

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
  };
}

/** ContainerAccounting (returnable boxes on the move) and the vision history of a unit. */
export function createContainersService(deps: { db: Db }) {
  const { db } = deps;
  const reader = createSortingRepository(db);

  function containerNotFound(barcode: string, context: CallContext): AppError {
    return new AppError('objectNotFound', {
      message: translate(context.locale, 'containerNotFound', { barcode }),
    });
  }

  return {
    async findContainer(barcode: string, context: CallContext): Promise<TReturnableBox> {
      const row = await reader.findReturnableBoxByBarcode(barcode);
      const warehouse = row ? await reader.findWarehouseById(row.warehouseId) : null;
      if (!row || !warehouse) throw containerNotFound(barcode, context);
      authorise(context.user, warehouse, context.locale);
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
      return runOperation(db, context, async (repository) => {
        const row = await repository.lockReturnableBox(request.ContainerBarcode);
        const warehouse = row ? await repository.findWarehouseById(row.warehouseId) : null;
        if (!row || !warehouse) throw containerNotFound(request.ContainerBarcode, context);
        authorise(context.user, warehouse, context.locale);
        const cell = await repository.findCellByBarcode(request.LocationCode);
        if (cell && cell.warehouseId !== warehouse.id) {
          throw new AppError('repeatedFailure', {
            message: translate(context.locale, 'cellOfOtherWarehouse', {
              barcode: request.LocationCode,
            }),
          });
        }
        const locationName = request.LocationName ?? cell?.name ?? request.LocationCode;
        const moved = await repository.moveReturnableBox(row.id, {
          externalBarcode: request.ExternalBarcode ?? null,
          locationCode: request.LocationCode,
          locationName,
        });
        await repository.recordEvent({
          userId: context.user.id,
          warehouseId: warehouse.id,
          kind: 'container.moved',
          payload: {
            containerBarcode: row.barcode,
            externalBarcode: request.ExternalBarcode ?? null,
            locationCode: request.LocationCode,
            locationName,
            fromLocationCode: row.locationCode,
          },
          units: [row.barcode, request.ExternalBarcode],
        });
        return presentReturnableBox(moved);
      });
    },

    /**
     * Spec part 2 §7 vision: the history of a box, parcel or container in a warehouse (by
     * number or code), newest first; an unknown unit without history is 104.
     */
    async visionBoxes(
      warehouseKey: string,
      barcode: string,
      context: CallContext,
    ): Promise<TVisionFragments> {
      const warehouse = /^\d+$/.test(warehouseKey)
        ? await reader.findWarehouseByNumber(Number(warehouseKey))
        : await reader.findWarehouseByCode(warehouseKey);
      if (!warehouse) {
        throw new AppError('objectNotFound', {
          message: translate(context.locale, 'warehouseNotFound'),
        });
      }
      authorise(context.user, warehouse, context.locale);
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
          throw new AppError('objectNotFound', {
            message: translate(context.locale, 'unitNotFound', { barcode }),
          });
        }
      }
      return { visionFragments: rows.map(presentFragment) };
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;
