import type { Db } from '../../db/database.js';
import { createSimulatedTerminalRepository } from './simulated-terminal.repository.js';

// The integrated payment terminal behind one port (issue 18; docs/DECISIONS.md "Picking
// payment"): `PAYMENT_TERMINAL` chooses the adapter; `simulated` (the default and the only one
// built) stands for a real terminal. A start carries the payment intent's id as its
// idempotency key: a start with a key the terminal knows starts nothing new and answers the
// transaction it started then, as a real terminal's API does, so a server that died between
// the start and its answer adopts the transaction instead of charging twice.

/** What a terminal says of a transaction. */
export type TerminalStatus = 'approved' | 'declined' | 'pending';

/** A payment intent as the terminal is asked to start it. */
export interface TerminalIntent {
  /** The payment's id: the start's idempotency key. */
  id: number;
  pickingId: number;
  amountKopecks: number;
}

/** Spec-independent port of an integrated card terminal. */
export interface PaymentTerminal {
  /**
   * Starts the intent's transaction, or answers the one already started under its key (no
   * second start); answers the transaction id.
   */
  start(intent: TerminalIntent): Promise<string>;
  /** The transaction started under the intent's key, null when none was. */
  find(intentId: number): Promise<string | null>;
  status(transactionId: string): Promise<TerminalStatus>;
  /** Cancels a pending transaction or refunds an approved one. */
  cancel(transactionId: string): Promise<void>;
}

export const PAYMENT_TERMINAL_KINDS = ['simulated'] as const;
export type PaymentTerminalKind = (typeof PAYMENT_TERMINAL_KINDS)[number];

export interface PaymentTerminalConfig {
  kind: PaymentTerminalKind;
  /** The simulator approves (or declines) this long after the start. */
  simDelayMs: number;
  /** The simulator answers a start this long after it began it (a terminal's own latency). */
  simStartMs: number;
  /** A transaction still pending this long after its start is cancelled (the service judges). */
  timeoutMs: number;
}

/** The simulator's magic kopecks (DEMO.md): …,13 ₽ is declined, …,14 ₽ never answered. */
export const SIMULATED_DECLINE_KOPECKS = 13;
export const SIMULATED_SILENT_KOPECKS = 14;

const SIMULATED_ID = /^sim:(\d+):(\d+):(\d+)$/;

/** The idempotency key of an intent's start. */
export function intentKeyOf(intentId: number): string {
  return `picking-payment-${intentId}`;
}

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
