import { AppError } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { Db } from '../db/database.js';
import { createOperationsRepository } from '../db/operations.repository.js';
import { translate } from '../i18n/messages.js';

export interface OperationOutcome<T> {
  value: T;
  isRepeat: boolean;
}

export interface OperationOptions<T> {
  operationId: string | null;
  userId: number;
  locale: Locale;
  /** What the store keeps for a replay; default the value itself (e.g. drop a one-time secret). */
  toStored?: (value: T) => T;
}

/**
 * Runs a change in ONE transaction and, with an operation id (`X-Operation-Id`), stores its
 * answer in the same transaction: a replay answers the stored answer with IsRepeat and
 * changes nothing. A refused change (AppError) rolls back with its claim, so a retry runs it
 * again. A concurrent replay waits on the claim's row until the first one ends.
 */
export async function runInOperation<T>(
  db: Db,
  options: OperationOptions<T>,
  work: (tx: Db) => Promise<T>,
): Promise<OperationOutcome<T>> {
  return db.transaction(async (tx) => {
    const store = createOperationsRepository(tx);
    const { operationId, userId } = options;
    if (operationId !== null) {
      const claim = await store.claimOperation(operationId, userId);
      if (!claim.claimed) {
        if (claim.userId !== userId) {
          throw new AppError('conflict', {
            message: translate(options.locale, 'operationOfOtherUser'),
          });
        }
        return { value: (claim.result as { value: T }).value, isRepeat: true };
      }
    }
    const value = await work(tx);
    if (operationId !== null) {
      const stored = options.toStored ? options.toStored(value) : value;
      await store.storeOperationResult(operationId, { value: stored });
    }
    return { value, isRepeat: false };
  });
}
