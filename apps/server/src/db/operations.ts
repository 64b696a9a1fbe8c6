import { eq, sql, type SQL } from 'drizzle-orm';
import { refusal } from '../lib/refusal.js';
import type { Db } from './database.js';
import { operations } from './schema.js';

// Idempotency in one module (issue 15): a change runs ONCE per operation id (`X-Operation-Id`,
// architecture "Data and identity"). The entry is `runInOperation` (over a module's repository:
// `operationsOver`); a parcel's move claims and stores the id in its own statements with
// `runSelfClaimedOperation` and the SQL fragments below. Nothing else writes `operations`.

/**
 * The claim of an operation id as a statement that may stand in a CTE: one row (the id)
 * when claimed, none when taken or when there is no id (null). Every change makes it:
 * written as SQL text, not rebuilt by the query builder on each call (docs/PERFORMANCE.md
 * "Statements built once").
 */
export function operationClaimSql(operationId: string | null, userId: number | null): SQL {
  return sql`
    insert into operations (operation_id, user_id, result)
    select ${operationId}::text, ${userId}::int, '{"pending":true}'::jsonb
    where ${operationId}::text is not null
    on conflict do nothing
    returning operation_id`;
}

/** The answer stored under an operation id (no row without an id), `result` a jsonb. */
export function operationStoreSql(operationId: string | null, result: SQL): SQL {
  return sql`update operations set result = ${result} where operation_id = ${operationId}`;
}

/** SQL of the idempotency store (`operations`), shared by every module that changes things. */
export function createOperationsRepository(db: Db) {
  /** The claim alone: false when the id is taken (after waiting for its transaction). */
  async function tryClaimOperation(operationId: string, userId: number): Promise<boolean> {
    const inserted = await db.execute(operationClaimSql(operationId, userId));
    return ((inserted as { rows?: unknown[] }).rows ?? []).length > 0;
  }

  /**
   * A taken id's owner and stored answer. A statement of its own after the claim failed: its
   * fresh snapshot sees the claim that the other transaction committed.
   */
  async function readOperation(
    operationId: string,
  ): Promise<{ userId: number | null; result: unknown }> {
    const rows = await db
      .select({ userId: operations.userId, result: operations.result })
      .from(operations)
      .where(eq(operations.operationId, operationId))
      .limit(1);
    const row = rows[0];
    if (!row) throw new Error(`operation ${operationId} neither inserted nor found`);
    return row;
  }

  return {
    tryClaimOperation,
    readOperation,

    /**
     * Claims an operation id inside the caller's transaction. A concurrent claim of the same
     * id waits on the row until the first transaction ends, then sees its stored result.
     */
    async claimOperation(
      operationId: string,
      userId: number,
    ): Promise<{ claimed: true } | { claimed: false; userId: number | null; result: unknown }> {
      if (await tryClaimOperation(operationId, userId)) return { claimed: true };
      return { claimed: false, ...(await readOperation(operationId)) };
    },

    async storeOperationResult(operationId: string, result: unknown): Promise<void> {
      await db.execute(operationStoreSql(operationId, sql`${JSON.stringify(result)}::jsonb`));
    },
  };
}

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

/** Who runs a change: the call's operation id and user (lib/call-context.ts `CallContext`). */
export interface OperationCaller {
  operationId: string | null;
  user: { id: number };
}

/**
 * The entry bound to a module's repository: the work gets the repository over the change's
 * transaction (every service receives its repository as a factory over a database handle).
 */
export function operationsOver<Repository>(db: Db, repositoryOf: (tx: Db) => Repository) {
  const optionsOf = (caller: OperationCaller) => ({
    operationId: caller.operationId,
    userId: caller.user.id,
  });
  return {
    /**
     * A change in one transaction, idempotent by the caller's operation id; `toStored` is what
     * a replay answers, when it differs from the answer (a secret shown once).
     */
    run<T>(
      caller: OperationCaller,
      work: (repository: Repository) => Promise<T>,
      toStored?: (value: T) => T,
    ): Promise<OperationOutcome<T>> {
      const options = { ...optionsOf(caller), ...(toStored ? { toStored } : {}) };
      return runInOperation(db, options, (tx) => work(repositoryOf(tx)));
    },
    /** `run` for a change that claims and stores its operation in its own statements. */
    runSelfClaimed<T>(
      caller: OperationCaller,
      work: (
        repository: Repository,
        claim: OperationClaim | null,
      ) => Promise<T | typeof OPERATION_TAKEN>,
    ): Promise<OperationOutcome<T>> {
      return runSelfClaimedOperation(db, optionsOf(caller), (tx, claim) =>
        work(repositoryOf(tx), claim),
      );
    },
  };
}
