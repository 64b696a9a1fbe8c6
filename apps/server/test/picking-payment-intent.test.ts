import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPickingPayment } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import { pickingPayments, users } from '../src/db/schema.js';
import type { PaymentTerminal } from '../src/modules/picking/payment-terminal.js';
import { createSimulatedTerminal } from '../src/modules/picking/simulated-terminal.js';
import { createTestConfig } from './helpers.js';
import { seedPayablePickings, terminalStartsOf, type PayablePicking } from './payable-pickings.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// The payment intent (docs/DECISIONS.md "Picking payment"): a terminal payment is committed
// first and started at the terminal after, under its id as the idempotency key, so a server
// that stops between the terminal's start and its answer leaves a started transaction that the
// next call adopts instead of starting a second one. Here the simulator is stopped in that very
// place in-process (the kill test, test/faults/payment-kill.test.ts, kills a real server there).
// PGlite, or PostgreSQL with DATABASE_URL.

const BASE = '/picking-api/picking';
const TIMEOUT_MS = 60_000;
const ENV = {
  PAYMENT_TERMINAL_SIM_DELAY_MS: '1000',
  PAYMENT_TERMINAL_TIMEOUT_MS: String(TIMEOUT_MS),
};

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let app: FastifyInstance;
let worker: SortingClient;
let workerId = 0;
let pickings: PayablePicking[] = [];
/** Where the terminal stops next: after a start (the crash window) or before one. */
let stopNext: 'afterStart' | 'beforeStart' | null = null;
const cancelled: string[] = [];

/** The simulator, stopped once where `stopNext` says, as a server killed there would be. */
function stoppingTerminal(real: PaymentTerminal): PaymentTerminal {
  return {
    ...real,
    async start(intent) {
      if (stopNext === 'beforeStart') {
        stopNext = null;
        throw new Error('the server stopped before the terminal heard of the payment');
      }
      const transactionId = await real.start(intent);
      if (stopNext === 'afterStart') {
        stopNext = null;
        throw new Error('the server stopped after the terminal started the payment');
      }
      return transactionId;
    },
    async cancel(transactionId) {
      cancelled.push(transactionId);
      await real.cancel(transactionId);
    },
  };
}

beforeAll(async () => {
  context = await createSessionTestApp(ENV);
  const real = createSimulatedTerminal({
    db: context.database.db,
    delayMs: 1000,
    startMs: 0,
    now: context.clock.now,
  });
  app = await buildApp({
    config: createTestConfig(ENV),
    database: context.database,
    keepDatabaseOpen: true,
    now: context.clock.now,
    paymentTerminal: stoppingTerminal(real),
  });
  worker = await signInClient(app, BADGES.worker, () => 0);
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.number, 1001));
  workerId = row!.id;
  pickings = await seedPayablePickings(context.database.db, {
    count: 6,
    prefix: 'INTENT',
    userNumber: 1001,
    kopecks: 150_000,
  });
});

afterAll(async () => {
  await app?.close();
  await context?.close();
});

interface PascalEnvelope<T> {
  IsSuccess: boolean;
  IsRepeat: boolean;
  ErrorCode: number | null;
  OperationObject: T;
}

const payBody = () => ({
  PaymentTypeCode: 'card',
  ProviderCode: 'terminal',
  UserId: workerId,
  Timestamp: '2026-03-02T08:01:00.000Z',
});
const pay = (pickingId: number, operationId: string) =>
  worker.call('POST', `${BASE}/${pickingId}/pay`, payBody(), operationId);
const payState = (pickingId: number) => worker.call('GET', `${BASE}/${pickingId}/pay`);
const setPayState = (pickingId: number, State: string) =>
  worker.call('PUT', `${BASE}/${pickingId}/pay`, { State }, newOperationId());

function paymentOf(response: { json: () => unknown; body: string }) {
  const body = response.json() as PascalEnvelope<TPickingPayment>;
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body;
}

async function rowsOf(pickingId: number) {
  return context.database.db
    .select()
    .from(pickingPayments)
    .where(eq(pickingPayments.pickingId, pickingId));
}

