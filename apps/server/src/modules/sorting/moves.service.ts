import {
  AppError,
  type MessageParams,
  type TMoveRequest,
  type TMoveResult,
} from '@sorting/contracts';
import {
  BOX_CAPACITY,
  SUGGESTED_CELLS_LIMIT,
  formatBoxBarcode,
  sortingKeyFor,
} from '@sorting/domain';
import type { Db } from '../../db/database.js';
import {
  OPERATION_TAKEN,
  operationsOver,
  type OperationClaim,
  type OperationOutcome,
} from '../../db/operations.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { pickingHoldRefusal } from './picking-hold.js';
import { authorise, notFound, parcelNotFound } from './sorting.presenter.js';
import type {
  BoxRow,
  CellRow,
  ParcelRow,
  SortingRepository,
  WarehouseScopeRow,
  ZoneRow,
} from './sorting.repository.js';

// Spec part 1 §7 `move`: the move statements of sorting (docs/DECISIONS.md "Sorting rules"),
// apart from the scans that lead to them (sorting.service.ts).

function stateChanged(key: MessageKey, params: MessageParams): AppError {
  return refusal('stateChanged', key, params);
}

function refused(key: MessageKey, params: MessageParams): AppError {
  return refusal('refused', key, params);
}

/**
 * Spec part 1 §4, §5: a parcel that needs measure or weight goes to the measure step before it
 * is sorted; the server refuses its move too (defence in depth, docs/DECISIONS.md "Sorting
 * rules"), so no client can place it unmeasured.
 */
function refuseUnmeasured(parcel: ParcelRow): void {
  if (!parcel.needsMeasure && !parcel.needsWeight) return;
  const key =
    parcel.needsMeasure && parcel.needsWeight
      ? 'parcelNeedsMeasureAndWeight'
      : parcel.needsMeasure
        ? 'parcelNeedsMeasure'
        : 'parcelNeedsWeight';
  throw refused(key, { barcode: parcel.number });
}

/** The cells suggested for a parcel in a zone, best first (by its sorting key). */
export function suggestForParcel(
  repository: SortingRepository,
  parcel: ParcelRow,
  zone: Pick<ZoneRow, 'id' | 'type'>,
): Promise<CellRow[]> {
  return repository.suggestCellsForKey(
    zone.id,
    sortingKeyFor(parcel, zone.type),
    SUGGESTED_CELLS_LIMIT,
  );
}

