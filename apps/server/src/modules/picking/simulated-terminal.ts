import type { Db } from '../../db/database.js';
import {
  intentKeyOf,
  SIMULATED_DECLINE_KOPECKS,
  SIMULATED_SILENT_KOPECKS,
  type PaymentTerminal,
  type PaymentTerminalConfig,
} from './payment-terminal.js';
import { createSimulatedTerminalRepository } from './simulated-terminal.repository.js';

// The simulated payment terminal (`PAYMENT_TERMINAL=simulated`; docs/DECISIONS.md "Picking
// payment") and the factory of the configured terminal.

const SIMULATED_ID = /^sim:(\d+):(\d+):(\d+)$/;

/**
 * The simulated terminal: pending until `delayMs` after the start, then declined when the
 * amount's kopecks are 13, silent (pending for ever) when they are 14, approved otherwise. Its
 * transaction id carries the payment, its kopecks and its start, so status and cancel need no
 * memory; what it started, under which key, it keeps where a terminal would keep it, outside
 * the server's transactions (`simulated_terminal_transactions`, one statement each), so every
 * server process and a restarted one see it, and a test counts its starts per picking.
 */
export function createSimulatedTerminal(options: {
  db: Db;
  delayMs: number;
  startMs: number;
  now: () => Date;
}): PaymentTerminal {
  const { delayMs, startMs, now } = options;
  const memory = createSimulatedTerminalRepository(options.db);
  return {
    async start(intent) {
      const startedAt = now();
      const transactionId = await memory.recordStart({
        idempotencyKey: intentKeyOf(intent.id),
        pickingId: intent.pickingId,
        amountKopecks: intent.amountKopecks,
        transactionId: `sim:${intent.id}:${intent.amountKopecks}:${startedAt.getTime()}`,
        startedAt,
      });
      // Started: the answer follows after the terminal's own latency.
      if (startMs > 0) await new Promise((resolve) => setTimeout(resolve, startMs));
      return transactionId;
    },
    find: (intentId) => memory.findStarted(intentKeyOf(intentId)),
    async status(transactionId) {
      const match = SIMULATED_ID.exec(transactionId);
      if (!match) throw new Error(`not a simulated transaction: ${transactionId}`);
      const amountKopecks = Number(match[2]);
      const startedAt = Number(match[3]);
      if (now().getTime() - startedAt < delayMs) return 'pending';
      const kopecks = amountKopecks % 100;
      if (kopecks === SIMULATED_DECLINE_KOPECKS) return 'declined';
      if (kopecks === SIMULATED_SILENT_KOPECKS) return 'pending';
      return 'approved';
    },
    async cancel(transactionId) {
      if (!SIMULATED_ID.test(transactionId)) {
        throw new Error(`not a simulated transaction: ${transactionId}`);
      }
    },
  };
}

/** The terminal `PAYMENT_TERMINAL` names. */
export function createPaymentTerminal(
  config: PaymentTerminalConfig,
  db: Db,
  now: () => Date,
): PaymentTerminal {
  switch (config.kind) {
    case 'simulated':
      return createSimulatedTerminal({
        db,
        delayMs: config.simDelayMs,
        startMs: config.simStartMs,
        now,
      });
  }
}
