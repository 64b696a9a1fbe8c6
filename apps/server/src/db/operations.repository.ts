import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { operations } from './schema.js';

/** SQL of the idempotency store (`operations`), shared by every module that changes things. */
export function createOperationsRepository(db: Db) {
  /** The claim alone: false when the id is taken (after waiting for its transaction). */
  async function tryClaimOperation(operationId: string, userId: number): Promise<boolean> {
    // Every change makes this statement and the store: written as SQL text, not rebuilt by
    // the query builder on each call (docs/PERFORMANCE.md "Statements built once").
    const inserted = await db.execute(sql`
      insert into operations (operation_id, user_id, result)
      values (${operationId}, ${userId}, '{"pending":true}'::jsonb)
      on conflict do nothing
      returning operation_id`);
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
      await db.execute(sql`
        update operations set result = ${JSON.stringify(result)}::jsonb
        where operation_id = ${operationId}`);
    },
  };
}
