import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE,
  OPERATION_ID_HEADER,
  SESSION_COOKIE,
  type TEndResult,
  type TLostResult,
  type TPicking,
  type TPickingBalance,
  type TPickingItem,
  type TPickupResult,
} from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import {
  boxes,
  events,
  parcels,
  pickingClientPincodes,
  pickingItems,
  pickingLostItems,
  pickingParcels,
  pickings,
  pickingValidations,
} from '../src/db/schema.js';
import { ok, refused, type Reply } from './camel-envelope.js';
import { createTestConfig } from './helpers.js';
import { createSessionTestApp, WEB_HEADERS } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// The balance check, lost items, the pincode with its lockout, the power of
// attorney, gate cells and one picking per device, on the demo recipients R-1008…R-1011.

const BASE = '/picking-api/picking';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
/** A second server over the same database and clock (the lockout is counted in the database). */
let secondApp: FastifyInstance;
let worker: SortingClient;
let foreignWorker: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp();
  secondApp = await buildApp({
    config: createTestConfig(),
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

/** A 400 with its worded message. */
function badRequest(response: Reply): string {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { message?: string; Message?: string }).message ?? '';
}

/** A call of the signed-in worker from a device (its `sorting_device` cookie), on a server. */
function deviceCall(
  client: SortingClient,
  device: string | null,
  path: string,
  payload: unknown,
  app: FastifyInstance = context.app,
) {
  return app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    headers: { ...WEB_HEADERS, [OPERATION_ID_HEADER]: newOperationId() },
    cookies: {
      [SESSION_COOKIE]: client.token,
      ...(device === null ? {} : { [DEVICE_COOKIE]: device }),
    },
    payload: payload as Record<string, unknown>,
  });
}

const TIME = '2026-03-02T08:01:00.000Z';
const balance = (client: SortingClient, code: string) =>
  client.call('POST', `${BASE}/balance`, { PickingClientCode: code });
const begin = (client: SortingClient, code: string, device: string | null = null) =>
  deviceCall(client, device, 'begin', { PickingClientCode: code });
const pickup = (pickingId: number, barcode: string, cellBarcode: string) =>
  worker.call(
    'POST',
    `${BASE}/pickup`,
    {
      PickingId: pickingId,
      UserId: 1,
      Timestamp: TIME,
      Barcode: barcode,
      CellBarcode: cellBarcode,
    },
    newOperationId(),
  );
const lost = (body: Record<string, unknown>, operationId = newOperationId()) =>
  worker.call('POST', `${BASE}/lost`, { UserId: 1, Timestamp: TIME, ...body }, operationId);
const end = (pickingId: number, validationData?: unknown, app: FastifyInstance = context.app) =>
  deviceCall(
    worker,
    null,
    'end',
    {
      PickingId: pickingId,
      UserId: 1,
      Timestamp: TIME,
      ...(validationData === undefined ? {} : { ValidationData: validationData }),
    },
    app,
  );
const cancel = (client: SortingClient, pickingId: number) =>
  client.call('POST', `${BASE}/cancel`, { PickingId: pickingId }, newOperationId());

