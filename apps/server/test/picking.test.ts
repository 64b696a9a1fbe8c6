import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCancelResult,
  TEndResult,
  TPicking,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickupResult,
} from '@sorting/contracts';
import {
  boxes,
  events,
  parcels,
  pickingItems,
  pickingParcels,
  pickings,
  users,
} from '../src/db/schema.js';
import { ok, refused, type CamelEnvelope } from './camel-envelope.js';
import { createSessionTestApp } from './sessions.js';
import {
  BADGES,
  cellIdOf,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// spec part 1 §3 "Picking client", "Picking item", §4 "Picking", §7 "Recipient
// picking"; part 2 §3 "Picking info", §7 "Picking" (docs/DECISIONS.md "Recipient picking"):
// the demo recipients of demo-picking-data.ts.

const BASE = '/picking-api/picking';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;
let sc = 0;
/** Each client's own user id: the bodies send it (part 1 §7), the server refuses another's. */
const idOf = new Map<SortingClient, number>();

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
  idOf.set(worker, await userIdOf('Иванов Пётр'));
  idOf.set(otherWorker, await userIdOf('Сидорова Анна'));
  idOf.set(foreignWorker, await userIdOf('Козлов Дмитрий'));
});

afterAll(async () => {
  await context?.close();
});

const clients = (client: SortingClient, query = '') =>
  client.call('GET', `${BASE}/clients${query}`);
const info = (client: SortingClient, code: string) =>
  client.call('POST', `${BASE}/info`, { PickingClientCode: code });
const begin = (client: SortingClient, code: string, operationId = newOperationId()) =>
  client.call('POST', `${BASE}/begin`, { PickingClientCode: code }, operationId);
const search = (client: SortingClient, pickingId: number) =>
  client.call('POST', `${BASE}/search`, { PickingId: pickingId });
const pickup = (
  client: SortingClient,
  pickingId: number,
  barcode: string,
  cellBarcode: string,
  operationId = newOperationId(),
) =>
  client.call(
    'POST',
    `${BASE}/pickup`,
    {
      PickingId: pickingId,
      UserId: idOf.get(client),
      Timestamp: '2026-03-02T08:01:00.000Z',
      Barcode: barcode,
      CellBarcode: cellBarcode,
    },
    operationId,
  );
const end = (client: SortingClient, pickingId: number, operationId = newOperationId()) =>
  client.call(
    'POST',
    `${BASE}/end`,
    {
      PickingId: pickingId,
      UserId: idOf.get(client),
      Timestamp: '2026-03-02T08:05:00.000Z',
      ValidationData: { Kind: 'none' },
    },
    operationId,
  );
const cancel = (client: SortingClient, pickingId: number, operationId = newOperationId()) =>
  client.call('POST', `${BASE}/cancel`, { PickingId: pickingId }, operationId);

async function begun(client: SortingClient, code: string): Promise<number> {
  return ok<TPicking>(await begin(client, code)).operationObject.pickingId;
}

/** A demo user's id by name (Иванов Пётр is `worker`, Сидорова Анна `otherWorker`). */
async function userIdOf(name: string): Promise<number> {
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.name, name));
  return row?.id ?? 0;
}

async function itemsOf(pickingId: number): Promise<TPickingItem[]> {
  return ok<TPickingItem[]>(await search(worker, pickingId)).operationObject;
}

