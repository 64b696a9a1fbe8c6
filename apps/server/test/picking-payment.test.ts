import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICKING_RETURN_REASON_CODES,
  SESSION_COOKIE,
  type TEndResult,
  type TPicking,
  type TPickingClientsPage,
  type TPickingItem,
  type TPickingPayment,
  type TPickingReturnReason,
  type TPickingReturnResult,
} from '@sorting/contracts';
import { cashOnDeliveryRemaining } from '@sorting/domain';
import { buildApp } from '../src/app.js';
import {
  boxes,
  events,
  parcels,
  pickingItems,
  pickingParcels,
  pickingPayments,
  pickingReturns,
  pickings,
  pickingValidations,
} from '../src/db/schema.js';
import { ok, refused, type Reply } from './camel-envelope.js';
import { createTestConfig } from './helpers.js';
import { createSessionTestApp, WEB_HEADERS } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// Payment through the cash desk, a stand-alone card
// terminal or the simulated integrated terminal (a short delay and the test's clock), at most
// one live payment per picking, end and cancel with a payment, item return with a reason, on
// the demo recipients R-1007 and R-1020…R-1022.

const BASE = '/picking-api/picking';
const TIME = '2026-03-02T08:01:00.000Z';
/** The simulated terminal answers 1 s after the start; a silent one is cancelled after 60 s. */
const TERMINAL_ENV = {
  PAYMENT_TERMINAL_SIM_DELAY_MS: '1000',
  PAYMENT_TERMINAL_TIMEOUT_MS: '60000',
};
const PINCODE = { Kind: 'pincode', Pincode: '1357' } as const;

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
/** A second server over the same database and clock (the terminal keeps no memory). */
let secondApp: FastifyInstance;
let worker: SortingClient;
let foreignWorker: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp(TERMINAL_ENV);
  secondApp = await buildApp({
    config: createTestConfig(TERMINAL_ENV),
    database: context.database,
    keepDatabaseOpen: true,
    now: context.clock.now,
  });
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
});

afterAll(async () => {
  await secondApp?.close();
  await context?.close();
});

/** The PascalCase envelope of the pay calls. */
interface PascalEnvelope<T> {
  IsSuccess: boolean;
  IsRepeat: boolean;
  ErrorCode: number | null;
  Message: string | null;
  OperationObject: T;
}

function paid(response: Reply): PascalEnvelope<TPickingPayment> {
  const body = response.json() as PascalEnvelope<TPickingPayment>;
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body;
}

function payRefused(response: Reply, errorCode: number): string {
  const body = response.json() as PascalEnvelope<null>;
  expect(response.statusCode, response.body).toBe(200);
  expect(body, response.body).toMatchObject({ IsSuccess: false, ErrorCode: errorCode });
  return body.Message ?? '';
}

function status400(response: Reply): void {
  expect(response.statusCode, response.body).toBe(400);
}

const payBody = (provider: string, extra: Record<string, unknown> = {}) => ({
  PaymentTypeCode: provider === 'cash-desk' ? 'cash' : 'card',
  ProviderCode: provider,
  UserId: 1,
  Timestamp: TIME,
  ...extra,
});
const pay = (pickingId: number, body: unknown, operationId = newOperationId()) =>
  worker.call('POST', `${BASE}/${pickingId}/pay`, body, operationId);
const payState = (pickingId: number, app: FastifyInstance = context.app) =>
  app.inject({
    method: 'GET',
    url: `${BASE}/${pickingId}/pay`,
    headers: { ...WEB_HEADERS },
    cookies: { [SESSION_COOKIE]: worker.token },
  });
const setPayState = (pickingId: number, body: unknown, operationId = newOperationId()) =>
  worker.call('PUT', `${BASE}/${pickingId}/pay`, body, operationId);
const reasons = (client: SortingClient, itemId: number | string) =>
  client.call('GET', `${BASE}/return/reasons?pickingRouteItemId=${itemId}`);
const returnItem = (body: Record<string, unknown>, operationId = newOperationId()) =>
  worker.call(
    'POST',
    `${BASE}/return`,
    { ReturnReasonComment: '', Timestamp: TIME, ...body },
    operationId,
  );
const begin = (code: string) =>
  worker.call('POST', `${BASE}/begin`, { PickingClientCode: code }, newOperationId());
