import { eq } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.js';
import { seedPayablePickings, type PayablePicking } from './payable-pickings.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// `pay` reads the picked parcels once (docs/DECISIONS.md "Picking payment"): their amount is
// charged and they index the event from that one read, so the statements a pay sends do not
// grow with the picking's parcels. Counted where every statement passes, drizzle's prepared
// query (PGlite, or PostgreSQL with DATABASE_URL).

const BASE = '/picking-api/picking';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let workerId = 0;
let pickings: Record<'warmUp' | 'one' | 'five', PayablePicking>;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.number, 1001));
  workerId = row!.id;
  const seed = (prefix: string, parcelsEach: number) =>
    seedPayablePickings(context.database.db, {
      count: 1,
      prefix,
      userNumber: 1001,
      kopecks: 50_000,
      parcelsEach,
    }).then(([picking]) => picking!);
  pickings = {
    warmUp: await seed('STMTW', 1),
    one: await seed('STMT1', 1),
    five: await seed('STMT5', 5),
  };
});

afterAll(async () => {
  vi.restoreAllMocks();
  await context?.close();
});

/** A cash-desk pay of the picking: the amount charged and the statements it sent. */
async function statementsOfPay(pickingId: number): Promise<{ amount: number; count: number }> {
  const prepared = PgPreparedQuery.prototype as unknown as {
    queryWithCache: (...args: unknown[]) => Promise<unknown>;
  };
  const spy = vi.spyOn(prepared, 'queryWithCache');
  try {
    const response = await worker.call(
      'POST',
      `${BASE}/${pickingId}/pay`,
      {
        PaymentTypeCode: 'cash',
        ProviderCode: 'cash-desk',
        UserId: workerId,
        Timestamp: '2026-03-02T08:01:00.000Z',
      },
      newOperationId(),
    );
    const count = spy.mock.calls.length;
    const body = response.json() as { IsSuccess: boolean; OperationObject: { Amount: number } };
    expect(body, response.body).toMatchObject({ IsSuccess: true });
    return { amount: body.OperationObject.Amount, count };
  } finally {
    spy.mockRestore();
  }
}

describe('pay', () => {
  it('sends as many statements for a picking of five parcels as for one of one', async () => {
    await statementsOfPay(pickings.warmUp.pickingId);
    const ofOne = await statementsOfPay(pickings.one.pickingId);
    const ofFive = await statementsOfPay(pickings.five.pickingId);
    // Every parcel is charged (500 ₽ each), in the same number of statements.
    expect(ofOne.amount).toBe(500);
    expect(ofFive.amount).toBe(2500);
    expect(ofOne.count).toBeGreaterThan(0);
    expect(ofFive.count).toBe(ofOne.count);
  });
});