/** A parcel into a cell or a box, or a box into a cell: one transaction, run once. */
export function createMovesService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, SortingRepository>;
}) {
  const changes = operationsOver(deps.db, deps.repository);

  /** What a parcel's move has read and locked before its rules are judged. */
  interface OpenedMove {
    parcel: ParcelRow;
    warehouse: WarehouseScopeRow;
    cell: CellRow | null;
    /** The box the parcel goes into, locked: the one asked for, else the cell's open box. */
    box: BoxRow | null;
  }

  /** The parcel of a move, locked, of the user's sorting centre and as the user saw it. */
  function checkMovedParcel(
    locked: {
      parcel: ParcelRow | null;
      warehouse: WarehouseScopeRow | null;
      seenVersion: number | null;
      pickingHold: string | null;
    },
    parcelId: number,
    context: CallContext,
  ): { parcel: ParcelRow; warehouse: WarehouseScopeRow } {
    const { parcel, warehouse, seenVersion } = locked;
    if (!parcel || !warehouse) throw parcelNotFound(parcelId);
    authorise(context.user, warehouse);
    if (locked.pickingHold !== null) throw pickingHoldRefusal(locked.pickingHold, parcel.number);
    if (seenVersion !== null && seenVersion !== parcel.version) {
      throw stateChanged('parcelMovedMeanwhile', { barcode: parcel.number });
    }
    return { parcel, warehouse };
  }

  /** A cell of the move's warehouse: unknown 104, another warehouse's 304 (f-0003). */
  function checkTargetCell(cell: CellRow | null, cellId: number, warehouseId: number): CellRow {
    if (!cell) throw notFound('cellNotFound', cellId);
    if (cell.warehouseId !== warehouseId) {
      throw refusal('repeatedFailure', 'cellOfOtherWarehouse', { barcode: cell.barcode });
    }
    return cell;
  }

  /**
   * The usual move, a parcel into a cell: the claim and the parcel's and cell's locks in one
   * statement (openParcelMove), then the cell's open box. OPERATION_TAKEN when the operation
   * id was already used.
   */
  async function openMoveToCell(
    repository: SortingRepository,
    request: { parcelId: number; cellId: number },
    claim: OperationClaim | null,
    context: CallContext,
  ): Promise<OpenedMove | typeof OPERATION_TAKEN> {
    const opened = await repository.openParcelMove({
      claim,
      userId: context.user.id,
      parcelId: request.parcelId,
      cellId: request.cellId,
    });
    if (!opened.claimed) return OPERATION_TAKEN;
    const { parcel, warehouse } = checkMovedParcel(opened, request.parcelId, context);
    const cell = checkTargetCell(opened.cell, request.cellId, parcel.warehouseId);
    const box = await repository.lockOpenBoxInCell(cell.id);
    return { parcel, warehouse, cell, box };
  }

  /** Any other parcel move (into a box, a box into a cell with it): a statement per lock. */
  async function openMoveWithBox(
    repository: SortingRepository,
    request: TMoveRequest & { parcelId: number },
    claim: OperationClaim | null,
    context: CallContext,
  ): Promise<OpenedMove | typeof OPERATION_TAKEN> {
    const { user } = context;
    if (claim && !(await repository.claimOperation(claim))) return OPERATION_TAKEN;
    // Lock order of every move: parcel, then cells by id, then the box.
    const locked = await repository.lockParcelForMove(request.parcelId, user.id);
    const { parcel, warehouse } = checkMovedParcel(
      locked ?? { parcel: null, warehouse: null, seenVersion: null, pickingHold: null },
      request.parcelId,
      context,
    );

    let boxBefore: BoxRow | null = null;
    if (request.boxId !== undefined) {
      boxBefore = await repository.findBoxById(request.boxId);
      if (!boxBefore || boxBefore.warehouseId !== parcel.warehouseId) {
        throw notFound('boxNotFound', request.boxId);
      }
    }
    const targetCellId = request.cellId ?? boxBefore?.cellId ?? null;
    const cell =
      targetCellId === null
        ? null
        : checkTargetCell(
            await repository.findCellById(targetCellId),
            targetCellId,
            parcel.warehouseId,
          );
    await repository.lockCells(
      [cell?.id, boxBefore?.cellId].filter((id): id is number => id != null),
    );

    let box: BoxRow | null = null;
    if (boxBefore) {
      box = await repository.lockBox(boxBefore.id);
      if (!box || box.cellId !== boxBefore.cellId) {
        throw stateChanged('boxChangedMeanwhile', { barcode: boxBefore.barcode });
      }
      if (cell && box.cellId !== cell.id && !box.isClosed) {
        const other = await repository.lockOpenBoxInCell(cell.id);
        if (other) {
          throw refused('cellHoldsOpenBox', { cell: cell.name, box: other.barcode });
        }
      }
    } else if (cell) {
      box = await repository.lockOpenBoxInCell(cell.id);
    }
    return { parcel, warehouse, cell, box };
  }

  /**
   * The box the parcel already lies in when that is where the move asks it to go (the box
   * asked for, or a box standing in the cell asked for; open or closed), else null. Read only
   * for a parcel in a box other than the one the move locked.
   */
  async function placeAlreadyTaken(
    repository: SortingRepository,
    request: TMoveRequest,
    opened: OpenedMove,
  ): Promise<BoxRow | null> {
    const { parcel, cell, box } = opened;
    if (parcel.boxId === null) return null;
    if (request.boxId !== undefined && request.boxId !== parcel.boxId) return null;
    const current = box?.id === parcel.boxId ? box : await repository.findBoxById(parcel.boxId);
    if (!current) return null;
    return cell === null || current.cellId === cell.id ? current : null;
  }

  /** Parcel → box → cell, inside the operation's transaction. */
  async function moveParcel(
    repository: SortingRepository,
    request: TMoveRequest & { parcelId: number },
    claim: OperationClaim | null,
    context: CallContext,
  ): Promise<TMoveResult | typeof OPERATION_TAKEN> {
    const { user } = context;
    const opened =
      request.boxId === undefined && request.cellId !== undefined
        ? await openMoveToCell(
            repository,
            { parcelId: request.parcelId, cellId: request.cellId },
            claim,
            context,
          )
        : await openMoveWithBox(repository, request, claim, context);
    if (opened === OPERATION_TAKEN) return OPERATION_TAKEN;
    const { parcel, warehouse, cell } = opened;
    let { box } = opened;

    // Already there: answered as such, nothing written but the answer of
    // its operation id; `move` marks it IsRepeat.
    const current = await placeAlreadyTaken(repository, request, opened);
    if (current) {
      const answer: TMoveResult = {
        boxNumber: current.number,
        isBoxReceipted: current.isClosed,
        inboundNumber: null,
        isInboundReceipted: false,
        parcelId: parcel.id,
        boxId: current.id,
        cellId: current.cellId,
        cellName: cell?.name ?? null,
        isAlreadyInPlace: true,
        isNewBox: false,
      };
      if (claim) await repository.storeOperationAnswer(claim.operationId, answer);
      return answer;
    }
    refuseUnmeasured(parcel);

    const sortingKey = sortingKeyFor(parcel, cell?.zoneType ?? null);
    if (box) {
      if (box.isClosed) {
        throw stateChanged('boxClosed', { barcode: box.barcode });
      }
      // A box emptied by re-sorting takes a new key.
      const othersInBox = box.parcelsCount - (parcel.boxId === box.id ? 1 : 0);
      if (box.sortingKey !== null && box.sortingKey !== sortingKey && othersInBox > 0) {
        throw refused('boxOtherKey', { barcode: box.barcode, sortingKey: box.sortingKey });
      }
    }
    if (cell && cell.zoneType === 'SUGGESTED') {
      const suggested = await suggestForParcel(repository, parcel, {
        id: cell.zoneId,
        type: cell.zoneType,
      });
      if (!suggested.some((candidate) => candidate.id === cell.id)) {
        throw refused('notSuggestedCell', { cell: cell.name });
      }
    }

    const isNewBox = !box;
    if (!box) {
      // "Empty box or new cell": a cell without an open box gets a new box at once.
      const [number] = await repository.takeBoxNumbers(1);
      if (number === undefined) throw new Error('no box number');
      const [created] = await repository.insertBoxes([
        {
          warehouseId: warehouse.id,
          number,
          barcode: formatBoxBarcode(warehouse.number, number),
          cellId: cell?.id ?? null,
        },
      ]);
      if (!created) throw new Error('box insert returned nothing');
      box = created;
    }

    const parcelsAfter = box.parcelsCount + (parcel.boxId === box.id ? 0 : 1);
    const isClosed = parcelsAfter >= BOX_CAPACITY;
    const boxCellBefore = box.cellId;
    const boxCellAfter = cell?.id ?? box.cellId;
    const answer: TMoveResult = {
      boxNumber: box.number,
      isBoxReceipted: isClosed,
      inboundNumber: null,
      isInboundReceipted: false,
      parcelId: parcel.id,
      boxId: box.id,
      cellId: cell?.id ?? null,
      cellName: cell?.name ?? null,
      isAlreadyInPlace: false,
      isNewBox,
    };
    const inbound = await repository.recordParcelMove({
      box: { id: box.id, cellId: boxCellAfter, sortingKey, isClosed },
      parcelId: parcel.id,
      inboundId: parcel.inboundId,
      userId: user.id,
      event: {
        warehouseId: warehouse.id,
        kind: 'parcel.moved',
        payload: {
          parcelId: parcel.id,
          parcelNumber: parcel.number,
          boxId: box.id,
          boxNumber: box.number,
          boxBarcode: box.barcode,
          cellId: cell?.id ?? null,
          cellName: cell?.name ?? null,
          fromBoxId: parcel.boxId,
          sortingKey,
          isBoxClosed: isClosed,
        },
        units: [parcel.number, box.barcode, cell?.barcode],
      },
      operation: claim && { operationId: claim.operationId, answer },
    });
    if (boxCellBefore !== null && boxCellBefore !== boxCellAfter) {
      await repository.refreshCellEmpty(boxCellBefore);
    }
    return {
      ...answer,
      inboundNumber: inbound?.number ?? null,
      isInboundReceipted: inbound?.isReceipted ?? false,
    };
  }

  /** A box into a cell, inside the operation's transaction. */
  async function moveBox(
    repository: SortingRepository,
    boxId: number,
    cellId: number,
    context: CallContext,
  ): Promise<TMoveResult> {
    const { user } = context;
    const boxBefore = await repository.findBoxById(boxId);
    if (!boxBefore) throw notFound('boxNotFound', boxId);
    const warehouse = await repository.findWarehouseById(boxBefore.warehouseId);
    if (!warehouse) throw notFound('boxNotFound', boxId);
    authorise(user, warehouse);
    const cell = checkTargetCell(await repository.findCellById(cellId), cellId, warehouse.id);

    await repository.lockCells(
      [cell.id, boxBefore.cellId].filter((id): id is number => id != null),
    );
    const box = await repository.lockBox(boxId);
    if (!box || box.cellId !== boxBefore.cellId) {
      throw stateChanged('boxChangedMeanwhile', { barcode: boxBefore.barcode });
    }
    const answer: TMoveResult = {
      boxNumber: box.number,
      isBoxReceipted: box.isClosed,
      inboundNumber: null,
      isInboundReceipted: false,
      parcelId: null,
      boxId: box.id,
      cellId: cell.id,
      cellName: cell.name,
      isAlreadyInPlace: box.cellId === cell.id,
      isNewBox: false,
    };
    // Already there: answered as such, nothing written.
    if (answer.isAlreadyInPlace) return answer;
    if (!box.isClosed) {
      const other = await repository.lockOpenBoxInCell(cell.id);
      if (other) {
        throw refused('cellHoldsOpenBox', { cell: cell.name, box: other.barcode });
      }
    }
    await repository.updateBox(box.id, { cellId: cell.id });
    await repository.setCellEmpty(cell.id, false);
    if (box.cellId !== null) await repository.refreshCellEmpty(box.cellId);
    await repository.events.record(
      { userId: user.id, warehouseId: warehouse.id },
      'box.moved',
      {
        boxId: box.id,
        boxNumber: box.number,
        boxBarcode: box.barcode,
        cellId: cell.id,
        cellName: cell.name,
        fromCellId: box.cellId,
      },
      [box.barcode, cell.barcode],
    );
    return answer;
  }

  return {
    /**
     * `move` inside the caller's transaction, without an operation id of its own: the guided
     * workflows' step (sorting's door, workflow-door.ts), whose transaction and id cover it.
     * The same rules and refusals; a refusal rolls the caller's transaction back.
     */
    async moveWithin(
      repository: SortingRepository,
      request: TMoveRequest,
      context: CallContext,
    ): Promise<TMoveResult> {
      const { parcelId, boxId, cellId } = request;
      if (parcelId !== undefined) {
        const moved = await moveParcel(repository, { ...request, parcelId }, null, context);
        if (moved === OPERATION_TAKEN) throw new Error('a move without an operation id was taken');
        return moved;
      }
      if (boxId === undefined || cellId === undefined) {
        throw new AppError('badRequest', { message: 'boxId and cellId are required' });
      }
      return moveBox(repository, boxId, cellId, context);
    },

    /**
     * Spec part 1 §7 `move`: one transaction, idempotent by operation id. A move to where the
     * parcel or box already lies changes nothing and answers IsRepeat (docs/DECISIONS.md
     * "Sorting rules").
     */
    async move(
      request: TMoveRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TMoveResult>> {
      const { parcelId, boxId, cellId } = request;
      const outcome =
        parcelId !== undefined
          ? await changes.runSelfClaimed(context, (repository, claim) =>
              moveParcel(repository, { ...request, parcelId }, claim, context),
            )
          : await changes.run(context, (repository) => {
              if (boxId === undefined || cellId === undefined) {
                throw new AppError('badRequest', { message: 'boxId and cellId are required' });
              }
              return moveBox(repository, boxId, cellId, context);
            });
      return outcome.value.isAlreadyInPlace ? { ...outcome, isRepeat: true } : outcome;
    },
  };
}