const end = (pickingId: number, validationData?: unknown) =>
  worker.call(
    'POST',
    `${BASE}/end`,
    {
      PickingId: pickingId,
      UserId: 1,
      Timestamp: TIME,
      ...(validationData === undefined ? {} : { ValidationData: validationData }),
    },
    newOperationId(),
  );
const cancel = (pickingId: number) =>
  worker.call('POST', `${BASE}/cancel`, { PickingId: pickingId }, newOperationId());
const lost = (itemId: number, barcode: string) =>
  worker.call(
    'POST',
    `${BASE}/lost`,
    { PickingItemId: itemId, UserId: 1, Timestamp: TIME, Barcode: barcode, Description: 'Нет' },
    newOperationId(),
  );

async function begun(code: string): Promise<number> {
  return ok<TPicking>(await begin(code)).operationObject.pickingId;
}

async function itemsOf(pickingId: number): Promise<TPickingItem[]> {
  return ok<TPickingItem[]>(await worker.call('POST', `${BASE}/search`, { PickingId: pickingId }))
    .operationObject;
}

async function itemOf(pickingId: number, barcode: string): Promise<TPickingItem> {
  const item = (await itemsOf(pickingId)).find((row) => row.barcode === barcode);
  if (!item) throw new Error(`${barcode} not in picking ${pickingId}`);
  return item;
}

const pickupCall = async (pickingId: number, barcode: string) => {
  const item = await itemOf(pickingId, barcode);
  return worker.call(
    'POST',
    `${BASE}/pickup`,
    {
      PickingId: pickingId,
      UserId: 1,
      Timestamp: TIME,
      Barcode: barcode,
      CellBarcode: item.cell.barcode,
    },
    newOperationId(),
  );
};

async function pickup(pickingId: number, barcode: string): Promise<void> {
  ok(await pickupCall(pickingId, barcode));
}

async function clientOf(code: string) {
  const page = ok<TPickingClientsPage>(
    await worker.call('GET', `${BASE}/clients?search=${code}`),
  ).operationObject;
  return page.items.find((client) => client.clientCode === code);
}

async function paymentRows(pickingId: number) {
  return context.database.db
    .select()
    .from(pickingPayments)
    .where(eq(pickingPayments.pickingId, pickingId))
    .orderBy(pickingPayments.id);
}

async function liveCount(pickingId: number): Promise<number> {
  const rows = await context.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pickingPayments)
    .where(
      sql`${pickingPayments.pickingId} = ${pickingId} and ${pickingPayments.state} in ('PENDING', 'PROCESSED')`,
    );
  return rows[0]?.n ?? 0;
}

async function eventsOf(kind: string, pickingId: number) {
  const rows = await context.database.db
    .select()
    .from(events)
    .where(inArray(events.kind, [kind]));
  return rows.filter((row) => (row.payload as { pickingId?: number }).pickingId === pickingId);
}

