import type { Db } from '../../db/database.js';
import type { OPERATION_TAKEN } from '../../lib/operations.js';
import {
  runInOperation,
  runSelfClaimedOperation,
  type OperationClaim,
  type OperationOutcome,
} from '../../lib/operations.js';
import type { CallContext } from '../../lib/call-context.js';
import { createSortingRepository, type SortingRepository } from './sorting.repository.js';

export type { OperationOutcome, OperationClaim } from '../../lib/operations.js';
export { OPERATION_TAKEN } from '../../lib/operations.js';

type OperationContext = Pick<CallContext, 'operationId' | 'user'>;

/** A sorting change in one transaction, idempotent by its operation id (lib/operations.ts). */
export async function runOperation<T>(
  db: Db,
  options: OperationContext,
  work: (repository: SortingRepository) => Promise<T>,
): Promise<OperationOutcome<T>> {
  return runInOperation(db, { operationId: options.operationId, userId: options.user.id }, (tx) =>
    work(createSortingRepository(tx)),
  );
}

/** runOperation for a change that claims and stores its operation in its own statements. */
export async function runSelfClaimed<T>(
  db: Db,
  options: OperationContext,
  work: (
    repository: SortingRepository,
    claim: OperationClaim | null,
  ) => Promise<T | typeof OPERATION_TAKEN>,
): Promise<OperationOutcome<T>> {
  return runSelfClaimedOperation(
    db,
    { operationId: options.operationId, userId: options.user.id },
    (tx, claim) => work(createSortingRepository(tx), claim),
  );
}