async function begun(code: string, device: string | null = null): Promise<number> {
  return ok<TPicking>(await begin(worker, code, device)).operationObject.pickingId;
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

/** What a refusal must leave alone. */
async function snapshot() {
  const db = context.database.db;
  const [pk, pi, pp, p, b, lostRows, validations, e] = await Promise.all([
    db.select().from(pickings).orderBy(pickings.id),
    db.select().from(pickingItems).orderBy(pickingItems.id),
    db.select().from(pickingParcels).orderBy(pickingParcels.parcelId),
    db.select().from(parcels).orderBy(parcels.id),
    db.select().from(boxes).orderBy(boxes.id),
    db.select().from(pickingLostItems).orderBy(pickingLostItems.itemId),
    db.select().from(pickingValidations).orderBy(pickingValidations.pickingId),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { pk, pi, pp, p, b, lostRows, validations, e };
}

/** The yyyy-mm-dd of the test clock shifted by whole days. */
function clockDay(days: number): string {
  const at = new Date(context.clock.now().getTime() + days * 86_400_000);
  return at.toISOString().slice(0, 10);
}

describe('balance (part 1 §5, §7)', () => {
  it('answers balance, balanceDebet and the check in rubles; a failing check refuses begin', async () => {
    expect(ok<TPickingBalance>(await balance(worker, 'R-1011')).operationObject).toEqual({
      clientCode: 'R-1011',
      balance: 500,
      balanceDebet: 0,
      isNeedBalanceCheck: true,
      cashOnDelivery: 1200,
      shortfall: 700,
    });
    expect(ok<TPickingBalance>(await balance(worker, 'R-1001')).operationObject).toEqual({
      clientCode: 'R-1001',
      balance: null,
      balanceDebet: null,
      isNeedBalanceCheck: false,
      cashOnDelivery: 0,
      shortfall: null,
    });
    refused(await balance(worker, 'R-9999'), 104);
    refused(await balance(foreignWorker, 'R-1011'), 104);

    const before = await snapshot();
    const message = refused(await begin(worker, 'R-1011'), 1);
    expect(message).toBe('Недостаточно средств на балансе получателя R-1011: не хватает 700.00 ₽');
    expect(await snapshot()).toEqual(before);
  });
});

describe('lost, pincode and lockout (R-1008, pincode 4821)', () => {
  let pickingId = 0;

  it('marks only a WAITING item lost; refusals change nothing', async () => {
    pickingId = await begun('R-1008');
    const p16 = await itemOf(pickingId, 'P400016');
    const refusedBefore = await snapshot();
    expect(
      badRequest(await lost({ PickingItemId: p16.itemId, Barcode: 'P400016', Description: '  ' })),
    ).toBeTruthy();
    badRequest(
      await lost({ PickingItemId: p16.itemId, Barcode: 'P400016', Description: 'x'.repeat(501) }),
    );
    expect(
      refused(
        await lost({ PickingItemId: p16.itemId, Barcode: 'P400015', Description: 'нет на месте' }),
        404,
      ),
    ).toBe('Посылка P400015 не та, что в этой позиции выдачи (P400016)');
    refused(
      await lost({ PickingItemId: 2_000_000_000, Barcode: 'P400016', Description: 'нет' }),
      104,
    );
    expect(await snapshot()).toEqual(refusedBefore);

    const operationId = newOperationId();
    const first = ok<TLostResult>(
      await lost(
        { PickingItemId: p16.itemId, Barcode: 'P400016', Description: '  Нет в ячейке 8-b-04  ' },
        operationId,
      ),
    );
    expect(first.operationObject).toEqual({
      itemId: p16.itemId,
      barcode: 'P400016',
      state: 'LOST',
      description: 'Нет в ячейке 8-b-04',
      pickedCount: 0,
      totalCount: 2,
    });
    const replay = ok<TLostResult>(
      await lost(
        { PickingItemId: p16.itemId, Barcode: 'P400016', Description: 'Нет в ячейке 8-b-04' },
        operationId,
      ),
    );
    expect(replay).toMatchObject({ isRepeat: true, operationObject: first.operationObject });
    expect((await itemOf(pickingId, 'P400016')).state).toBe('LOST');
    const db = context.database.db;
    const [flag] = await db
      .select({ isLost: parcels.isLost })
      .from(parcels)
      .where(eq(parcels.number, 'P400016'));
    expect(flag?.isLost).toBe(true);
    expect(await db.select().from(pickingLostItems)).toEqual([
      expect.objectContaining({ itemId: p16.itemId, description: 'Нет в ячейке 8-b-04' }),
    ]);
    const vision = await worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: 'P400016',
    });
    expect(vision.json().OperationObject.visionFragments[0]).toMatchObject({
      kind: 'parcel.lost',
      comment: 'Нет в ячейке 8-b-04',
      userName: 'Иванов Пётр',
    });

    // LOST again and PICKED: refused (1), nothing changed.
    ok<TPickupResult>(await pickup(pickingId, 'P400014', '=34717-8-a-06'));
    const p14 = await itemOf(pickingId, 'P400014');
    const after = await snapshot();
    refused(
      await lost({ PickingItemId: p16.itemId, Barcode: 'P400016', Description: 'ещё раз' }),
      1,
    );
    expect(
      refused(await lost({ PickingItemId: p14.itemId, Barcode: 'P400014', Description: 'нет' }), 1),
    ).toBe('Посылка P400014 не ожидает выдачи: отметить ненайденной нельзя');
    expect(await snapshot()).toEqual(after);
    // The lost parcel leaves every amount: the recipient is listed with P400015 alone.
    const page = ok<{ items: { barcodes: string[]; parcelsCount: number }[] }>(
      await worker.call('GET', `${BASE}/clients?search=R-1008`),
    ).operationObject;
    expect(page.items[0]).toMatchObject({ barcodes: ['P400014', 'P400015'], parcelsCount: 2 });
  });

  it('ends with the right pincode only; a wrong one says the attempts left; a Kind mismatch is 400', async () => {
    const before = await snapshot();
    expect(badRequest(await end(pickingId, { Kind: 'none' }))).toBe(
      'Получатель подтверждает выдачу так: pincode, а прислано: none',
    );
    badRequest(await end(pickingId));
    badRequest(await end(pickingId, { Kind: 'pincode', Pincode: '48a1' }));
    badRequest(await end(pickingId, { Kind: 'pincode', Pincode: '482' }));
    expect(await snapshot()).toEqual(before);

    expect(refused(await end(pickingId, { Kind: 'pincode', Pincode: '1111' }), 1)).toBe(
      'Неверный код получения, осталось попыток: 4',
    );
    const done = ok<TEndResult>(await end(pickingId, { Kind: 'pincode', Pincode: '4821' }));
    expect(done.operationObject).toMatchObject({ handedOut: ['P400014'], waiting: ['P400015'] });
    const [hash] = await context.database.db.select().from(pickingClientPincodes);
    expect(hash?.pincodeHash).toMatch(/^scrypt\$/);
    expect(hash?.pincodeHash).not.toContain('4821');
  });

  it('locks after 5 wrong codes on two servers for 15 minutes, then the right code ends', async () => {
    pickingId = await begun('R-1008');
    ok<TPickupResult>(await pickup(pickingId, 'P400015', '=34717-8-b-04'));
    const apps = [context.app, secondApp];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const message = refused(
        await end(pickingId, { Kind: 'pincode', Pincode: '0000' }, apps[attempt % 2]),
        1,
      );
      expect(message).toBe(`Неверный код получения, осталось попыток: ${5 - attempt}`);
    }
    expect(
      refused(await end(pickingId, { Kind: 'pincode', Pincode: '0000' }, secondApp), 429),
    ).toBe('Выдача заблокирована после 5 неверных кодов, подождите 15 минут');
    // The lock holds on either server, even for the right code.
    expect(
      refused(await end(pickingId, { Kind: 'pincode', Pincode: '4821' }, context.app), 429),
    ).toBe('Выдача заблокирована после 5 неверных кодов, подождите 15 минут');
    context.clock.advanceMinutes(14);
    expect(
      refused(await end(pickingId, { Kind: 'pincode', Pincode: '4821' }, secondApp), 429),
    ).toBe('Выдача заблокирована после 5 неверных кодов, подождите 1 минуту');
    context.clock.advanceMinutes(1);
    const done = ok<TEndResult>(await end(pickingId, { Kind: 'pincode', Pincode: '4821' }));
    expect(done.operationObject).toMatchObject({ handedOut: ['P400015'], waiting: [] });
  });
});

