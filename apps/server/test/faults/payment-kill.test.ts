import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPickingPayment } from '@sorting/contracts';
import type { Database } from '../../src/db/database.js';
import { pickingPayments, users } from '../../src/db/schema.js';
import { seedDemoData } from '../../src/db/seed.js';
import { seedPayablePickings, terminalStartsOf, type PayablePicking } from '../payable-pickings.js';
import { BADGES } from '../sorting-client.js';
import {
  createChildDatabase,
  HttpDevice,
  killServerChildren,
  newOperationId,
  startServerChild,
  waitFor,
  type ChildDatabase,
  type ServerChild,
} from './fault-fixtures.js';

// The payment intent (docs/DECISIONS.md "Picking payment"): a real server process is SIGKILLed
// between the payment terminal's start and its answer, 30 times, each on a picking of its own,
// and started again; the device retries the pay with the same operation id. The simulated
// terminal answers a start 1 s after it began it (PAYMENT_TERMINAL_SIM_START_MS) and counts
// its starts per picking: each picking's payment is started once, its transaction adopted. On
// PostgreSQL (DATABASE_URL): the test reads the terminal's starts while the server runs, which
// an embedded database held by the server process does not allow; the same window is tested
// in-process on both databases by picking-payment-intent.test.ts.

const KILLS = 30;
const TERMINAL_START_MS = 1000;

let store: ChildDatabase;
let database: Database;
let server: ServerChild;
let env: Record<string, string>;
let pickings: PayablePicking[] = [];
let workerId = 0;

describe.skipIf(!process.env.DATABASE_URL)(
  'server killed between terminal start and answer',
  () => {
    beforeAll(async () => {
      store = await createChildDatabase();
      database = await store.open();
      await database.migrate();
      await seedDemoData(database.db);
      pickings = await seedPayablePickings(database.db, {
        count: KILLS,
        prefix: 'KILL',
        userNumber: 1001,
        kopecks: 99_900,
      });
      const [worker] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.number, 1001));
      workerId = worker!.id;
      env = { ...store.env, PAYMENT_TERMINAL_SIM_START_MS: String(TERMINAL_START_MS) };
      server = await startServerChild(env);
    });

    afterAll(async () => {
      killServerChildren();
      await database?.close();
      await store?.drop();
    });

    it(
      'starts each picking’s payment at the terminal once and adopts it after the restart',
      { timeout: 1_200_000 },
      async () => {
        const device = new HttpDevice(server.url);
        await device.signIn(BADGES.worker);
        const body = {
          PaymentTypeCode: 'card',
          ProviderCode: 'terminal',
          UserId: workerId,
          Timestamp: '2026-03-02T08:01:00.000Z',
        };
        for (const { pickingId } of pickings) {
          const url = `/picking-api/picking/${pickingId}/pay`;
          const operationId = newOperationId();
          const cut = device.call('POST', url, body, operationId).then(
            () => 'answered',
            () => 'no answer',
          );
          // The terminal started the transaction: kill the server before it answers.
          await waitFor(async () => (await terminalStartsOf(database.db, pickingId)).length > 0, {
            timeoutMs: 30_000,
            everyMs: 10,
          });
          server.child.kill('SIGKILL');
          await server.exited;
          expect(await cut, `picking ${pickingId}`).toBe('no answer');
          // The intent committed, its transaction not recorded: the window of a double charge.
          const [intent] = await database.db
            .select()
            .from(pickingPayments)
            .where(eq(pickingPayments.pickingId, pickingId));
          expect(intent).toMatchObject({ state: 'PENDING', transactionId: null });

          server = await startServerChild(env);
          device.baseUrl = server.url;
          const retry = await device.call('POST', url, body, operationId);
          expect(retry.body, retry.text).toMatchObject({ IsSuccess: true, IsRepeat: true });
          const payment = retry.body?.OperationObject as TPickingPayment;
          const starts = await terminalStartsOf(database.db, pickingId);
          expect(starts, `picking ${pickingId}`).toEqual([
            // Asked again once (by the restarted server), started once.
            { transactionId: payment.TransactionId, startRequests: 2 },
          ]);
          expect(payment).toMatchObject({ State: 'PENDING', Amount: 999 });
        }
        // One payment per picking, each with the one transaction the terminal started.
        for (const { pickingId } of pickings) {
          const rows = await database.db
            .select()
            .from(pickingPayments)
            .where(eq(pickingPayments.pickingId, pickingId));
          const starts = await terminalStartsOf(database.db, pickingId);
          expect(rows).toHaveLength(1);
          expect(starts).toHaveLength(1);
          expect(rows[0]?.transactionId).toBe(starts[0]?.transactionId);
        }
      },
    );
  },
);
