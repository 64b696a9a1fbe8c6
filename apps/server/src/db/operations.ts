import { eq, sql, type SQL } from 'drizzle-orm';
import type { OperationScope } from '../lib/call-context.js';
import { refusal } from '../lib/refusal.js';
import type { Db } from './database.js';
import { operations } from './schema.js';

// Idempotency in one module: a change runs ONCE per operation id (`X-Operation-Id`,
// architecture "Data and identity"). The entry is `runInOperation` (over a module's repository:
// `operationsOver`); a parcel's move claims and stores the id in its own statements with
// `runSelfClaimedOperation` and the SQL fragments below. Nothing else writes `operations`.
// An id is bound to the call that claimed it: its user, its route and a hash of its input
// (`OperationScope`); the same id on another call is refused, never answered with the first
// call's answer (docs/DECISIONS.md "Contract and errors", operation ids).

/** The operation a change claims: its id, and the user and call it is bound to. */
export interface OperationClaim extends OperationScope {
  operationId: string;
  userId: number;
}

/**
 * The claim of an operation id as a statement that may stand in a CTE: one row (the id)
 * when claimed, none when taken or when there is no id (null). Every change makes it:
 * written as SQL text, not rebuilt by the query builder on each call (docs/PERFORMANCE.md
 * "Statements built once").
 */
export function operationClaimSql(claim: OperationClaim | null): SQL {
  return sql`
    insert into operations (operation_id, user_id, route, request_hash, result)
    select ${claim?.operationId ?? null}::text, ${claim?.userId ?? null}::int,
      ${claim?.route ?? null}::text, ${claim?.requestHash ?? null}::text,
      '{"pending":true}'::jsonb
    where ${claim?.operationId ?? null}::text is not null
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
  async function tryClaimOperation(claim: OperationClaim): Promise<boolean> {
    const inserted = await db.execute(operationClaimSql(claim));
    return ((inserted as { rows?: unknown[] }).rows ?? []).length > 0;
  }

  /**
   * A taken id's owner, call and stored answer. A statement of its own after the claim
   * failed: its fresh snapshot sees the claim that the other transaction committed.
   */
  async function readOperation(operationId: string): Promise<StoredOperation> {
    const rows = await db
      .select({
        userId: operations.userId,
        route: operations.route,
        requestHash: operations.requestHash,
        result: operations.result,
      })
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
      claim: OperationClaim,
    ): Promise<{ claimed: true } | ({ claimed: false } & StoredOperation)> {
      if (await tryClaimOperation(claim)) return { claimed: true };
      return { claimed: false, ...(await readOperation(claim.operationId)) };
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

/** What a taken operation id holds: who claimed it, for which call, and the answer. */
export interface StoredOperation {
  userId: number | null;
  /** Null on a row stored before ids were bound to their call: judged by its user alone. */
  route: string | null;
  requestHash: string | null;
  result: unknown;
}

/**
 * What a change answers when it may find nothing to change (a value set to what it already
 * is, a double tap without an operation id): `unchanged` when it wrote nothing, and the call
 * then answers IsRepeat (docs/DECISIONS.md "Faults and bad input", writes that set a value).
 */
export interface Judged<T> {
  value: T;
  unchanged: boolean;
}

/** The outcome of a judged change: a repeat when its operation or the change was one. */
export function repeatWhenUnchanged<T>(outcome: OperationOutcome<Judged<T>>): OperationOutcome<T> {
  return { value: outcome.value.value, isRepeat: outcome.isRepeat || outcome.value.unchanged };
}

export interface OperationOptions<T> {
  /** The claim to make; null without an operation id (the change runs, nothing is stored). */
  claim: OperationClaim | null;
  /** What the store keeps for a replay; default the value itself (e.g. drop a one-time secret). */
  toStored?: (value: T) => T;
}

/**
 * A replay found by a claim: the stored answer when the id was claimed by the same user for
 * the same call (route and input); otherwise refused with `operationIdReused` (HTTP 422,
 * nothing written), never answered with another call's answer.
 */
function repeatOf<T>(stored: StoredOperation, claim: OperationClaim): OperationOutcome<T> {
  if (stored.userId !== claim.userId) throw refusal('operationIdReused', 'operationOfOtherUser');
  if (stored.route !== null && stored.route !== claim.route) {
    throw refusal('operationIdReused', 'operationIdOtherRoute', { route: stored.route });
  }
  if (stored.requestHash !== null && stored.requestHash !== claim.requestHash) {
    throw refusal('operationIdReused', 'operationIdOtherRequest');
  }
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
    const { claim } = options;
    if (claim !== null) {
      const claimed = await store.claimOperation(claim);
      if (!claimed.claimed) return repeatOf(claimed, claim);
    }
    const value = await work(tx);
    if (claim !== null) {
      const stored = options.toStored ? options.toStored(value) : value;
      await store.storeOperationResult(claim.operationId, { value: stored });
    }
    return { value, isRepeat: false };
  });
}

/** What a self-claimed change's work answers when its claim found the id already taken. */
export const OPERATION_TAKEN = Symbol('operation taken');

/**
 * runInOperation for a change whose own first statement claims the operation id and whose
 * own last statement stores the answer as `{ value }` (a parcel's move: two round trips fewer per
 * move, docs/PERFORMANCE.md "Session 5"). The work gets the claim to make (null
 * without an operation id) and answers OPERATION_TAKEN when it found the id taken, before
 * judging anything.
 */
export async function runSelfClaimedOperation<T>(
  db: Db,
  claim: OperationClaim | null,
  work: (tx: Db, claim: OperationClaim | null) => Promise<T | typeof OPERATION_TAKEN>,
): Promise<OperationOutcome<T>> {
  return db.transaction(async (tx) => {
    const value = await work(tx, claim);
    if (value !== OPERATION_TAKEN) return { value, isRepeat: false };
    if (claim === null) throw new Error('a change without an operation id was taken');
    // The same rule as runInOperation's: the stored answer only for the same user and call.
    return repeatOf(await createOperationsRepository(tx).readOperation(claim.operationId), claim);
  });
}

/**
 * Who runs a change: the call's operation id, what it is bound to, and the user
 * (lib/call-context.ts `CallContext`).
 */
export interface OperationCaller {
  operationId: string | null;
  /** The route and input hash the edge computed; null exactly when there is no id. */
  operationScope: OperationScope | null;
  user: { id: number };
}

/** The claim a caller makes: null without an operation id. */
export function claimOf(caller: OperationCaller): OperationClaim | null {
  if (caller.operationId === null) return null;
  if (caller.operationScope === null) throw new Error('an operation id without its scope');
  return { operationId: caller.operationId, userId: caller.user.id, ...caller.operationScope };
}

/**
 * The entry bound to a module's repository: the work gets the repository over the change's
 * transaction (every service receives its repository as a factory over a database handle).
 */
export function operationsOver<Repository>(db: Db, repositoryOf: (tx: Db) => Repository) {
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
      const options = { claim: claimOf(caller), ...(toStored ? { toStored } : {}) };
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
      return runSelfClaimedOperation(db, claimOf(caller), (tx, claim) =>
        work(repositoryOf(tx), claim),
      );
    },
  };
}
