import type { Locale } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { runInOperation, type OperationOutcome } from '../../lib/operations.js';
import type { SessionUser } from '../auth/auth.service.js';
import { createSortingRepository, type SortingRepository } from './sorting.repository.js';

export type { OperationOutcome } from '../../lib/operations.js';

/** A sorting change in one transaction, idempotent by its operation id (lib/operations.ts). */
export async function runOperation<T>(
  db: Db,
  options: { operationId: string | null; user: SessionUser; locale: Locale },
  work: (repository: SortingRepository) => Promise<T>,
): Promise<OperationOutcome<T>> {
  return runInOperation(
    db,
    { operationId: options.operationId, userId: options.user.id, locale: options.locale },
    (tx) => work(createSortingRepository(tx)),
  );
}
