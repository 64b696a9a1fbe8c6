import type { TDeconsolidated, TDeconsolidationBox } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { claimOf, runInOperation, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type {
  ConsolidationRow,
  ConsolidationWarehouseRow,
  DeconsolidationRepository,
} from './deconsolidation.repository.js';

/** The box as the service answers it; the route words its Name in the caller's language. */
export type ConsolidatedBox = Omit<TDeconsolidationBox, 'Name'> & { BoxNumber: number };

/**
 * Spec part 2 §7 "Deconsolidation": the consolidated box of a cell and its unpacking
 * (docs/DECISIONS.md "Deconsolidation"). Any user of the warehouse (part 2 §6).
 */
export function createDeconsolidationService(options: {
  db: Db;
  repository: RepositoryFactory<Db, DeconsolidationRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf } = options;

  /**
   * The `{warehouseCode}` warehouse: the route's declaration resolved it and refused another
   * centre's (403, nothing read); an unknown one is 104.
   */
  function warehouseOrRefuse(context: CallContext): ConsolidationWarehouseRow {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  function notFound(barcode: string) {
    return refusal('objectNotFound', 'consolidationNotFound', { barcode });
  }

  return {
    /** `GET …/Consolidating/{barcode}`: by the cell or the box barcode; none active → 104. */
    async box(barcode: string, context: CallContext): Promise<ConsolidatedBox> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOrRefuse(context);
      const found = await repository.findActive(warehouse.id, barcode);
      if (!found) throw notFound(barcode);
      const parcels = await repository.listParcels(found.boxId);
      return {
        BoxId: found.boxId,
        BoxNumber: found.boxNumber,
        Barcode: found.boxBarcode,
        Destination: found.destinationName,
        Details: parcels.map((parcel) => ({
          Id: parcel.id,
          Name: parcel.name,
          Length: parcel.lengthCm,
          Width: parcel.widthCm,
          Height: parcel.heightCm,
          Weight: parcel.weightGrams,
        })),
        CellBarcode: found.cellBarcode,
        CellName: found.cellName,
        IsCompleted: found.completedAt !== null,
      };
    },

    /**
     * `DELETE …/Consolidating/{cellBarcode}`: in one transaction the record is removed, the
     * parcels leave the box (a new version each, so a stale move is refused) and return to
     * sorting, the box leaves the cell open and keyless, the cell's emptiness is recomputed
     * and one `box.deconsolidated` event names the box, the cell and every parcel. A cell of
     * another warehouse → 304; no active consolidation there → 104.
     */
    async deconsolidate(
      cellBarcode: string,
      context: CallContext,
    ): Promise<OperationOutcome<TDeconsolidated>> {
      return runInOperation(db, { claim: claimOf(context) }, async (tx) => {
        const repository = repositoryOf(tx);
        const warehouse = warehouseOrRefuse(context);
        const found: ConsolidationRow | null = await repository.lockActiveByCell(
          warehouse.id,
          cellBarcode,
        );
        if (!found) {
          const cellWarehouseId = await repository.findCellWarehouseId(cellBarcode);
          if (cellWarehouseId !== null && cellWarehouseId !== warehouse.id) {
            throw refusal('repeatedFailure', 'cellOfOtherWarehouse', { barcode: cellBarcode });
          }
          throw notFound(cellBarcode);
        }
        const at = now();
        const parcelNumbers = await repository.takeParcelsOut(found.boxId);
        await repository.releaseBox(found.boxId);
        await repository.recomputeCellEmpty(found.cellId);
        await repository.markRemoved(found.id, context.user.id, at);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at },
          'box.deconsolidated',
          {
            boxNumber: found.boxNumber,
            cellName: found.cellName,
            parcelsCount: parcelNumbers.length,
          },
          [found.boxBarcode, found.cellBarcode, ...parcelNumbers],
        );
        return {
          BoxId: found.boxId,
          Barcode: found.boxBarcode,
          CellBarcode: found.cellBarcode,
          ParcelsCount: parcelNumbers.length,
        };
      });
    },
  };
}

export type DeconsolidationService = ReturnType<typeof createDeconsolidationService>;
