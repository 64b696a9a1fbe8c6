// The integrated payment terminal behind one port (docs/DECISIONS.md "Picking
// payment"): `PAYMENT_TERMINAL` chooses the adapter; `simulated` (the default and the only one
// built) stands for a real terminal. A start carries the payment intent's id as its
// idempotency key: a start with a key the terminal knows starts nothing new and answers the
// transaction it started then, as a real terminal's API does, so a server that died between
// the start and its answer adopts the transaction instead of charging twice. The simulator and
// the factory are in simulated-terminal.ts (config.ts reads this file, which imports no SQL).

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

// The terminal kinds and their settings are the configuration's (config.ts reads them from
// the environment); the picking module uses them from there, so config.ts imports no module.
export type { PaymentTerminalConfig, PaymentTerminalKind } from '../../config.js';

/** The simulator's magic kopecks (DEMO.md): …,13 ₽ is declined, …,14 ₽ never answered. */
export const SIMULATED_DECLINE_KOPECKS = 13;
export const SIMULATED_SILENT_KOPECKS = 14;

/** The idempotency key of an intent's start. */
export function intentKeyOf(intentId: number): string {
  return `picking-payment-${intentId}`;
}
