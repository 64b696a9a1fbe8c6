import type { TDimension, TDimensionDeleted, TDimensionRequest } from '@sorting/contracts';
import { dimensionBarcodeProblem } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { operationsOver, repeatWhenUnchanged, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { presentDimension } from './dimension-type.js';
import { refusal } from '../../lib/refusal.js';
import {
  isUniqueViolation,
  type DimensionTypeRow,
  type DimensionsRepository,
} from './dimensions.repository.js';

interface OwnWarehouse {
  id: number;
  code: string;
}

/**
 * Spec part 2 §3, §5, §7 "Dimensions", §9: the dimension types directory (
 * docs/DECISIONS.md "Dimension types"). A user reads the types of their current (default)
 * warehouse and the common ones, and writes only their warehouse's: common types are
 * read-only here. No role checks (part 2 §6).
 */
export function createDimensionsService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, DimensionsRepository>;
  now: () => Date;
}) {
  const { db, now } = deps;
  const repositoryOf = deps.repository;
  const operations = operationsOver(db, repositoryOf);

  /**
   * The user's current warehouse, which the routes declare and the route hook resolves
   * (`call.warehouse`); none (or gone) → ErrorCode 1, nothing written.
   */
  function ownWarehouse(context: CallContext): OwnWarehouse {
    if (!context.warehouse) throw refusal('refused', 'dimensionNoWarehouse');
    return context.warehouse;
  }

  /** The rules a request is held to beyond its schema: not common, a recognisable barcode. */
  function checkRequest(body: TDimensionRequest): void {
    if (body.IsCommon) throw refusal('refused', 'dimensionCommonNotCreated');
    if (dimensionBarcodeProblem(body.Barcode) !== null) {
      throw refusal('refused', 'dimensionBarcodeNotParcelType', { barcode: body.Barcode });
    }
  }

  /** A type of the user's warehouse, locked; unknown → 104, common or another's → 1. */
  async function lockOwnType(
    repository: DimensionsRepository,
    id: number,
    warehouse: OwnWarehouse,
  ): Promise<DimensionTypeRow> {
    const row = await repository.lockType(id);
    if (!row) throw refusal('objectNotFound', 'dimensionTypeNotFound', { id });
    if (row.warehouseCode === null) {
      throw refusal('refused', 'dimensionCommonReadOnly', { name: row.name });
    }
    if (row.warehouseCode !== warehouse.code) {
      throw refusal('refused', 'dimensionOfOtherWarehouse', { name: row.name });
    }
    return row;
  }

  function barcodeTaken(barcode: string) {
    return refusal('refused', 'dimensionBarcodeTaken', { barcode });
  }

  function valuesOf(body: TDimensionRequest, warehouse: OwnWarehouse) {
    return {
      name: body.Name,
      barcode: body.Barcode,
      length: body.Length,
      width: body.Width,
      height: body.Height,
      warehouseCode: warehouse.code,
    };
  }

  /** A type whose fields already are the request's (docs/DECISIONS.md "Faults and bad input"). */
  function isUnchanged(row: DimensionTypeRow, values: ReturnType<typeof valuesOf>): boolean {
    return (
      row.name === values.name &&
      row.barcode === values.barcode &&
      row.length === values.length &&
      row.width === values.width &&
      row.height === values.height
    );
  }

  return {
    /**
     * Spec part 2 §5: the types of the current warehouse plus the common ones, id descending.
     * A user without a default warehouse (or whose default warehouse is gone) sees the common
     * types only, rather than nothing or a refusal.
     */
    async list(context: CallContext): Promise<TDimension[]> {
      const rows = await repositoryOf(db).listDimensionTypes(context.warehouse?.code ?? null);
      return rows.map(presentDimension);
    },

    /** `POST /dimensions-api/dimension`: a new type of the user's warehouse, one event. */
    async create(
      body: TDimensionRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TDimension>> {
      checkRequest(body);
      return operations.run(context, async (repository) => {
        const warehouse = ownWarehouse(context);
        const row = await repository.insertType(valuesOf(body, warehouse));
        if (!row) throw barcodeTaken(body.Barcode);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at: now() },
          'dimension.created',
          { dimensionId: row.id, barcode: row.barcode, name: row.name },
        );
        return presentDimension(row);
      });
    },

    /** `PUT /dimensions-api/dimension/{id}`: a type of the user's warehouse changed, one event. */
    async update(
      id: number,
      body: TDimensionRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TDimension>> {
      checkRequest(body);
      try {
        const outcome = await operations.run(context, async (repository) => {
          const warehouse = ownWarehouse(context);
          const before = await lockOwnType(repository, id, warehouse);
          const values = valuesOf(body, warehouse);
          // The type as it already is (a double tap): nothing recorded, answered IsRepeat.
          if (isUnchanged(before, values)) {
            return { value: presentDimension(before), unchanged: true };
          }
          if (await repository.isBarcodeTaken(body.Barcode, id)) throw barcodeTaken(body.Barcode);
          const row = await repository.updateType(id, values);
          await repository.events.record(
            { userId: context.user.id, warehouseId: warehouse.id, at: now() },
            'dimension.changed',
            {
              dimensionId: id,
              before: presentDimension(before),
              after: presentDimension(row),
            },
          );
          return { value: presentDimension(row), unchanged: false };
        });
        return repeatWhenUnchanged(outcome);
      } catch (error) {
        // Another type took the barcode between the check and the update (the unique index).
        if (isUniqueViolation(error)) throw barcodeTaken(body.Barcode);
        throw error;
      }
    },

    /** `DELETE /dimensions-api/dimension/{id}`: a type of the user's warehouse gone, one event. */
    async remove(id: number, context: CallContext): Promise<OperationOutcome<TDimensionDeleted>> {
      return operations.run(context, async (repository) => {
        const warehouse = ownWarehouse(context);
        const row = await lockOwnType(repository, id, warehouse);
        await repository.deleteType(id);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at: now() },
          'dimension.deleted',
          { dimensionId: id, type: presentDimension(row) },
        );
        return { DimensionId: row.id, Barcode: row.barcode };
      });
    },
  };
}

export type DimensionsService = ReturnType<typeof createDimensionsService>;