/** What a refusal must leave alone. */
async function snapshot() {
  const db = context.database.db;
  const [pk, pi, pp, p, b, pay, returned, validations, e] = await Promise.all([
    db.select().from(pickings).orderBy(pickings.id),
    db.select().from(pickingItems).orderBy(pickingItems.id),
    db.select().from(pickingParcels).orderBy(pickingParcels.parcelId),
    db.select().from(parcels).orderBy(parcels.id),
    db.select().from(boxes).orderBy(boxes.id),
    db.select().from(pickingPayments).orderBy(pickingPayments.id),
    db.select().from(pickingReturns).orderBy(pickingReturns.itemId),
    db.select().from(pickingValidations).orderBy(pickingValidations.pickingId),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { pk, pi, pp, p, b, pay, returned, validations, e };
}

describe('cash at the cash desk, item return, end (R-1020: 1 234,50 ₽, pick-up code 1357)', () => {
  let pickingId = 0;
  let atBegin = 0;

  it('lists the return reasons of an item; unknown or another warehouse’s item → 104', async () => {
    atBegin = (await clientOf('R-1020'))!.cashOnDelivery;
    expect(atBegin).toBe(1234.5);
    pickingId = await begun('R-1020');
    const mats = await itemOf(pickingId, 'P400203');
    const list = ok<TPickingReturnReason[]>(await reasons(worker, mats.itemId)).operationObject;
    expect(list).toEqual(PICKING_RETURN_REASON_CODES.map((code) => ({ code })));
    refused(await reasons(worker, 999_999), 104);
    refused(await reasons(foreignWorker, mats.itemId), 104);
    status400(await reasons(worker, 'abc'));
    // No payment yet: GET → 104; PUT → 104.
    payRefused(await payState(pickingId), 104);
    payRefused(await setPayState(pickingId, { State: 'CANCELLED' }), 104);
  });

  it('returns a WAITING item with a reason to the returns area; refusals change nothing', async () => {
    const mats = await itemOf(pickingId, 'P400203');
    // Nothing picked yet: nothing to pay (after the right pick-up code, whose check makes the
    // picking's validation row once).
    payRefused(await pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })), 1);
    const before = await snapshot();
    payRefused(await pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })), 1);
    status400(await returnItem({ PickingRouteItemId: mats.itemId, ReturnReasonCode: 'BORED' }));
    status400(await returnItem({ PickingRouteItemId: mats.itemId }));
    refused(await returnItem({ PickingRouteItemId: 999_999, ReturnReasonCode: 'DAMAGED' }), 104);
    expect(await snapshot()).toEqual(before);

    const operationId = newOperationId();
    const body = { PickingRouteItemId: mats.itemId, ReturnReasonCode: 'DAMAGED' };
    const result = ok<TPickingReturnResult>(await returnItem(body, operationId));
    expect(result.operationObject).toMatchObject({
      itemId: mats.itemId,
      barcode: 'P400203',
      state: 'RETURNED',
      returnReasonCode: 'DAMAGED',
      pickedCount: 0,
      totalCount: 2,
      amount: 0,
      parcelsForReturnCount: 1,
    });
    expect((await returnItem(body, operationId)).json()).toMatchObject({ isRepeat: true });
    const after = await snapshot();
    expect(refused(await returnItem(body), 1)).toContain('P400203');
    expect(await snapshot()).toEqual(after);

    const returned = await itemOf(pickingId, 'P400203');
    expect(returned).toMatchObject({ state: 'RETURNED', boxName: null });
    expect(returned.cell.row).toBe('return');
    expect(await clientOf('R-1020')).toMatchObject({
      parcelsForReturnCount: 1,
      cashOnDelivery: 1034.5,
    });
    const [row] = await context.database.db
      .select()
      .from(pickingReturns)
      .where(eq(pickingReturns.itemId, mats.itemId));
    expect(row).toMatchObject({ reasonCode: 'DAMAGED', comment: '', fromState: 'WAITING' });
    expect(await eventsOf('parcel.returned', pickingId)).toHaveLength(1);
  });

  it('refuses pickup, lost, return and cancel while a payment is live', async () => {
    await pickup(pickingId, 'P400201');
    const before = await snapshot();
    const refusedEnd = await end(pickingId, PINCODE);
    expect(refused(refusedEnd, 402)).toContain('600.00');
    // A wrong pick-up code is counted and refuses the payment; a provider of another type → 400.
    expect(
      payRefused(
        await pay(
          pickingId,
          payBody('cash-desk', { ValidationData: { ...PINCODE, Pincode: '0000' } }),
        ),
        1,
      ),
    ).toContain('4');
    status400(await pay(pickingId, { ...payBody('terminal'), PaymentTypeCode: 'cash' }));
    status400(await pay(pickingId, { ...payBody('cash-desk'), PaymentTypeCode: 'undefined' }));
    status400(await pay(pickingId, { ...payBody('cash-desk'), PaymentTypeCode: undefined }));
    const started = paid(await pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })));
    expect(started.OperationObject).toMatchObject({
      PickingId: pickingId,
      State: 'PENDING',
      PaymentTypeCode: 'cash',
      ProviderCode: 'cash-desk',
      Amount: 600,
      CancelReason: null,
      TransactionId: null,
    });
    expect(before.pay).toHaveLength(0);

    const whilePending = await snapshot();
    const brushes = await itemOf(pickingId, 'P400202');
    refused(await pickupCall(pickingId, 'P400202'), 1);
    refused(await lost(brushes.itemId, 'P400202'), 1);
    refused(
      await returnItem({ PickingRouteItemId: brushes.itemId, ReturnReasonCode: 'WRONG_ITEM' }),
      1,
    );
    const battery = await itemOf(pickingId, 'P400201');
    refused(
      await returnItem({ PickingRouteItemId: battery.itemId, ReturnReasonCode: 'DAMAGED' }),
      1,
    );
    refused(await cancel(pickingId), 1);
    refused(await end(pickingId, PINCODE), 402);
    expect(await snapshot()).toEqual(whilePending);

    // Cancelled, the list is free again; a new attempt may start.
    const cancelled = paid(await setPayState(pickingId, { State: 'CANCELLED' }));
    expect(cancelled.OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'cancelled',
    });
    expect(paid(await setPayState(pickingId, { State: 'CANCELLED' })).IsRepeat).toBe(true);
    payRefused(await setPayState(pickingId, { State: 'PROCESSED' }), 1);
    await pickup(pickingId, 'P400202');
  });

  it('20 concurrent pays with distinct operation ids make one payment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })),
      ),
    );
    const bodies = answers.map((answer) => paid(answer));
    expect(bodies.filter((body) => !body.IsRepeat)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.OperationObject.PaymentId)).size).toBe(1);
    expect(await liveCount(pickingId)).toBe(1);
    expect(await paymentRows(pickingId)).toHaveLength(2);
    // The server's amount is what the web app reckons: the client's cash on delivery at begin
    // less the items not handed over (the returned mats, 200,00 ₽).
    const amount = bodies[0]!.OperationObject.Amount;
    expect(amount).toBe(1034.5);
    expect(cashOnDeliveryRemaining(atBegin, [200])).toBe(amount);
    expect(await eventsOf('picking.paymentStarted', pickingId)).toHaveLength(2);
  });

  it('fast-check bodies against pay and PUT never make a second live payment nor a 5xx', async () => {
    const anyValue = fc.oneof(
      fc.constantFrom('cash', 'card', 'undefined', 'cash-desk', 'card-pos', 'terminal'),
      fc.constantFrom('PENDING', 'PROCESSED', 'CANCELLED', 'processed', ''),
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant({ Kind: 'pincode', Pincode: '1357' }),
      fc.jsonValue(),
    );
    const body = fc.dictionary(
      fc.constantFrom(
        'PaymentTypeCode',
        'ProviderCode',
        'UserId',
        'Timestamp',
        'ValidationData',
        'State',
      ),
      anyValue,
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), body, async (isPut, payload) => {
        const response = isPut
          ? await setPayState(pickingId, payload)
          : await pay(pickingId, payload);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(await liveCount(pickingId)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });

  it('ends only with a processed payment, which it binds; after end PUT is refused', async () => {
    // The fuzz may have cancelled or confirmed the payment: start again from a pending one.
    const latest = (await paymentRows(pickingId)).at(-1)!;
    if (latest.state === 'PROCESSED') paid(await setPayState(pickingId, { State: 'CANCELLED' }));
    if ((await paymentRows(pickingId)).at(-1)!.state === 'CANCELLED') {
      paid(await pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })));
    }
    refused(await end(pickingId, PINCODE), 402);
    const confirmed = paid(await setPayState(pickingId, { State: 'PROCESSED' }));
    expect(confirmed.OperationObject).toMatchObject({ State: 'PROCESSED', Amount: 1034.5 });
    expect(paid(await payState(pickingId)).OperationObject.State).toBe('PROCESSED');
    const ended = ok<TEndResult>(await end(pickingId, PINCODE)).operationObject;
    expect(ended).toMatchObject({
      state: 'PROCESSED',
      handedOut: ['P400201', 'P400202'],
      cashOnDelivery: 1034.5,
    });
    const bound = (await paymentRows(pickingId)).at(-1)!;
    expect(bound.boundAt).not.toBeNull();
    const [handedOut] = await eventsOf('parcel.handedOut', pickingId);
    expect(handedOut?.payload).toMatchObject({ paymentId: bound.id });
    const before = await snapshot();
    payRefused(await setPayState(pickingId, { State: 'CANCELLED' }), 1);
    payRefused(await pay(pickingId, payBody('cash-desk', { ValidationData: PINCODE })), 1);
    expect(await snapshot()).toEqual(before);
    expect(paid(await payState(pickingId)).OperationObject.State).toBe('PROCESSED');
  });
});

