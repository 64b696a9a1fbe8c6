import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { operations } from './schema.js';

/** SQL of the idempotency store (`operations`), shared by every module that changes things. */
export function createOperationsRepository(db: Db) {
  return {
    /**
     * Claims an operation id inside the caller's transaction. A concurrent claim of the same
     * id waits on the row until the first transaction ends, then sees its stored result.
     */
    async claimOperation(
      operationId: string,
      userId: number,
    ): Promise<{ claimed: true } | { claimed: false; userId: number | null; result: unknown }> {
      // Every change makes this statement and the next: written as SQL text, not rebuilt by
      // the query builder on each call (docs/PERFORMANCE.md "Statements built once").
      const inserted = await db.execute(sql`
        insert into operations (operation_id, user_id, result)
        values (${operationId}, ${userId}, '{"pending":true}'::jsonb)
        on conflict do nothing
        returning operation_id`);
      if (((inserted as { rows?: unknown[] }).rows ?? []).length > 0) return { claimed: true };
      const rows = await db
        .select({ userId: operations.userId, result: operations.result })
        .from(operations)
        .where(eq(operations.operationId, operationId))
        .limit(1);
      const row = rows[0];
      if (!row) throw new Error(`operation ${operationId} neither inserted nor found`);
      return { claimed: false, userId: row.userId, result: row.result };
    },

    async storeOperationResult(operationId: string, result: unknown): Promise<void> {
      await db.execute(sql`
        update operations set result = ${JSON.stringify(result)}::jsonb
        where operation_id = ${operationId}`);
    },
  };
}
