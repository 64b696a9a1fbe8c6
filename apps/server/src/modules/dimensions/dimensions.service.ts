import type { TDimension } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { presentDimension } from '../../lib/dimension-type.js';
import type { DimensionsRepository } from './dimensions.repository.js';

/** Spec part 2 §3, §7 "Dimensions", §9: the dimension types directory (reading only). */
export function createDimensionsService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, DimensionsRepository>;
}) {
  const repository = deps.repository(deps.db);

  return {
    /**
     * Spec part 2 §9: the types of the current warehouse plus the common ones, id descending.
     * The current warehouse is the user's default one; a user without one (or whose default
     * warehouse is gone) sees the common types only, rather than nothing or a refusal.
     */
    async list(context: CallContext): Promise<TDimension[]> {
      const number = context.user.defaultWarehouseNumber;
      const code = number === null ? null : await repository.findWarehouseCode(number);
      const rows = await repository.listDimensionTypes(code);
      return rows.map(presentDimension);
    },
  };
}

export type DimensionsService = ReturnType<typeof createDimensionsService>;