describe('card at a stand-alone terminal: every PUT transition (R-1007: 1 250,00 ₽)', () => {
  it('confirms, refuses a cancel of the picking, refunds, starts again, cancels', async () => {
    const pickingId = await begun('R-1007');
    await pickup(pickingId, 'P400011');
    status400(await setPayState(pickingId, { State: 'PENDING' }));
    status400(await setPayState(pickingId, {}));
    const started = paid(await pay(pickingId, payBody('card-pos')));
    expect(started.OperationObject).toMatchObject({ State: 'PENDING', Amount: 1250 });
    expect(paid(await payState(pickingId)).OperationObject.State).toBe('PENDING');
    const operationId = newOperationId();
    const confirmed = paid(await setPayState(pickingId, { State: 'PROCESSED' }, operationId));
    expect(confirmed).toMatchObject({ IsRepeat: false, OperationObject: { State: 'PROCESSED' } });
    expect(paid(await setPayState(pickingId, { State: 'PROCESSED' }, operationId)).IsRepeat).toBe(
      true,
    );
    expect(paid(await setPayState(pickingId, { State: 'PROCESSED' })).IsRepeat).toBe(true);
    // A second pay answers the processed one: never a second charge.
    const again = paid(await pay(pickingId, payBody('card-pos')));
    expect(again).toMatchObject({ IsRepeat: true, OperationObject: { State: 'PROCESSED' } });

    const before = await snapshot();
    expect(refused(await cancel(pickingId), 1)).toContain(String(pickingId));
    expect(await snapshot()).toEqual(before);

    const refunded = paid(await setPayState(pickingId, { State: 'CANCELLED' }));
    expect(refunded.OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'refunded',
    });
    expect(await eventsOf('picking.paymentRefunded', pickingId)).toHaveLength(1);
    const cancelledBefore = await snapshot();
    payRefused(await setPayState(pickingId, { State: 'PROCESSED' }), 1);
    expect(await snapshot()).toEqual(cancelledBefore);

    paid(await pay(pickingId, payBody('card-pos')));
    expect(await liveCount(pickingId)).toBe(1);
    paid(await setPayState(pickingId, { State: 'CANCELLED' }));
    expect(await eventsOf('picking.paymentCancelled', pickingId)).toHaveLength(1);
    expect(await eventsOf('picking.paymentProcessed', pickingId)).toHaveLength(1);
    ok(await cancel(pickingId));
    expect((await paymentRows(pickingId)).map((row) => row.cancelReason)).toEqual([
      'refunded',
      'cancelled',
    ]);
  });

  it('answers another warehouse’s picking as unknown', async () => {
    const pickingId = await begun('R-1007');
    payRefused(await foreignWorker.call('GET', `${BASE}/${pickingId}/pay`), 104);
    const before = await snapshot();
    payRefused(
      await foreignWorker.call(
        'POST',
        `${BASE}/${pickingId}/pay`,
        // Its own UserId (none): another user's is 403 before the picking is looked up.
        payBody('card-pos', { UserId: undefined }),
        newOperationId(),
      ),
      104,
    );
    payRefused(
      await foreignWorker.call(
        'PUT',
        `${BASE}/${pickingId}/pay`,
        { State: 'CANCELLED' },
        newOperationId(),
      ),
      104,
    );
    expect(await snapshot()).toEqual(before);
    ok(await cancel(pickingId));
  });
});