/** A pay that stops after the terminal started: the intent committed, its answer never sent. */
async function stoppedAfterStart(pickingId: number, operationId = newOperationId()) {
  stopNext = 'afterStart';
  const lost = await pay(pickingId, operationId);
  expect(lost.statusCode, lost.body).toBe(500);
  const [intent] = await rowsOf(pickingId);
  expect(intent).toMatchObject({ state: 'PENDING', providerCode: 'terminal', transactionId: null });
  const starts = await terminalStartsOf(context.database.db, pickingId);
  expect(starts).toHaveLength(1);
  return { operationId, transactionId: starts[0]!.transactionId };
}

describe('a terminal payment whose start was never answered', () => {
  it('is adopted by the retry of the same pay: one terminal start, then approved', async () => {
    const { pickingId } = pickings[0]!;
    const { operationId, transactionId } = await stoppedAfterStart(pickingId);
    const retry = paymentOf(await pay(pickingId, operationId));
    expect(retry.IsRepeat).toBe(true);
    expect(retry.OperationObject).toMatchObject({
      State: 'PENDING',
      TransactionId: transactionId,
      Amount: 1500,
    });
    // Asked twice under one key, started once.
    expect(await terminalStartsOf(context.database.db, pickingId)).toEqual([
      { transactionId, startRequests: 2 },
    ]);
    expect(await rowsOf(pickingId)).toHaveLength(1);
    context.clock.advanceSeconds(1);
    expect(paymentOf(await payState(pickingId)).OperationObject.State).toBe('PROCESSED');
  });

  it('is adopted by the next poll, and by a server starting over the database', async () => {
    const polled = pickings[1]!.pickingId;
    const first = await stoppedAfterStart(polled);
    expect(paymentOf(await payState(polled)).OperationObject).toMatchObject({
      State: 'PENDING',
      TransactionId: first.transactionId,
    });
    const restarted = pickings[2]!.pickingId;
    const second = await stoppedAfterStart(restarted);
    const another = await buildApp({
      config: createTestConfig(ENV),
      database: context.database,
      keepDatabaseOpen: true,
      now: context.clock.now,
    });
    await another.close();
    expect((await rowsOf(restarted))[0]?.transactionId).toBe(second.transactionId);
    for (const pickingId of [polled, restarted]) {
      expect(await terminalStartsOf(context.database.db, pickingId)).toHaveLength(1);
    }
  });

  it('is started once when the terminal never heard of it', async () => {
    const { pickingId } = pickings[3]!;
    const operationId = newOperationId();
    stopNext = 'beforeStart';
    expect((await pay(pickingId, operationId)).statusCode).toBe(500);
    expect(await terminalStartsOf(context.database.db, pickingId)).toEqual([]);
    const retry = paymentOf(await pay(pickingId, operationId)).OperationObject;
    const starts = await terminalStartsOf(context.database.db, pickingId);
    expect(starts).toEqual([{ transactionId: retry.TransactionId, startRequests: 1 }]);
  });

  it('is cancelled at the terminal by the worker’s cancel, and past the timeout', async () => {
    const byWorker = pickings[4]!.pickingId;
    const first = await stoppedAfterStart(byWorker);
    expect(paymentOf(await setPayState(byWorker, 'CANCELLED')).OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'cancelled',
      TransactionId: first.transactionId,
    });
    expect(cancelled).toContain(first.transactionId);

    const silent = pickings[5]!.pickingId;
    const second = await stoppedAfterStart(silent);
    context.clock.advanceSeconds(TIMEOUT_MS / 1000 + 1);
    expect(paymentOf(await payState(silent)).OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'timeout',
      TransactionId: second.transactionId,
    });
    expect(cancelled).toContain(second.transactionId);
    // Past the timeout nothing new is started at the terminal.
    expect(await terminalStartsOf(context.database.db, silent)).toEqual([
      { transactionId: second.transactionId, startRequests: 1 },
    ]);
  });
});
