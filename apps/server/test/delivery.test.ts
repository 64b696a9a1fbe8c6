import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TDeliveryCreated,
  TDeliveryItem,
  TEndResult,
  TPicking,
  TPickingClientsPage,
  TPickingDeliveryResult,
  TPickingInfo,
  TTariff,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import { deliveries, deliveryItems, eventUnits, events, pickings } from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// spec part 2 §3 "Delivery", "Delivery item", §4 tariff rule and Delivery flow,
// §7 "Delivery" and "Picking" (tariff, `picking/delivery`, `picking/end`, `picking/info`);
// docs/DECISIONS.md "Delivery to a recipient". Demo recipients R-1012, R-1013 (COURIER with
// tariffs MSK-SC1 → PDL-WH2), R-1014 (COURIER, no tariff), R-1001 (SELF).

const DELIVERY = '/delivery-api/delivery';
const PICKING = '/picking-api/picking';
const PDL = {
  warehouseFrom: 'MSK-SC1',
  warehouseTo: 'PDL-WH2',
  addressFrom: 'Москва, ул. Складская, 1',
  addressTo: 'Подольск, ул. Садовая, 5, кв. 12',
};

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => 0);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
});

afterAll(async () => {
  await context?.close();
});

interface CamelEnvelope<T> {
  isSuccess: boolean;
  isRepeat: boolean;
  errorCode: number | null;
  message: string | null;
  operationObject: T;
}

type Reply = { json: () => unknown; body: string; statusCode: number };

function ok<T>(response: Reply): CamelEnvelope<T> {
  const body = response.json() as CamelEnvelope<T>;
  expect(response.statusCode, response.body).toBe(200);
  expect(body, response.body).toMatchObject({ isSuccess: true });
  return body;
}

function refused(response: Reply, errorCode: number): string {
  const body = response.json() as CamelEnvelope<null>;
  expect(response.statusCode, response.body).toBe(200);
  expect(body, response.body).toMatchObject({ isSuccess: false, errorCode });
  return body.message ?? '';
}

const tariff = (client: SortingClient, query: string) =>
  client.call('GET', `${DELIVERY}/tariff${query}`);
const create = (
  client: SortingClient,
  pickingId: number,
  itemsCount: number,
  extra: Record<string, unknown> = {},
  operationId = newOperationId(),
) =>
  client.call(
    'POST',
    DELIVERY,
    { externalCode: pickingId, ...PDL, itemsCount, ...extra },
    operationId,
  );
const items = (client: SortingClient, deliveryId: number) =>
  client.call('GET', `${DELIVERY}/${deliveryId}/items`);
const measure = (
  client: SortingClient,
  deliveryId: number,
  itemId: number,
  body: Record<string, unknown>,
  operationId = newOperationId(),
) => client.call('POST', `${DELIVERY}/${deliveryId}/items/${itemId}/measure`, body, operationId);
const finish = (client: SortingClient, pickingId: number, deliveryId?: number) =>
  client.call(
    'POST',
    `${PICKING}/delivery?pickingId=${pickingId}${deliveryId === undefined ? '' : `&deliveryId=${deliveryId}`}`,
    undefined,
    newOperationId(),
  );
const begin = (client: SortingClient, code: string) =>
  client.call('POST', `${PICKING}/begin`, { PickingClientCode: code }, newOperationId());
const info = async (code: string) =>
  (await worker.call('POST', `${PICKING}/info`, { PickingClientCode: code })).json() as {
    OperationObject: TPickingInfo;
  };
const pickup = (pickingId: number, barcode: string, cellBarcode: string) =>
  worker.call(
    'POST',
    `${PICKING}/pickup`,
    {
      PickingId: pickingId,
      Timestamp: '2026-03-02T08:01:00.000Z',
      Barcode: barcode,
      CellBarcode: cellBarcode,
    },
    newOperationId(),
  );
const end = (client: SortingClient, pickingId: number) =>
  client.call('POST', `${PICKING}/end`, { PickingId: pickingId }, newOperationId());

async function begun(code: string): Promise<number> {
  return ok<TPicking>(await begin(worker, code)).operationObject.pickingId;
}

const GOOD = { height: 10, width: 20.5, length: 30, weight: 1250 };

