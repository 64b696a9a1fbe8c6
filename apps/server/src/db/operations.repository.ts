import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from './database.js';
import { operations } from './schema.js';

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