describe('power of attorney (R-1009)', () => {
  it('refuses each bound with 400 and ends with a valid one, stored with the picking', async () => {
    const pickingId = await begun('R-1009');
    ok<TPickupResult>(await pickup(pickingId, 'P400017', '=34717-8-b-05'));
    const valid = {
      Kind: 'attorney',
      AttorneyNumber: '77 АБ 1234567',
      AttorneyDate: clockDay(0),
      HolderName: 'Орлов Дмитрий Сергеевич',
    };
    const before = await snapshot();
    badRequest(await end(pickingId, { Kind: 'pincode', Pincode: '4821' }));
    badRequest(await end(pickingId, { Kind: 'attorney' }));
    badRequest(await end(pickingId, { ...valid, AttorneyNumber: '' }));
    badRequest(await end(pickingId, { ...valid, AttorneyNumber: 'N'.repeat(51) }));
    badRequest(await end(pickingId, { ...valid, HolderName: 'Я' }));
    badRequest(await end(pickingId, { ...valid, HolderName: 'Я'.repeat(201) }));
    badRequest(await end(pickingId, { ...valid, AttorneyDate: '02.03.2026' }));
    expect(badRequest(await end(pickingId, { ...valid, AttorneyDate: '2026-02-30' }))).toBe(
      'Дата доверенности 2026-02-30 не существует',
    );
    expect(badRequest(await end(pickingId, { ...valid, AttorneyDate: clockDay(2) }))).toBe(
      `Дата доверенности ${clockDay(2)} ещё не наступила`,
    );
    const threeYears = `${Number(clockDay(0).slice(0, 4)) - 3}${clockDay(0).slice(4)}`;
    const older = new Date(`${threeYears}T00:00:00Z`);
    older.setUTCDate(older.getUTCDate() - 1);
    const tooOld = older.toISOString().slice(0, 10);
    expect(badRequest(await end(pickingId, { ...valid, AttorneyDate: tooOld }))).toBe(
      `Доверенность от ${tooOld} старше 3 лет`,
    );
    expect(await snapshot()).toEqual(before);

    // Exactly 3 years old counts; number, date and holder are stored and in the end event.
    const done = ok<TEndResult>(await end(pickingId, { ...valid, AttorneyDate: threeYears }));
    expect(done.operationObject).toMatchObject({ handedOut: ['P400017'], waiting: ['P400018'] });
    const db = context.database.db;
    expect(
      await db.select().from(pickingValidations).where(eq(pickingValidations.pickingId, pickingId)),
    ).toEqual([
      expect.objectContaining({
        kind: 'attorney',
        attorneyNumber: '77 АБ 1234567',
        attorneyDate: threeYears,
        holderName: 'Орлов Дмитрий Сергеевич',
      }),
    ]);
    const [event] = await db
      .select()
      .from(events)
      .where(
        sql`${events.kind} = 'parcel.handedOut' and ${events.payload}->>'pickingId' = ${String(pickingId)}`,
      );
    expect(event?.payload).toMatchObject({
      validation: 'attorney',
      attorneyNumber: '77 АБ 1234567',
      attorneyDate: threeYears,
      holderName: 'Орлов Дмитрий Сергеевич',
    });
  });
});