/** What a refusal must leave alone: deliveries, packages, pickings and the events. */
async function snapshot() {
  const db = context.database.db;
  const [d, di, pk, e] = await Promise.all([
    db.select().from(deliveries).orderBy(deliveries.id),
    db.select().from(deliveryItems).orderBy(deliveryItems.id),
    db.select().from(pickings).orderBy(pickings.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { d, di, pk, e };
}

async function stateOf(deliveryId: number) {
  const [row] = await context.database.db
    .select({ state: deliveries.state })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  return row?.state;
}

async function unitsOf(kind: string): Promise<string[]> {
  const rows = await context.database.db
    .select({ barcode: eventUnits.barcode })
    .from(eventUnits)
    .innerJoin(events, eq(events.id, eventUnits.eventId))
    .where(eq(events.kind, kind));
  return rows.map((row) => row.barcode).sort();
}

describe('GET /delivery-api/delivery/tariff', () => {
  it('answers the tariffs of a pair cheapest first, an empty list for none, 400 without a code', async () => {
    const found = ok<TTariff[]>(await tariff(worker, '?fromAddress=MSK-SC1&toAddress=PDL-WH2'));
    expect(found.operationObject).toEqual([
      { tariffCode: 'COURIER-STD', name: 'Курьер, стандарт', price: 450, days: 2 },
      { tariffCode: 'COURIER-EXP', name: 'Курьер, экспресс', price: 900, days: 1 },
    ]);
    const none = ok<TTariff[]>(await tariff(worker, '?fromAddress=MSK-SC1&toAddress=MSK-SC1'));
    expect(none.operationObject).toEqual([]);
    expect((await tariff(worker, '?fromAddress=MSK-SC1')).statusCode).toBe(400);
    expect((await tariff(worker, '?toAddress=PDL-WH2')).statusCode).toBe(400);
    expect((await tariff(worker, '')).statusCode).toBe(400);
  });
});

describe('a delivery of R-1012: created, measured, finished, handed over at end', () => {
  it('walks the whole delivery', async () => {
    const pickingId = await begun('R-1012');
    const operationId = newOperationId();
    const created = ok<TDeliveryCreated>(await create(worker, pickingId, 3, {}, operationId));
    expect(created.isRepeat).toBe(false);
    const delivery = created.operationObject;
    const id = delivery.deliveryId;
    expect(delivery).toMatchObject({
      warehouseCodeFrom: 'MSK-SC1',
      warehouseCodeTo: 'PDL-WH2',
      addressTo: PDL.addressTo,
      recipientCode: 'R-1012',
      recipientName: 'Фёдоров Дмитрий',
      pickingId,
      state: 'CREATED',
    });
    expect(delivery.sendDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      delivery.items.map((item) => [item.positionNumber, item.barcode, item.description]),
    ).toEqual([
      [1, `DLV${id}-01`, 'Место 1 из 3'],
      [2, `DLV${id}-02`, 'Место 2 из 3'],
      [3, `DLV${id}-03`, 'Место 3 из 3'],
    ]);
    for (const item of delivery.items) {
      expect(recognizeBarcode(item.barcode).type).toBe('parcel');
      expect(item.measure).toEqual({ height: null, width: null, length: null, weight: null });
    }
    // Linked at once: info's Pickings[].DeliveryId and the clients' deliveryId carry it.
    expect((await info('R-1012')).OperationObject.Pickings).toEqual([
      { PickingId: pickingId, DeliveryId: id },
    ]);
    const page = ok<TPickingClientsPage>(
      await worker.call('GET', `${PICKING}/clients?search=R-1012`),
    );
    expect(page.operationObject.items[0]?.deliveryId).toBe(id);
    // Repeated: the same delivery with IsRepeat (a new action and a replay), one row.
    const again = ok<TDeliveryCreated>(await create(worker, pickingId, 5));
    expect(again).toMatchObject({ isRepeat: true, operationObject: { deliveryId: id } });
    expect(again.operationObject.items).toHaveLength(3);
    expect(ok(await create(worker, pickingId, 3, {}, operationId)).isRepeat).toBe(true);
    const rows = await context.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.pickingId, pickingId));
    expect(rows).toHaveLength(1);

    const packages = ok<TDeliveryItem[]>(await items(worker, id)).operationObject;
    expect(packages.map((item) => item.barcode)).toEqual(
      delivery.items.map((item) => item.barcode),
    );
    const [first, second, third] = packages as [TDeliveryItem, TDeliveryItem, TDeliveryItem];

    // Out of bounds: 422, nothing changed.
    const before = await snapshot();
    for (const bad of [
      { ...GOOD, height: 0 },
      { ...GOOD, width: -1 },
      { ...GOOD, length: 10_001 },
      { ...GOOD, weight: 0 },
      { ...GOOD, weight: 12.5 },
      { ...GOOD, weight: 1_000_001 },
    ]) {
      refused(await measure(worker, id, first.deliveryItemId, bad), 422);
    }
    expect(
      (await measure(worker, id, first.deliveryItemId, { ...GOOD, weight: 'x' })).statusCode,
    ).toBe(400);
    expect((await measure(worker, id, first.deliveryItemId, { height: 1 })).statusCode).toBe(400);
    // Finishing with unmeasured packages is refused, listing them.
    expect(refused(await finish(worker, pickingId, id), 1)).toContain('1, 2, 3');
    expect(await snapshot()).toEqual(before);

    const measuredOp = newOperationId();
    const measured = ok<TDeliveryItem>(
      await measure(worker, id, first.deliveryItemId, GOOD, measuredOp),
    );
    expect(measured.operationObject.measure).toEqual(GOOD);
    expect(ok(await measure(worker, id, first.deliveryItemId, GOOD, measuredOp)).isRepeat).toBe(
      true,
    );
    // Re-measuring is allowed before the delivery is finished.
    const remeasured = { height: 11, width: 21, length: 31, weight: 1300 };
    expect(
      ok<TDeliveryItem>(await measure(worker, id, first.deliveryItemId, remeasured)).operationObject
        .measure,
    ).toEqual(remeasured);
    ok(await measure(worker, id, second.deliveryItemId, GOOD));
    expect(refused(await finish(worker, pickingId, id), 1)).toContain('3');
    // A double tap without an operation id ('' sends none): measured once, one event; the
    // same measure again records nothing and answers IsRepeat.
    const measuredEvents = async () => (await unitsOf('delivery.measured')).length;
    const eventsBefore = await measuredEvents();
    const taps = await Promise.all([
      measure(worker, id, third.deliveryItemId, GOOD, ''),
      measure(worker, id, third.deliveryItemId, GOOD, ''),
    ]);
    expect(taps.map((tap) => ok<TDeliveryItem>(tap).isRepeat).sort()).toEqual([false, true]);
    expect(ok<TDeliveryItem>(taps[1]!).operationObject.measure).toEqual(GOOD);
    expect(await measuredEvents()).toBe(eventsBefore + 1);
    const unchanged = await snapshot();
    expect(ok(await measure(worker, id, third.deliveryItemId, GOOD, '')).isRepeat).toBe(true);
    expect(await snapshot()).toEqual(unchanged);

    // Another worker of the warehouse cannot finish this worker's picking's delivery.
    refused(await finish(otherWorker, pickingId, id), 1);
    const finished = ok<TPickingDeliveryResult>(await finish(worker, pickingId, id));
    expect(finished.operationObject).toEqual({ pickingId, deliveryId: id, outcome: 'finished' });
    expect(await stateOf(id)).toBe('FINISHED');
    expect(ok(await finish(worker, pickingId, id)).isRepeat).toBe(true);
    // Measures frozen; a skip of a finished delivery refused.
    const frozen = await snapshot();
    refused(await measure(worker, id, first.deliveryItemId, GOOD), 1);
    refused(await finish(worker, pickingId), 1);
    expect(await snapshot()).toEqual(frozen);
    // Still linked after finishing (a reload finds it).
    expect((await info('R-1012')).OperationObject.Pickings[0]?.DeliveryId).toBe(id);

    // End: the core's rule (something picked) still applies; then PROCESSED, handed over.
    refused(await end(worker, pickingId), 1);
    for (const barcode of ['P400101', 'P400102', 'P400103']) {
      ok(await pickup(pickingId, barcode, '=34717-8-c-04'));
    }
    const ended = ok<TEndResult>(await end(worker, pickingId)).operationObject;
    expect(ended).toMatchObject({
      state: 'PROCESSED',
      handedOut: ['P400101', 'P400102', 'P400103'],
    });
    expect(await stateOf(id)).toBe('HANDED');
    expect(await unitsOf('delivery.handedOver')).toEqual(
      ['P400101', 'P400102', 'P400103', `DLV${id}-01`, `DLV${id}-02`, `DLV${id}-03`].sort(),
    );
    expect(await unitsOf('delivery.created')).toEqual(
      expect.arrayContaining(['P400101', `DLV${id}-01`]),
    );
    expect(await unitsOf('delivery.measured')).toEqual(
      expect.arrayContaining([`DLV${id}-01`, `DLV${id}-02`, `DLV${id}-03`]),
    );
    expect(await unitsOf('delivery.finished')).toEqual(
      expect.arrayContaining([`DLV${id}-01`, `DLV${id}-03`]),
    );
    // A closed picking takes no new delivery.
    refused(await create(worker, pickingId, 1), 1);
  });
});

describe('refusals, skip and tenants', () => {
  it('refuses a SELF client, no tariff, other warehouses, bad counts and unknown pickings; nothing changes', async () => {
    const self = await begun('R-1001');
    const noTariff = await begun('R-1014');
    const courier = await begun('R-1013');
    const held = (await info('R-1006')).OperationObject.PickingId ?? 0;
    const before = await snapshot();
    expect(refused(await create(worker, self, 1, { warehouseTo: 'MSK-SC1' }), 1)).toContain(
      'R-1001',
    );
    expect(refused(await create(worker, noTariff, 1, { warehouseTo: 'MSK-SC1' }), 1)).toContain(
      'MSK-SC1 → MSK-SC1',
    );
    expect(refused(await create(worker, courier, 1, { warehouseTo: 'MSK-SC1' }), 1)).toContain(
      'R-1013',
    );
    refused(await create(worker, held, 1), 1);
    refused(await create(worker, 2_000_000_000, 1), 104);
    for (const itemsCount of [0, 100, 1.5, '3']) {
      expect((await create(worker, courier, itemsCount as number)).statusCode).toBe(400);
    }
    expect((await create(worker, courier, 1, { externalCode: 'abc' })).statusCode).toBe(400);
    expect((await create(worker, courier, 1, { addressTo: '' })).statusCode).toBe(400);
    refused(await items(worker, 2_000_000_000), 104);
    refused(await measure(worker, 2_000_000_000, 1, GOOD), 104);
    refused(await finish(worker, 2_000_000_000), 104);
    expect((await finish(worker, 0)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    for (const pickingId of [self, noTariff]) {
      ok(
        await worker.call('POST', `${PICKING}/cancel`, { PickingId: pickingId }, newOperationId()),
      );
    }
    ok(await worker.call('POST', `${PICKING}/cancel`, { PickingId: courier }, newOperationId()));
  });

  it('never lets a user of 1201 see or change a delivery of 34717 (104, nothing changed)', async () => {
    const pickingId = await begun('R-1013');
    const delivery = ok<TDeliveryCreated>(await create(worker, pickingId, 2)).operationObject;
    const itemId = delivery.items[0]?.deliveryItemId ?? 0;
    const before = await snapshot();
    refused(await items(foreignWorker, delivery.deliveryId), 104);
    refused(await measure(foreignWorker, delivery.deliveryId, itemId, GOOD), 104);
    refused(await create(foreignWorker, pickingId, 2), 104);
    refused(await finish(foreignWorker, pickingId, delivery.deliveryId), 104);
    refused(await finish(foreignWorker, pickingId), 104);
    expect(await snapshot()).toEqual(before);
    ok(await finish(worker, pickingId));
    ok(await worker.call('POST', `${PICKING}/cancel`, { PickingId: pickingId }, newOperationId()));
  });

  it('skips: the unfinished delivery cancelled and unlinked, the picking ends as a plain pick-up', async () => {
    const pickingId = await begun('R-1013');
    const first = ok<TDeliveryCreated>(await create(worker, pickingId, 2)).operationObject;
    // An unfinished delivery refuses the end.
    ok(await pickup(pickingId, 'P400104', '=34717-8-c-05'));
    expect(refused(await end(worker, pickingId), 1)).toContain(String(first.deliveryId));
    const skipped = ok<TPickingDeliveryResult>(await finish(worker, pickingId));
    expect(skipped.operationObject).toEqual({
      pickingId,
      deliveryId: first.deliveryId,
      outcome: 'skipped',
    });
    expect(await stateOf(first.deliveryId)).toBe('CANCELLED');
    expect((await info('R-1013')).OperationObject.Pickings).toEqual([
      { PickingId: pickingId, DeliveryId: null },
    ]);
    expect(await unitsOf('delivery.skipped')).toEqual(
      expect.arrayContaining([`DLV${first.deliveryId}-01`, `DLV${first.deliveryId}-02`]),
    );
    // A skip without a delivery changes nothing; a new delivery may be created after a skip,
    // and a package of the other delivery is not this one's (104).
    expect(ok(await finish(worker, pickingId)).isRepeat).toBe(true);
    const renewed = ok<TDeliveryCreated>(await create(worker, pickingId, 1)).operationObject;
    expect(renewed.deliveryId).not.toBe(first.deliveryId);
    const firstItem = first.items[0]?.deliveryItemId ?? 0;
    refused(await measure(worker, renewed.deliveryId, firstItem, GOOD), 104);
    refused(await finish(worker, pickingId, first.deliveryId), 104);
    ok(await finish(worker, pickingId));
    const ended = ok<TEndResult>(await end(worker, pickingId)).operationObject;
    expect(ended).toMatchObject({ state: 'PROCESSED', handedOut: ['P400104'] });
  });

  it('answers 401 on every route without a session and 403 on a write without X-Requested-With', async () => {
    const routes = [
      ['GET', `${DELIVERY}/tariff?fromAddress=MSK-SC1&toAddress=PDL-WH2`],
      ['POST', DELIVERY],
      ['GET', `${DELIVERY}/1/items`],
      ['POST', `${DELIVERY}/1/items/1/measure`],
      ['POST', `${PICKING}/delivery?pickingId=1`],
    ] as const;
    for (const [method, url] of routes) {
      const response = await context.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
    }
    for (const [method, url] of routes.filter(([method]) => method === 'POST')) {
      const response = await context.app.inject({
        method,
        url,
        cookies: { sorting_session: worker.token },
        payload: {},
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
