import type { Db } from '../db/database.js';
import { createOperationsRepository } from '../db/operations.repository.js';
import { refusal } from './refusal.js';

export interface OperationOutcome<T> {
  value: T;
  isRepeat: boolean;
}

export interface OperationOptions<T> {
  operationId: string | null;
  userId: number;
  /** What the store keeps for a replay; default the value itself (e.g. drop a one-time secret). */
  toStored?: (value: T) => T;
}

/** A replay found by a claim: the stored answer, or the other user's id refused (409). */
function repeatOf<T>(
  stored: { userId: number | null; result: unknown },
  options: Pick<OperationOptions<T>, 'userId'>,
): OperationOutcome<T> {
  if (stored.userId !== options.userId) throw refusal('conflict', 'operationOfOtherUser');
  return { value: (stored.result as { value: T }).value, isRepeat: true };
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
      if (!claim.claimed) return repeatOf(claim, options);
    }
    const value = await work(tx);
    if (operationId !== null) {
      const stored = options.toStored ? options.toStored(value) : value;
      await store.storeOperationResult(operationId, { value: stored });
    }
    return { value, isRepeat: false };
  });
}

/** What a self-claimed change's work answers when its claim found the id already taken. */
export const OPERATION_TAKEN = Symbol('operation taken');

/** The operation a self-claimed change claims and stores in its own statements. */
export interface OperationClaim {
  operationId: string;
  userId: number;
}

/**
 * runInOperation for a change whose own first statement claims the operation id and whose
 * own last statement stores the answer as `{ value }` (a parcel's move: two round trips fewer per
 * move, docs/PERFORMANCE.md "Session 5"). The work gets the claim to make (null
 * without an operation id) and answers OPERATION_TAKEN when it found the id taken, before
 * judging anything.
 */
export async function runSelfClaimedOperation<T>(
  db: Db,
  options: Pick<OperationOptions<T>, 'operationId' | 'userId'>,
  work: (tx: Db, claim: OperationClaim | null) => Promise<T | typeof OPERATION_TAKEN>,
): Promise<OperationOutcome<T>> {
  return db.transaction(async (tx) => {
    const { operationId, userId } = options;
    const claim = operationId === null ? null : { operationId, userId };
    const value = await work(tx, claim);
    if (value !== OPERATION_TAKEN) return { value, isRepeat: false };
    if (operationId === null) throw new Error('a change without an operation id was taken');
    return repeatOf(await createOperationsRepository(tx).readOperation(operationId), options);
  });
}