describe('the simulated integrated terminal on the test clock', () => {
  it('approves after the delay; two servers give the same answer; end passes', async () => {
    const pickingId = await begun('R-1007');
    await pickup(pickingId, 'P400011');
    const started = paid(await pay(pickingId, payBody('terminal')));
    expect(started.OperationObject).toMatchObject({ State: 'PENDING', ProviderCode: 'terminal' });
    expect(started.OperationObject.TransactionId).toEqual(expect.any(String));
    const pending = paid(await payState(pickingId, context.app)).OperationObject;
    expect(paid(await payState(pickingId, secondApp)).OperationObject).toEqual(pending);
    expect(pending.State).toBe('PENDING');
    const before = await snapshot();
    payRefused(await setPayState(pickingId, { State: 'PROCESSED' }), 1);
    refused(await end(pickingId), 402);
    expect(await snapshot()).toEqual(before);

    context.clock.advanceSeconds(1);
    const [first, second] = await Promise.all([
      payState(pickingId, context.app),
      payState(pickingId, secondApp),
    ]);
    expect(paid(first).OperationObject).toEqual(paid(second).OperationObject);
    expect(paid(first).OperationObject.State).toBe('PROCESSED');
    expect(await eventsOf('picking.paymentProcessed', pickingId)).toHaveLength(1);
    expect(paid(await setPayState(pickingId, { State: 'PROCESSED' })).IsRepeat).toBe(true);
    expect(ok<TEndResult>(await end(pickingId)).operationObject).toMatchObject({
      handedOut: ['P400011'],
      cashOnDelivery: 1250,
    });
  });

  it('declines 999,13 ₽ (R-1021); then paid in cash', async () => {
    const pickingId = await begun('R-1021');
    await pickup(pickingId, 'P400204');
    paid(await pay(pickingId, payBody('terminal')));
    context.clock.advanceSeconds(2);
    const declined = paid(await payState(pickingId, secondApp)).OperationObject;
    expect(declined).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'declined',
      Amount: 999.13,
    });
    expect(paid(await payState(pickingId, context.app)).OperationObject).toEqual(declined);
    payRefused(await setPayState(pickingId, { State: 'PROCESSED' }), 1);
    paid(await pay(pickingId, payBody('cash-desk')));
    paid(await setPayState(pickingId, { State: 'PROCESSED' }));
    ok(await end(pickingId));
    expect((await paymentRows(pickingId)).map((row) => row.state)).toEqual([
      'CANCELLED',
      'PROCESSED',
    ]);
  });

  it('never hears of 500,14 ₽ (R-1022): cancelled after the timeout', async () => {
    const pickingId = await begun('R-1022');
    await pickup(pickingId, 'P400205');
    paid(await pay(pickingId, payBody('terminal')));
    context.clock.advanceSeconds(30);
    expect(paid(await payState(pickingId)).OperationObject.State).toBe('PENDING');
    context.clock.advanceSeconds(30);
    expect(paid(await payState(pickingId, secondApp)).OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'timeout',
    });
    expect(await eventsOf('picking.paymentCancelled', pickingId)).toHaveLength(1);
    // A terminal payment cancelled by the worker while pending.
    paid(await pay(pickingId, payBody('terminal')));
    const cancelled = paid(await setPayState(pickingId, { State: 'CANCELLED' }));
    expect(cancelled.OperationObject).toMatchObject({
      State: 'CANCELLED',
      CancelReason: 'cancelled',
    });
    context.clock.advanceSeconds(5);
    expect(paid(await payState(pickingId)).OperationObject.CancelReason).toBe('cancelled');
    ok(await cancel(pickingId));
  });
});

