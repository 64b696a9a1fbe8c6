import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { simulatedTerminalTransactions } from '../../db/schema-picking-payment.js';

// SQL of the simulated payment terminal's memory (payment-terminal.ts): one statement each,
// on the database itself, never inside a server transaction (the terminal is outside them).

export function createSimulatedTerminalRepository(db: Db) {
  return {
    /**
     * A start under an idempotency key: the transaction started now, or the one started
     * under the key before (its start requests counted); answers its transaction id.
     */
    async recordStart(start: {
      idempotencyKey: string;
      pickingId: number;
      amountKopecks: number;
      transactionId: string;
      startedAt: Date;
    }): Promise<string> {
      const [row] = await db
        .insert(simulatedTerminalTransactions)
        .values(start)
        .onConflictDoUpdate({
          target: simulatedTerminalTransactions.idempotencyKey,
          set: { startRequests: sql`${simulatedTerminalTransactions.startRequests} + 1` },
        })
        .returning({ transactionId: simulatedTerminalTransactions.transactionId });
      if (!row) throw new Error('the simulated terminal recorded no start');
      return row.transactionId;
    },

    /** The transaction started under a key, null when none was. */
    async findStarted(idempotencyKey: string): Promise<string | null> {
      const rows = await db
        .select({ transactionId: simulatedTerminalTransactions.transactionId })
        .from(simulatedTerminalTransactions)
        .where(eq(simulatedTerminalTransactions.idempotencyKey, idempotencyKey))
        .limit(1);
      return rows[0]?.transactionId ?? null;
    },
  };
}