/** What a refusal must leave alone: pickings, items, holds, parcels, boxes and events. */
async function snapshot() {
  const db = context.database.db;
  const [pk, pi, pp, p, b, e] = await Promise.all([
    db.select().from(pickings).orderBy(pickings.id),
    db.select().from(pickingItems).orderBy(pickingItems.id),
    db.select().from(pickingParcels).orderBy(pickingParcels.parcelId),
    db.select().from(parcels).orderBy(parcels.id),
    db.select().from(boxes).orderBy(boxes.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { pk, pi, pp, p, b, e };
}

async function eventsOf(kind: string) {
  return context.database.db.select().from(events).where(eq(events.kind, kind));
}

async function moveParcel(barcode: string, cellBarcode: string) {
  const zones = await zoneIdsOf(worker, sc);
  const parcel = await worker.scan(barcode, zones.get(1)!);
  const cellId = await cellIdOf(worker, sc, cellBarcode);
  return worker.call('POST', '/sorting-api/move', { parcelId: parcel.id, cellId });
}

describe('GET /picking-api/picking/clients', () => {
  it('lists the recipients of the default warehouse with parcels in cells (camelCase)', async () => {
    const page = ok<TPickingClientsPage>(await clients(worker)).operationObject;
    // R-1008…R-1011 (validation), R-1012…R-1014 (delivery), R-1020…R-1022 (payment).
    expect(page).toMatchObject({ page: 1, pageSize: 30, totalCount: 17 });
    expect(page.items.map((client) => client.clientCode).sort()).toEqual([
      'R-1001',
      'R-1002',
      'R-1003',
      'R-1004',
      'R-1005',
      'R-1006',
      'R-1007',
      // The pincode, attorney, gate-mode and balance recipients.
      'R-1008',
      'R-1009',
      'R-1010',
      'R-1011',
      // The delivery recipients.
      'R-1012',
      'R-1013',
      'R-1014',
      // The cash-on-delivery recipients.
      'R-1020',
      'R-1021',
      'R-1022',
    ]);
    const byCode = new Map(page.items.map((client) => [client.clientCode, client]));
    expect(byCode.get('R-1001')).toMatchObject({
      clientName: 'Смирнов Алексей',
      parcelsCount: 2,
      barcodes: ['P400001', 'P400002'],
      deliveryType: 'SELF',
      validationType: 0,
      pickingMode: 'normal',
      pickingId: null,
      cashOnDelivery: 0,
      parcelsForReturnCount: 0,
    });
    expect(byCode.get('R-1003')?.deliveryType).toBe('PVZ');
    expect(byCode.get('R-1004')).toMatchObject({ parcelsCount: 1, parcelsForReturnCount: 1 });
    expect(byCode.get('R-1006')).toMatchObject({ pickingUserName: 'Сидорова Анна' });
    expect(byCode.get('R-1006')?.pickingId).toEqual(expect.any(Number));
    expect(byCode.get('R-1006')?.pickingBeginDateUtc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byCode.get('R-1007')?.cashOnDelivery).toBe(1250);
  });

  it('pages by pageSize and searches by code, name or parcel barcode', async () => {
    const second = ok<TPickingClientsPage>(await clients(worker, '?page=2&pageSize=3'));
    expect(second.operationObject).toMatchObject({ page: 2, pageSize: 3, totalCount: 17 });
    expect(second.operationObject.items).toHaveLength(3);
    const past = ok<TPickingClientsPage>(await clients(worker, '?page=19&pageSize=3'));
    expect(past.operationObject).toMatchObject({ items: [], totalCount: 17 });
    for (const [search, code] of [
      ['P400004', 'R-1002'],
      ['R-1005', 'R-1005'],
      ['смирн', 'R-1001'],
    ] as const) {
      const found = ok<TPickingClientsPage>(
        await clients(worker, `?search=${encodeURIComponent(search)}`),
      ).operationObject;
      expect(
        found.items.map((client) => client.clientCode),
        search,
      ).toEqual([code]);
    }
    const none = ok<TPickingClientsPage>(await clients(worker, '?search=%25_')).operationObject;
    expect(none.items).toEqual([]);
  });

  it('finds recipients by part of their code as a worker types it, the exact code first', async () => {
    const typed = ok<TPickingClientsPage>(await clients(worker, '?search=R-10')).operationObject;
    expect(typed.totalCount).toBe(17);
    const lower = ok<TPickingClientsPage>(await clients(worker, '?search=r-101')).operationObject;
    expect(lower.items.every((client) => client.clientCode.startsWith('R-101'))).toBe(true);
    expect(lower.totalCount).toBeGreaterThan(1);
    const exact = ok<TPickingClientsPage>(
      await clients(worker, '?search=R-1012&pageSize=1'),
    ).operationObject;
    expect(exact.items.map((client) => client.clientCode)).toEqual(['R-1012']);
  });

  it('shows a user of 1201 only the recipients of 1201', async () => {
    const page = ok<TPickingClientsPage>(await clients(foreignWorker)).operationObject;
    expect(page.items.map((client) => client.clientCode)).toEqual(['R-2001']);
  });

  it('refuses a bad page (400) and answers 401 without a session', async () => {
    expect((await clients(worker, '?pageSize=0')).statusCode).toBe(400);
    expect((await clients(worker, '?page=x')).statusCode).toBe(400);
    const anonymous = await context.app.inject({ method: 'GET', url: `${BASE}/clients` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /picking-api/picking/info', () => {
  it('answers the recipient in PascalCase with its open pickings', async () => {
    const response = await info(worker, 'R-1006');
    const body = response.json() as { IsSuccess: boolean; OperationObject: TPickingInfo };
    expect(body, response.body).toMatchObject({ IsSuccess: true });
    expect(body.OperationObject).toMatchObject({
      ClientCode: 'R-1006',
      ClientName: 'Новиков Сергей',
      WarehouseCodeFrom: 'MSK-SC1',
      WarehouseCodeTo: 'MSK-SC1',
      AddressTo: 'Москва, ул. Складская, 1',
      ParcelsCount: 1,
      PickingUserName: 'Сидорова Анна',
      IsOwnPicking: false,
    });
    expect(body.OperationObject.Pickings).toEqual([
      { PickingId: expect.any(Number), DeliveryId: null },
    ]);
  });

  it('answers 104 for an unknown code and for a recipient of another warehouse', async () => {
    for (const [client, code] of [
      [worker, 'R-0000'],
      [worker, 'R-2001'],
      [foreignWorker, 'R-1001'],
    ] as const) {
      const body = (await info(client, code)).json();
      expect(body, code).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
      expect(body.Message).toContain(code);
    }
  });
});

describe('begin, search, pickup and end', () => {
  it('walks R-1001: begun, picked in the hall order, a wrong cell named, ended', async () => {
    const operationId = newOperationId();
    const first = ok<TPicking>(await begin(worker, 'R-1001', operationId));
    expect(first.isRepeat).toBe(false);
    expect(first.operationObject).toMatchObject({
      clientCode: 'R-1001',
      state: 'OPEN',
      userName: 'Иванов Пётр',
      itemsCount: 2,
    });
    const pickingId = first.operationObject.pickingId;
    // The same worker again, and a replay: that picking, IsRepeat.
    expect(ok<TPicking>(await begin(worker, 'R-1001')).operationObject.pickingId).toBe(pickingId);
    expect(ok<TPicking>(await begin(worker, 'R-1001', operationId)).isRepeat).toBe(true);
    // Someone else is told who holds it.
    expect(refused(await begin(otherWorker, 'R-1001'), 1)).toContain('Иванов Пётр');
    const ownInfo = (await info(worker, 'R-1001')).json().OperationObject as TPickingInfo;
    expect(ownInfo).toMatchObject({ IsOwnPicking: true, PickingId: pickingId });

    const items = await itemsOf(pickingId);
    expect(items.map((item) => [item.barcode, item.cell.name, item.state])).toEqual([
      ['P400001', '8-a-01', 'WAITING'],
      ['P400002', '8-b-03', 'WAITING'],
    ]);
    expect(items[0]).toMatchObject({
      name: 'Щётка стеклоочистителя',
      boxName: '_34717-121',
      cashOnDelivery: 0,
      make: 'Bosch',
      quantity: 1,
      storageDeadlineDate: '2030-12-31',
      cell: { barcode: '=34717-8-a-01', zoneNumber: 8, row: 'a', col: 1, zoneType: 'SITO' },
    });
    expect(items[0]!.cell.order!).toBeLessThan(items[1]!.cell.order!);

    // Refusals change nothing: a wrong cell names the right one (304), a parcel of no
    // picking is 404, another worker is told who holds it.
    const before = await snapshot();
    expect(refused(await pickup(worker, pickingId, 'P400001', '=34717-8-b-03'), 304)).toContain(
      '8-a-01',
    );
    expect(refused(await pickup(worker, pickingId, 'P400003', '=34717-8-a-02'), 404)).toContain(
      'P400003',
    );
    expect(refused(await pickup(otherWorker, pickingId, 'P400001', '=34717-8-a-01'), 1)).toContain(
      'Иванов Пётр',
    );
    expect(await snapshot()).toEqual(before);

    // Picked; a second scan is a repeat, the replay too.
    const pickupId = newOperationId();
    const picked = ok<TPickupResult>(
      await pickup(worker, pickingId, 'P400001', '=34717-8-a-01', pickupId),
    );
    expect(picked.isRepeat).toBe(false);
    expect(picked.operationObject).toMatchObject({
      item: { barcode: 'P400001', state: 'PICKED' },
      pickedCount: 1,
      totalCount: 2,
    });
    expect(ok(await pickup(worker, pickingId, 'P400001', '=34717-8-a-01')).isRepeat).toBe(true);
    expect(ok(await pickup(worker, pickingId, 'P400001', '=34717-8-a-01', pickupId)).isRepeat).toBe(
      true,
    );
    expect(await eventsOf('parcel.pickedUp')).toHaveLength(1);

    // The sorting move refuses a picked parcel, inside its own statements.
    const moveBody = (await moveParcel('P400001', '=34717-1-k-08')).json();
    expect(moveBody).toMatchObject({ IsSuccess: false, ErrorCode: 1 });
    expect(moveBody.Message).toContain('P400001');

    // End: P400001 handed out, P400002 stays for a later visit.
    const endId = newOperationId();
    const ended = ok<TEndResult>(await end(worker, pickingId, endId));
    expect(ended.operationObject).toEqual({
      pickingId,
      state: 'PROCESSED',
      handedOut: ['P400001'],
      waiting: ['P400002'],
      cashOnDelivery: 0,
    });
    const replay = ok<TEndResult>(await end(worker, pickingId, endId));
    expect(replay.isRepeat).toBe(true);
    expect(replay.operationObject).toEqual(ended.operationObject);
    expect(refused(await end(worker, pickingId), 1)).toContain(String(pickingId));

    const [handed] = await context.database.db
      .select({ boxId: parcels.boxId, version: parcels.version })
      .from(parcels)
      .where(eq(parcels.number, 'P400001'));
    expect(handed?.boxId).toBeNull();
    const moved = (await moveParcel('P400001', '=34717-1-k-08')).json();
    expect(moved).toMatchObject({ IsSuccess: false, ErrorCode: 1 });
    expect(moved.Message).toContain('выдана');

    // Vision shows the hand-over; the recipient is still listed with the one left.
    const vision = await worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: 'P400001',
    });
    expect(vision.json().OperationObject.visionFragments[0]).toMatchObject({
      kind: 'parcel.handedOut',
      userName: 'Иванов Пётр',
    });
    const page = ok<TPickingClientsPage>(await clients(worker, '?search=R-1001')).operationObject;
    expect(page.items[0]).toMatchObject({
      parcelsCount: 1,
      barcodes: ['P400002'],
      pickingId: null,
    });
    // A later visit picks up the rest.
    const later = await begun(worker, 'R-1001');
    expect((await itemsOf(later)).map((item) => item.barcode)).toEqual(['P400002']);
    ok(await pickup(worker, later, 'P400002', '=34717-8-b-03'));
    ok(await end(worker, later));
    expect(
      ok<TPickingClientsPage>(await clients(worker, '?search=R-1001')).operationObject.items,
    ).toEqual([]);
  });

  it('answers the returns area as row `return` without a column, a passed deadline as it is', async () => {
    const pickingId = await begun(worker, 'R-1004');
    const items = await itemsOf(pickingId);
    expect(items.map((item) => [item.barcode, item.state, item.cell.row, item.cell.col])).toEqual([
      ['P400007', 'WAITING', 'a', 4],
      ['P400008', 'RETURNED', 'return', null],
    ]);
    expect(refused(await pickup(worker, pickingId, 'P400008', '=34717-8-a-04'), 1)).toContain(
      'P400008',
    );
    ok(await cancel(worker, pickingId));

    const expired = await begun(worker, 'R-1005');
    expect((await itemsOf(expired))[0]?.storageDeadlineDate).toBe('2026-01-15');
    ok(await cancel(worker, expired));
  });

  it('refuses to end picked parcels with cash on delivery (402), nothing changed', async () => {
    const pickingId = await begun(worker, 'R-1007');
    ok(await pickup(worker, pickingId, 'P400011', '=34717-8-b-02'));
    const before = await snapshot();
    expect(refused(await end(worker, pickingId), 402)).toContain('1250.00');
    expect(await snapshot()).toEqual(before);
    ok(await cancel(worker, pickingId));
  });

  it('refuses an end with nothing picked (1)', async () => {
    const pickingId = await begun(worker, 'R-1003');
    expect(refused(await end(worker, pickingId), 1)).toBeTruthy();
    ok(await cancel(worker, pickingId));
  });
});

describe('cancel and races', () => {
  it('cancel after one pickup puts it back to WAITING; the sorting tables are untouched', async () => {
    const pickingId = await begun(worker, 'R-1002');
    const items = await itemsOf(pickingId);
    expect(items.map((item) => item.barcode)).toEqual(['P400003', 'P400004', 'P400005']);
    ok(await pickup(worker, pickingId, 'P400005', '=34717-8-c-01'));
    const parcelsBefore = await context.database.db.select().from(parcels).orderBy(parcels.id);
    const operationId = newOperationId();
    const cancelled = ok<TCancelResult>(await cancel(worker, pickingId, operationId));
    expect(cancelled.operationObject).toEqual({
      pickingId,
      state: 'CANCELLED',
      putBack: ['P400005'],
    });
    expect(ok(await cancel(worker, pickingId, operationId)).isRepeat).toBe(true);
    expect(await context.database.db.select().from(parcels).orderBy(parcels.id)).toEqual(
      parcelsBefore,
    );
    expect((await itemsOf(pickingId)).every((item) => item.state === 'WAITING')).toBe(true);
    expect(refused(await pickup(worker, pickingId, 'P400003', '=34717-8-a-02'), 1)).toBeTruthy();
    // The parcel may be sorted again, and a new picking may begin.
    expect((await moveParcel('P400005', '=34717-8-c-01')).json()).toMatchObject({
      IsSuccess: true,
    });
    const again = await begun(worker, 'R-1002');
    expect(again).not.toBe(pickingId);
    ok(await cancel(worker, again));
  });

  it('lets one of two devices pick up an item; the other answers a repeat', async () => {
    const pickingId = await begun(worker, 'R-1003');
    const eventsBefore = (await eventsOf('parcel.pickedUp')).length;
    const answers = await Promise.all([
      pickup(worker, pickingId, 'P400006', '=34717-8-a-03'),
      pickup(worker, pickingId, 'P400006', '=34717-8-a-03'),
    ]);
    const bodies = answers.map((answer) => answer.json() as CamelEnvelope<TPickupResult>);
    expect(bodies.every((body) => body.isSuccess)).toBe(true);
    expect(bodies.filter((body) => !body.isRepeat)).toHaveLength(1);
    expect((await eventsOf('parcel.pickedUp')).length).toBe(eventsBefore + 1);

    // End racing cancel: one wins, the other is refused.
    const raced = await Promise.all([end(worker, pickingId), cancel(worker, pickingId)]);
    const outcomes = raced.map((answer) => answer.json() as CamelEnvelope<unknown>);
    expect(outcomes.filter((body) => body.isSuccess)).toHaveLength(1);
    expect(outcomes.find((body) => !body.isSuccess)).toMatchObject({ errorCode: 1 });
    const [row] = await context.database.db
      .select({ state: pickings.state })
      .from(pickings)
      .where(eq(pickings.id, pickingId));
    expect(['PROCESSED', 'CANCELLED']).toContain(row?.state);
  });

  it('lets one of two racing begins open the picking', async () => {
    const answers = await Promise.all([begin(worker, 'R-1005'), begin(otherWorker, 'R-1005')]);
    const bodies = answers.map((answer) => answer.json() as CamelEnvelope<TPicking>);
    expect(bodies.filter((body) => body.isSuccess)).toHaveLength(1);
    expect(bodies.find((body) => !body.isSuccess)).toMatchObject({ errorCode: 1 });
    const winner = bodies.find((body) => body.isSuccess)!;
    const holder = winner.operationObject.userName === 'Иванов Пётр' ? worker : otherWorker;
    ok(await cancel(holder, winner.operationObject.pickingId));
  });
});

describe('pickup says why a barcode cannot be picked; UserId is the caller’s', () => {
  it('names another recipient’s parcel, a parcel of none, a box, a recipient code, an unknown barcode', async () => {
    const pickingId = await begun(worker, 'R-1002');
    const db = context.database.db;
    const [box] = await db.select({ barcode: boxes.barcode }).from(boxes).limit(1);
    const [loose] = await db
      .select({ number: parcels.number })
      .from(parcels)
      .where(
        sql`${parcels.warehouseId} = ${sc} and ${parcels.id} not in (select parcel_id from picking_parcels)`,
      )
      .limit(1);
    const before = await snapshot();
    const cell = '=34717-8-a-02';
    expect(refused(await pickup(worker, pickingId, 'P400011', cell), 404)).toBe(
      'Посылка P400011 — не этого получателя',
    );
    expect(refused(await pickup(worker, pickingId, 'P499999', ''), 404)).toBe(
      'Посылка P499999 не найдена',
    );
    expect(refused(await pickup(worker, pickingId, box?.barcode ?? '', cell), 404)).toBe(
      `${box?.barcode} — это короб, а не посылка`,
    );
    expect(refused(await pickup(worker, pickingId, 'R-1001', ''), 404)).toBe(
      'R-1001 — это код получателя, а не посылка',
    );
    expect(refused(await pickup(worker, pickingId, loose?.number ?? '', cell), 404)).toBe(
      `Посылка ${loose?.number} не ждёт выдачи получателю`,
    );
    // An item of the picking still needs its cell.
    expect(refused(await pickup(worker, pickingId, 'P400003', ''), 1)).toBe(
      'Сначала сканируйте ячейку посылки P400003',
    );
    expect(await snapshot()).toEqual(before);
    ok(await cancel(worker, pickingId));
  });

  it('refuses a UserId that is not the caller’s on pickup, lost and end (403, nothing written)', async () => {
    const me = await userIdOf('Иванов Пётр');
    const other = await userIdOf('Сидорова Анна');
    expect(other).not.toBe(me);
    const pickingId = await begun(worker, 'R-1002');
    const before = await snapshot();
    const body = { PickingId: pickingId, Timestamp: '2026-03-02T08:01:00.000Z' };
    const foreign = [
      ['pickup', { ...body, UserId: other, Barcode: 'P400003', CellBarcode: '=34717-8-a-02' }],
      ['end', { ...body, UserId: other, ValidationData: { Kind: 'none' } }],
      [
        'lost',
        {
          PickingItemId: 1,
          UserId: other,
          Timestamp: body.Timestamp,
          Barcode: 'P400003',
          Description: 'x',
        },
      ],
    ] as const;
    for (const [path, data] of foreign) {
      const response = await worker.call('POST', `${BASE}/${path}`, data, newOperationId());
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ isSuccess: false, errorCode: 403 });
    }
    expect(await snapshot()).toEqual(before);
    const own = await worker.call(
      'POST',
      `${BASE}/pickup`,
      { ...body, UserId: me, Barcode: 'P400003', CellBarcode: '=34717-8-a-02' },
      newOperationId(),
    );
    ok<TPickupResult>(own);
    ok(await cancel(worker, pickingId));
  });
});

describe('tenants and bad input', () => {
  it('never lets a user of 1201 see or change a picking of 34717 (104, nothing changed)', async () => {
    const pickingId = await begun(worker, 'R-1002');
    const before = await snapshot();
    expect((await begin(foreignWorker, 'R-1002')).json()).toMatchObject({ errorCode: 104 });
    refused(await search(foreignWorker, pickingId), 104);
    refused(await pickup(foreignWorker, pickingId, 'P400003', '=34717-8-a-02'), 104);
    refused(await end(foreignWorker, pickingId), 104);
    refused(await cancel(foreignWorker, pickingId), 104);
    expect(await snapshot()).toEqual(before);
    ok(await cancel(worker, pickingId));
  });

  it('refuses malformed bodies with 400 and unknown pickings with 104', async () => {
    for (const [path, body] of [
      ['begin', { PickingClientCode: '' }],
      ['search', { PickingId: 'x' }],
      ['pickup', { PickingId: 1, Timestamp: 'yesterday', Barcode: 'P400001', CellBarcode: '=1' }],
      ['pickup', { PickingId: 1, Timestamp: '2026-03-02T08:00:00Z', Barcode: '' }],
      ['end', { PickingId: 1, ValidationData: { Kind: 'fingerprint' } }],
      ['cancel', {}],
    ] as const) {
      const response = await worker.call('POST', `${BASE}/${path}`, body, newOperationId());
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    refused(await search(worker, 2_000_000_000), 104);
    refused(await cancel(worker, 2_000_000_000), 104);
  });

  it('answers 401 on every picking route without a session', async () => {
    for (const path of ['info', 'begin', 'search', 'pickup', 'end', 'cancel']) {
      const response = await context.app.inject({ method: 'POST', url: `${BASE}/${path}` });
      expect(response.statusCode, path).toBe(401);
    }
  });
});