describe('return of a PICKED item', () => {
  it('takes it out of the amount and the picked list', async () => {
    const pickingId = await begun('R-1007');
    await pickup(pickingId, 'P400012');
    const gasket = await itemOf(pickingId, 'P400012');
    const result = ok<TPickingReturnResult>(
      await returnItem({
        PickingRouteItemId: gasket.itemId,
        ReturnReasonCode: 'RECIPIENT_REFUSED',
      }),
    ).operationObject;
    expect(result).toMatchObject({ state: 'RETURNED', pickedCount: 0, totalCount: 0, amount: 0 });
    const [row] = await context.database.db
      .select({ hold: pickingParcels.hold, inReturnArea: pickingParcels.isInReturnArea })
      .from(pickingParcels)
      .innerJoin(parcels, eq(parcels.id, pickingParcels.parcelId))
      .where(eq(parcels.number, 'P400012'));
    expect(row).toEqual({ hold: null, inReturnArea: true });
    refused(await end(pickingId), 1);
    ok(await cancel(pickingId));
  });
});

describe('the running server', () => {
  it('answers the five calls with 401 when not signed in, never 404', async () => {
    for (const [method, url] of [
      ['POST', `${BASE}/1/pay`],
      ['GET', `${BASE}/1/pay`],
      ['PUT', `${BASE}/1/pay`],
      ['GET', `${BASE}/return/reasons?pickingRouteItemId=1`],
      ['POST', `${BASE}/return`],
    ] as const) {
      const response = await context.app.inject({ method, url, headers: { ...WEB_HEADERS } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('offers the payment providers in the runtime settings', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/local-settings-newsort' });
    expect(response.json()).toMatchObject({
      paymentProviders: [
        { code: 'cash-desk', paymentType: 'cash' },
        { code: 'card-pos', paymentType: 'card' },
        { code: 'terminal', paymentType: 'card' },
      ],
    });
  });
});
