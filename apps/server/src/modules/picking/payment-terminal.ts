// The integrated payment terminal behind one port (issue 18; docs/DECISIONS.md "Picking
// payment"): `PAYMENT_TERMINAL` chooses the adapter; `simulated` (the default and the only one
// built) is a stateless simulator. It keeps no memory: its transaction id carries the payment,
// its amount and its start, so any server process answers alike and a restart loses nothing.

/** What a terminal says of a transaction. */
export type TerminalStatus = 'approved' | 'declined' | 'pending';

/** Spec-independent port of an integrated card terminal. */
export interface PaymentTerminal {
  /** Starts a transaction for a payment of `amountKopecks`; answers its id. */
  start(paymentId: number, amountKopecks: number): Promise<string>;
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
  /** A transaction still pending this long after its start is cancelled (the service judges). */
  timeoutMs: number;
}

/** The simulator's magic kopecks (DEMO.md): …,13 ₽ is declined, …,14 ₽ never answered. */
export const SIMULATED_DECLINE_KOPECKS = 13;
export const SIMULATED_SILENT_KOPECKS = 14;

const SIMULATED_ID = /^sim:(\d+):(\d+):(\d+)$/;

/**
 * The simulated terminal: pending until `delayMs` after the start, then declined when the
 * amount's kopecks are 13, silent (pending for ever) when they are 14, approved otherwise.
 */
export function createSimulatedTerminal(options: {
  delayMs: number;
  now: () => Date;
}): PaymentTerminal {
  const { delayMs, now } = options;
  return {
    async start(paymentId, amountKopecks) {
      return `sim:${paymentId}:${amountKopecks}:${now().getTime()}`;
    },
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
  now: () => Date,
): PaymentTerminal {
  switch (config.kind) {
    case 'simulated':
      return createSimulatedTerminal({ delayMs: config.simDelayMs, now });
  }
}
