import type { TMoveResult, TReturnableBox } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CallContext } from '../../lib/call-context.js';
import { createSortingBoxes, type BoxSize } from './box-creation.js';
import { createContainersService } from './containers.service.js';
import { createDoorReadsRepository } from './door-reads.repository.js';
import { createMovesService } from './moves.service.js';
import { createParcelDetailsService } from './parcel-details.service.js';
import { createSortingRepository } from './sorting.repository.js';

export type { BoxSize } from './box-creation.js';
export type { DestinationParcelRow } from './door-reads.repository.js';

/**
 * Sorting as the guided workflows use it (docs/DECISIONS.md "Guided workflows"): the reads of a
 * scan and the effects of a step over the step's transaction, each through sorting's own code
 * path with its rules and refusals (the move, `boxes/create`, `ContainerAccounting/move`), without
 * an operation id of its own: the step's id covers it (the move and box creation run in the
 * step's transaction itself, `ContainerAccounting/move` as a savepoint of it).
 */
export function sortingDoorOver(tx: Db, context: CallContext) {
  const repository = createSortingRepository(tx);
  const reads = createDoorReadsRepository(tx);
  const inner: CallContext = { ...context, operationId: null, operationScope: null };
  const moves = createMovesService({ db: tx, repository: createSortingRepository });
  const containers = createContainersService({ db: tx, repository: createSortingRepository });
  const details = createParcelDetailsService({ db: tx, repository: createSortingRepository });

  return {
    findParcel: (number: string) => repository.findParcelByNumber(number),
    findBox: (barcode: string) => repository.findBoxByBarcode(barcode),
    findCell: (barcode: string) => repository.findCellByBarcode(barcode),
    findContainer: (barcode: string) => repository.findReturnableBoxByBarcode(barcode),
    findDimension: (barcode: string) => repository.findDimensionByBarcode(barcode),
    findWarehouse: (id: number) => repository.findWarehouseById(id),
    findBoxInCell: reads.findBoxInCell,
    findCellLabel: reads.findCellLabel,
    findBoxById: (id: number) => repository.findBoxById(id),
    listDestinationParcels: reads.listDestinationParcels,
    findParcelCell: reads.findParcelCell,
    suggestCellForKey: reads.suggestCellForKey,
    findCellContent: reads.findCellContent,
    findParcelSupply: reads.findParcelSupply,
    findRecipient: reads.findRecipient,
    findInboundPlace: reads.findInboundPlace,
    findInboundByAcceptance: (barcode: string) =>
      repository.findInboundByAcceptanceBarcode(barcode),

    /**
     * Spec part 1 §7 `documents/inbound/arrive` (the `.69.` report): the supply arrives, 1 → 5,
     * once, with its event (docs/DECISIONS.md "Receipt of cargo": by its first place).
     */
    async arriveInbound(acceptanceBarcode: string): Promise<void> {
      await details.arriveInbound(acceptanceBarcode, inner);
    },

    /** Spec part 1 §7 `GET Parcels/{id}/sticker`: the parcel label's print job payload. */
    parcelSticker: (parcelId: number) => details.sticker(parcelId, 'ru', inner),

    /** `boxes/create` of sorting boxes in the context's warehouse. */
    async createBoxes(count: number, size: BoxSize | null) {
      if (!context.warehouse) throw new Error('a workflow step without its warehouse');
      return createSortingBoxes(
        repository,
        { userId: context.user.id, warehouse: context.warehouse },
        count,
        size,
      );
    },

    /** Spec part 1 §7 `move`: a parcel into a box, or a box into a cell, with its rules. */
    move(request: { parcelId?: number; boxId: number; cellId?: number }): Promise<TMoveResult> {
      return moves.moveWithin(repository, request, inner);
    },

    /**
     * Spec part 1 §7 `move` of a parcel into a cell: into the cell's open box, which takes the
     * parcel's sorting key (for a FAST cell `recipient:<code>` or `client:<name>`), or a new box
     * there; a box holding parcels of another key refuses (boxOtherKey), as the route does.
     */
    moveParcelToCell(parcelId: number, cellId: number): Promise<TMoveResult> {
      return moves.moveWithin(repository, { parcelId, cellId }, inner);
    },

    /** Spec part 1 §7 `ContainerAccounting/move`: a returnable box located in a cell. */
    async moveContainer(containerBarcode: string, cellBarcode: string): Promise<TReturnableBox> {
      const moved = await containers.moveContainer(
        { ContainerBarcode: containerBarcode, LocationCode: cellBarcode },
        inner,
      );
      return moved.value;
    },

    /**
     * A parcel taken out of its box (a storage picking, an item out of its package): in no box,
     * its version raised as a move raises it and, as a move does, remembered as seen by the one
     * who took it out (their next move of it is not stale); the caller records why.
     */
    async takeParcelOut(parcelId: number): Promise<void> {
      const version = await repository.updateParcel(parcelId, { boxId: null }, { isMove: true });
      await repository.rememberParcelView(context.user.id, parcelId, version);
    },

    /**
     * A box taken out of its cell (a transit picking): in no cell, its version raised, the cell
     * empty again when nothing else stands in it; the caller records why.
     */
    async takeBoxOut(boxId: number): Promise<void> {
      const box = await repository.findBoxById(boxId);
      if (!box || box.cellId === null) return;
      await repository.updateBox(boxId, { cellId: null });
      await repository.refreshCellEmpty(box.cellId);
    },

    /** A box closed (a completed consolidation); the caller records why. */
    async closeBox(boxId: number): Promise<void> {
      await repository.updateBox(boxId, { isClosed: true });
    },
  };
}

export type SortingDoor = ReturnType<typeof sortingDoorOver>;
