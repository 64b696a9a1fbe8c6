import { eq } from 'drizzle-orm';
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
      const inserted = await db
        .insert(operations)
        .values({ operationId, userId, result: { pending: true } })
        .onConflictDoNothing()
        .returning({ operationId: operations.operationId });
      if (inserted.length > 0) return { claimed: true };
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
      await db
        .update(operations)
        .set({ result: result as never })
        .where(eq(operations.operationId, operationId));
    },
  };
}