describe('gate mode (R-1010)', () => {
  it('picks up into a gate cell only; any other cell is 304 naming the gate cells', async () => {
    const pickingId = await begun('R-1010');
    const before = await snapshot();
    expect(refused(await pickup(pickingId, 'P400019', '=34717-8-b-06'), 304)).toBe(
      'Положите посылку в ячейку выдачи: =34717-2-f-07, =34717-2-f-08, а не =34717-8-b-06',
    );
    expect(await snapshot()).toEqual(before);
    const first = ok<TPickupResult>(await pickup(pickingId, 'P400019', '=34717-2-f-07'));
    expect(first.operationObject).toMatchObject({ pickedCount: 1, totalCount: 2 });
    ok<TPickupResult>(await pickup(pickingId, 'P400020', '=34717-2-f-08'));
    const [event] = await context.database.db
      .select()
      .from(events)
      .where(
        sql`${events.kind} = 'parcel.pickedUp' and ${events.payload}->>'parcelNumber' = 'P400019'`,
      );
    expect(event?.payload).toMatchObject({ gateCell: '2-f-07' });
    ok(await cancel(worker, pickingId));
    // A normal-mode recipient's parcel is never picked into a gate cell.
    const normal = await begun('R-1002');
    expect(refused(await pickup(normal, 'P400005', '=34717-2-f-07'), 304)).toContain('8-c-01');
    ok(await cancel(worker, normal));
  });
});

describe('one picking per device (part 1 §6)', () => {
  const deviceA = 'device-aaaaaaaaaaaaaaaaaaaa';
  const deviceB = 'device-bbbbbbbbbbbbbbbbbbbb';

  it('refuses a second recipient on the same device, allows it on another and elsewhere', async () => {
    const first = await begun('R-1001', deviceA);
    const before = await snapshot();
    expect(refused(await begin(worker, 'R-1002', deviceA), 1)).toBe(
      'На этом устройстве уже идёт выдача получателю Смирнов Алексей (R-1001): завершите или отмените её',
    );
    expect(await snapshot()).toEqual(before);
    // The same recipient again on that device resumes it.
    expect(ok<TPicking>(await begin(worker, 'R-1001', deviceA))).toMatchObject({
      isRepeat: true,
      operationObject: { pickingId: first },
    });
    // R-1001 needs no proof: a pincode or a power of attorney is a Kind mismatch (400).
    ok<TPickupResult>(await pickup(first, 'P400001', '=34717-8-a-01'));
    const unchanged = await snapshot();
    expect(badRequest(await end(first, { Kind: 'pincode', Pincode: '4821' }))).toBe(
      'Получатель подтверждает выдачу так: none, а прислано: pincode',
    );
    expect(await snapshot()).toEqual(unchanged);
    const second = await begun('R-1002', deviceB);
    // Warehouse 1201 has no such setting: its worker begins on device A.
    const foreign = ok<TPicking>(await begin(foreignWorker, 'R-2001', deviceA)).operationObject;
    ok(await cancel(foreignWorker, foreign.pickingId));
    ok(await cancel(worker, second));
    ok(await cancel(worker, first));
    // Once the first is cancelled, the device may begin another.
    ok(await cancel(worker, await begun('R-1002', deviceA)));
  });
});

describe('every recipient picking call of part 1 §7 answers on the running server', () => {
  it('answers 401 without a session and 403 without X-Requested-With, never 404', async () => {
    const calls = [
      ['GET', 'clients'],
      ...['balance', 'info', 'search', 'begin', 'pickup', 'lost', 'end', 'cancel'].map(
        (path) => ['POST', path] as const,
      ),
    ] as const;
    expect(calls).toHaveLength(9);
    for (const [method, path] of calls) {
      const anonymous = await context.app.inject({ method, url: `${BASE}/${path}` });
      expect(anonymous.statusCode, path).toBe(401);
    }
    for (const path of ['balance', 'lost']) {
      const forged = await context.app.inject({
        method: 'POST',
        url: `${BASE}/${path}`,
        cookies: { [SESSION_COOKIE]: worker.token },
        payload: { PickingClientCode: 'R-1001' },
      });
      expect(forged.statusCode, path).toBe(403);
    }
  });
});
