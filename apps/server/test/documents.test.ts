import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TInboundDetail,
  TInboundHead,
  TInboundStateCounts,
  TOutboundDetail,
  TOutboundHead,
  TReceiptPlace,
} from '@sorting/contracts';
import { events, inbounds, outbounds } from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import {
  BADGES,
  expectRefused,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// spec part 2 §3 "Inbound supply", "Outbound shipment", §4, §7 "Inbound and outbound
// documents", §9 (docs/DECISIONS.md "Inbound supplies and outbound shipments"): the demo
// supplies and shipments of demo-inbound-data.ts.

const API = '/sortingsystem-api';
const DAY_MS = 24 * 60 * 60 * 1000;

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let foreignWorker: SortingClient;
let sc = 0;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
});

afterAll(async () => {
  await context?.close();
});

function ok<T>(response: { json: () => unknown; body: string }): T {
  const body = response.json() as { IsSuccess: boolean; OperationObject: T };
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body.OperationObject;
}

/** Local day bounds of the last `days` days, as the web sends them (part 2 §9). */
function lastDays(days: number) {
  const begin = new Date(Date.now() - days * DAY_MS);
  begin.setHours(0, 0, 0, 0);
  const end = new Date();
  end.setHours(23, 59, 59, 0);
  return { DateBegin: begin.toISOString(), DateEnd: end.toISOString() };
}

async function counts(client = worker, days = 364) {
  return ok<TInboundStateCounts>(
    await client.call('POST', `${API}/Documents/inbound/states/count`, lastDays(days)),
  );
}

async function heads(filter: Record<string, unknown>, client = worker) {
  const response = await client.call('POST', `${API}/documents/inbound/heads`, {
    IsSupplySelected: true,
    SearchString: '',
    DateBegin: null,
    DateEnd: null,
    States: [],
    ...filter,
  });
  return { heads: ok<TInboundHead[]>(response), total: Number(response.headers['x-total-count']) };
}

async function codes(filter: Record<string, unknown>, client = worker) {
  return (await heads(filter, client)).heads.map((head) => head.code);
}

async function supplyId(code: string): Promise<number> {
  const rows = await context.database.db
    .select({ id: inbounds.id })
    .from(inbounds)
    .where(eq(inbounds.number, code));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`supply ${code}`);
  return id;
}

async function outboundId(code: string): Promise<number> {
  const rows = await context.database.db
    .select({ id: outbounds.id })
    .from(outbounds)
    .where(eq(outbounds.code, code));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`shipment ${code}`);
  return id;
}

async function details(code: string, client = worker) {
  return client.call('POST', `${API}/documents/inbound/details?inboundId=${await supplyId(code)}`);
}

async function stateOf(code: string): Promise<number> {
  const found = (await heads({ SearchString: code })).heads.find((head) => head.code === code);
  if (!found) throw new Error(`supply ${code} not listed`);
  return found.state;
}

async function eventCount(kind: string): Promise<number> {
  const rows = await context.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(eq(events.kind, kind));
  return Number(rows[0]?.n ?? 0);
}

describe('Documents/inbound/states/count', () => {
  it('answers all five states of the user warehouse, zeros included, by the date range', async () => {
    expect(await counts()).toEqual({ 1: 3, 2: 1, 3: 2, 4: 1, 5: 2 });
    // IN-0007 was archived 30 days ago: outside a 6-day range.
    expect(await counts(worker, 6)).toEqual({ 1: 3, 2: 1, 3: 1, 4: 1, 5: 2 });
    // Warehouse 1201 sees its own supply IN-0002 only.
    expect(await counts(foreignWorker)).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 });
  });

  it('is case-sensitive as the spec spells it: the lower-case path is no call', async () => {
    const response = await worker.call('POST', `${API}/documents/inbound/states/count`, {});
    expect(response.statusCode).toBe(404);
  });
});

describe('documents/inbound/heads', () => {
  it('maps the groups to their states, newest first', async () => {
    expect(await codes({ States: [1] })).toEqual(['IN-0001', 'IN-0008', 'IN-0201']);
    expect(await codes({ States: [2, 4, 5], ...lastDays(364) })).toEqual([
      'IN-0003',
      'IN-0004',
      'IN-0005',
      'IN-0101',
    ]);
    expect(await codes({ States: [3], ...lastDays(6) })).toEqual(['IN-0006']);
    expect(await codes({ States: [3], ...lastDays(364) })).toEqual(['IN-0006', 'IN-0007']);
  });

  it('answers the head fields of part 2 §3, details empty in the list', async () => {
    const [head] = (await heads({ SearchString: 'IN-0003' })).heads;
    expect(head).toMatchObject({
      code: 'IN-0003',
      name: 'ООО «ТехноПарт»',
      state: 5,
      detailsQuantity: 6,
      details: [],
      properties: {
        documentNumber: 'ТН-2026-0311',
        quantityReceipted: 0,
        isNeedStickering: true,
        isStickeringDisabled: false,
        documents: [{ kind: 'waybill', number: 'ТН-2026-0311' }],
      },
    });
    expect(head?.properties.receiptPlaceDocumentId).toEqual(expect.any(Number));
    expect(head?.arrivalDateUtc).toEqual(expect.any(String));
    const [sorting] = (await heads({ SearchString: 'IN-0004' })).heads;
    expect(sorting).toMatchObject({ state: 2, properties: { quantityReceipted: 1 } });
  });

  it('searches code, document number or sender (any case) and a parcel barcode exactly', async () => {
    expect(await codes({ SearchString: 'in-0005' })).toEqual(['IN-0005']);
    expect(await codes({ SearchString: 'тн-2026-0298' })).toEqual(['IN-0004']);
    expect(await codes({ SearchString: 'технопарт' })).toEqual(['IN-0008', 'IN-0003']);
    expect(await codes({ SearchString: 'P430008' })).toEqual(['IN-0005']);
    expect(await codes({ SearchString: 'P43000' })).toEqual([]);
    expect(await codes({ SearchString: '%' })).toEqual([]);
  });

  it('pages by 40 by default with the total in X-Total-Count', async () => {
    const all = await heads({});
    expect(all.total).toBe(9);
    const page = await heads({ Page: 2, PageSize: 3 });
    expect(page.total).toBe(9);
    expect(page.heads.map((head) => head.code)).toEqual(all.heads.slice(3, 6).map((h) => h.code));
  });

  it('refuses a bad filter with 400 and a state outside 1–5', async () => {
    for (const body of [
      { States: [6] },
      { States: 'x' },
      { DateBegin: 'yesterday' },
      { Page: 0 },
      { PageSize: 10_000 },
    ]) {
      const response = await worker.call('POST', `${API}/documents/inbound/heads`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('documents/inbound/details', () => {
  it('orders the details by state with received (2) last', async () => {
    const rows = ok<TInboundDetail[]>(await details('IN-0005'));
    expect(rows.map((row) => [row.barcode, row.state])).toEqual([
      ['P430009', 1],
      ['P430007', 3],
      ['P430008', 2],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Трос ручника',
      boxName: null,
      properties: {
        orderNumber: 'ORD-7009',
        detailName: 'Трос ручника',
        makeName: 'Cofle',
        detailNumber: '10.6880',
        quantity: 1,
      },
    });
    const cancelled = ok<TInboundDetail[]>(await details('IN-0004'));
    expect(cancelled.map((row) => row.state)).toEqual([1, 4, 2]);
  });

  it('does not show a supply of another warehouse (104)', async () => {
    expectRefused(await details('IN-0002'), 104);
    expectRefused(await details('IN-0003', foreignWorker), 104);
    expectRefused(
      await worker.call('POST', `${API}/documents/inbound/details?inboundId=999999`),
      104,
    );
    expect(
      (await worker.call('POST', `${API}/documents/inbound/details?inboundId=x`)).statusCode,
    ).toBe(400);
  });
});

describe('documents/outbound', () => {
  it('lists the shipments of the user warehouse with their integration code', async () => {
    const response = await worker.call('POST', `${API}/documents/outbound/heads`, {
      IsSupplySelected: false,
      States: [],
      SearchString: '',
      ...lastDays(6),
    });
    const list = ok<TOutboundHead[]>(response);
    expect(list.map((row) => [row.code, row.syncKey])).toEqual([
      ['OUT-0001', 'SYNC-7781'],
      ['OUT-0002', null],
      // The transit shipments of the guided workflows (demo-transit-*-data.ts).
      ['OUT-0104', null],
      ['OUT-0103', null],
      ['OUT-0003', 'SYNC-7790'],
      // Picking goods by SKU's shipment (demo-sku-picking-data.ts).
      ['OUT-0201', null],
      ['OUT-0105', null],
      ['OUT-0102', null],
      ['OUT-0101', null],
    ]);
    expect(list[0]).toMatchObject({
      name: 'Рейс SPB-01',
      clientName: 'ООО «Север-Авто»',
      detailsQuantity: 3,
      state: 2,
      details: [],
      documents: [],
    });
    expect(response.headers['x-total-count']).toBe('9');
  });

  it('answers the details of a shipment; another warehouse’s is not found', async () => {
    const rows = ok<TOutboundDetail[]>(
      await worker.call(
        'POST',
        `${API}/documents/outbound/details?outboundId=${await outboundId('OUT-0001')}`,
      ),
    );
    expect(rows.map((row) => [row.orderNumber, row.name, row.boxName, row.quantity])).toEqual([
      ['ORD-8001', 'Колодки тормозные', '_34717-1', 2],
      ['ORD-8002', 'Фильтр масляный', '_34717-1', 1],
    ]);
    expectRefused(
      await worker.call(
        'POST',
        `${API}/documents/outbound/details?outboundId=${await outboundId('OUT-0004')}`,
      ),
      104,
    );
  });

  it('clears integration codes all or nothing, keeping the old key in the event', async () => {
    const own = await outboundId('OUT-0003');
    const foreign = await outboundId('OUT-0004');
    const before = await eventCount('outbound.syncCleared');
    const url = `${API}/documents/outbound/syncstate`;
    expectRefused(
      await worker.call(
        'POST',
        url,
        [
          { OutboundId: own, SyncKey: null },
          { OutboundId: foreign, SyncKey: null },
        ],
        newOperationId(),
      ),
      104,
    );
    expectRefused(
      await worker.call('POST', url, [{ OutboundId: 999_999, SyncKey: null }], newOperationId()),
      104,
    );
    const kept = await context.database.db.select().from(outbounds).where(eq(outbounds.id, own));
    expect(kept[0]?.syncKey).toBe('SYNC-7790');
    const bad = await worker.call(
      'POST',
      url,
      [{ OutboundId: own, SyncKey: 'X' }],
      newOperationId(),
    );
    expect(bad.statusCode).toBe(400);

    const operationId = newOperationId();
    const first = await worker.call('POST', url, [{ OutboundId: own, SyncKey: null }], operationId);
    expect(first.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: [{ outboundId: own, syncKey: null }],
    });
    const replay = await worker.call(
      'POST',
      url,
      [{ OutboundId: own, SyncKey: null }],
      operationId,
    );
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    const cleared = await context.database.db.select().from(outbounds).where(eq(outbounds.id, own));
    expect(cleared[0]?.syncKey).toBeNull();
    expect(await eventCount('outbound.syncCleared')).toBe(before + 1);
    const [event] = await context.database.db
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.kind, 'outbound.syncCleared'));
    expect(event?.payload).toMatchObject({ outboundCode: 'OUT-0003', syncKey: 'SYNC-7790' });
    const foreignRow = await context.database.db
      .select()
      .from(outbounds)
      .where(eq(outbounds.id, foreign));
    expect(foreignRow[0]?.syncKey).toBe('SYNC-1201');
  });
});

describe('documents/inbound/close (archiving)', () => {
  it('archives a supply in work once; a replay and an archived one answer IsRepeat', async () => {
    const id = await supplyId('IN-0004');
    const before = await eventCount('inbound.closed');
    const url = `${API}/documents/inbound/close?inboundId=${id}`;
    const operationId = newOperationId();
    expect((await worker.call('POST', url, undefined, operationId)).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: { inboundId: id, state: 3 },
    });
    expect((await worker.call('POST', url, undefined, operationId)).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
    });
    expect((await worker.call('POST', url, undefined, newOperationId())).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
    });
    expect(await eventCount('inbound.closed')).toBe(before + 1);
    expect(await codes({ States: [3], ...lastDays(6) })).toContain('IN-0004');
    expect(await codes({ States: [2, 4, 5] })).not.toContain('IN-0004');
  });

  it('refuses an expected supply with ErrorCode 1 and a foreign one with 104', async () => {
    const message = expectRefused(
      await worker.call(
        'POST',
        `${API}/documents/inbound/close?inboundId=${await supplyId('IN-0008')}`,
        undefined,
        newOperationId(),
      ),
      1,
    );
    expect(message).toContain('ещё не поступила');
    expect(await stateOf('IN-0008')).toBe(1);
    expectRefused(
      await worker.call(
        'POST',
        `${API}/documents/inbound/close?inboundId=${await supplyId('IN-0002')}`,
        undefined,
        newOperationId(),
      ),
      104,
    );
  });
});

describe('receipt place and labels', () => {
  async function receiptPlaceId(code: string, client = worker) {
    return client.call(
      'GET',
      `${API}/documents/inbound/receiptplaceid?inboundId=${await supplyId(code)}`,
    );
  }

  it('answers the receipt place document with ErrorCode 0; none → 104', async () => {
    const found = (await receiptPlaceId('IN-0003')).json();
    expect(found).toMatchObject({ IsSuccess: true, ErrorCode: 0 });
    expect(found.OperationObject).toEqual(expect.any(Number));
    expectRefused(await receiptPlaceId('IN-0004'), 104); // stickering disabled
    expectRefused(await receiptPlaceId('IN-0008'), 104); // not arrived
    expectRefused(await receiptPlaceId('IN-0006'), 104); // needs none
    expectRefused(await receiptPlaceId('IN-0003', foreignWorker), 104);

    const place = ok<TReceiptPlace>(
      await worker.call('GET', `${API}/documents/inbound/receiptplace/${found.OperationObject}`),
    );
    expect(place.inbound.code).toBe('IN-0003');
    expect(place.inbound.details.map((detail) => detail.barcode)).toEqual([
      'P430001',
      'P430002',
      'P430003',
    ]);
    expectRefused(
      await foreignWorker.call(
        'GET',
        `${API}/documents/inbound/receiptplace/${found.OperationObject}`,
      ),
      104,
    );
  });

  it('answers the inbound-detail label data as a JSON string', async () => {
    const [detail] = ok<TInboundDetail[]>(await details('IN-0003'));
    const url = `${API}/documents/inbound/details/${detail?.inboundDetailId}/barcode/json`;
    const text = ok<string>(await worker.call('POST', url));
    expect(typeof text).toBe('string');
    expect(JSON.parse(text)).toEqual({
      barcodeName: 'inbound-detail',
      barcodeData: {
        barcode: 'P430001',
        name: 'Свеча зажигания',
        number: 'BKR6E',
        make: 'NGK',
        quantity: '4',
      },
    });
    expectRefused(await foreignWorker.call('POST', url), 104);
  });

  it('marks a printed detail stickered once: detail 3, supply 5 → 4', async () => {
    const [detail] = ok<TInboundDetail[]>(await details('IN-0003'));
    const url = `${API}/documents/inbound/details/${detail?.inboundDetailId}/stickered`;
    expectRefused(await foreignWorker.call('PUT', url, undefined, newOperationId()), 104);
    const before = await eventCount('parcel.detailStickered');
    const answer = ok(await worker.call('PUT', url, undefined, newOperationId()));
    expect(answer).toMatchObject({ detailState: 3, inboundState: 4 });
    ok(await worker.call('PUT', url, undefined, newOperationId()));
    expect(await eventCount('parcel.detailStickered')).toBe(before + 1);
    expect(await stateOf('IN-0003')).toBe(4);
    const rows = ok<TInboundDetail[]>(await details('IN-0003'));
    expect(rows.find((row) => row.barcode === 'P430001')?.state).toBe(3);
  });

  it('records a double tap without an operation id once; the second answers IsRepeat', async () => {
    const second = ok<TInboundDetail[]>(await details('IN-0003')).find(
      (row) => row.barcode === 'P430002',
    );
    expect(second?.state).not.toBe(3);
    const url = `${API}/documents/inbound/details/${second?.inboundDetailId}/stickered`;
    const before = await eventCount('parcel.detailStickered');
    // Both taps at once, no operation id on either ('' sends none).
    const taps = await Promise.all([
      worker.call('PUT', url, undefined, ''),
      worker.call('PUT', url, undefined, ''),
    ]);
    const answers = taps.map((tap) => tap.json() as { IsSuccess: boolean; IsRepeat: boolean });
    expect(answers.map((answer) => answer.IsSuccess)).toEqual([true, true]);
    expect(answers.map((answer) => answer.IsRepeat).sort()).toEqual([false, true]);
    expect(await eventCount('parcel.detailStickered')).toBe(before + 1);
  });
});

describe('the supply walk driven by the real sorting calls', () => {
  it('arrives by .69., sorts, is stickered and closed: 1 → 5 → 2 → 4 → 3', async () => {
    // IN-0008 needs stickering: its receipt place document is made when it arrives.
    expectRefused(
      await worker.call(
        'GET',
        `${API}/documents/inbound/receiptplaceid?inboundId=${await supplyId('IN-0008')}`,
      ),
      104,
    );
    ok(
      await worker.call(
        'POST',
        `${API}/documents/inbound/arrive?barcode=${encodeURIComponent('.69.IN-0008')}`,
        undefined,
        newOperationId(),
      ),
    );
    expect(await stateOf('IN-0008')).toBe(5);
    expect(
      (
        await worker.call(
          'GET',
          `${API}/documents/inbound/receiptplaceid?inboundId=${await supplyId('IN-0008')}`,
        )
      ).json(),
    ).toMatchObject({ IsSuccess: true, ErrorCode: 0 });

    // IN-0001 (no stickering) through a real parcel move.
    ok(
      await worker.call(
        'POST',
        `${API}/documents/inbound/arrive?barcode=${encodeURIComponent('.69.IN-0001')}`,
        undefined,
        newOperationId(),
      ),
    );
    expect(await stateOf('IN-0001')).toBe(5);
    const zones = await zoneIdsOf(worker, sc);
    const parcel = await worker.scan('P100001', zones.get(1) ?? 0);
    ok(
      await worker.call(
        'POST',
        '/sorting-api/move',
        { parcelId: parcel.id, cellId: parcel.cells[0]?.id, userId: 1 },
        newOperationId(),
      ),
    );
    expect(await stateOf('IN-0001')).toBe(2);
    const rows = ok<TInboundDetail[]>(await details('IN-0001'));
    expect(rows.at(-1)).toMatchObject({ barcode: 'P100001', state: 2, boxName: '_34717-1' });

    const waiting = rows[0];
    ok(
      await worker.call(
        'PUT',
        `${API}/documents/inbound/details/${waiting?.inboundDetailId}/stickered`,
        undefined,
        newOperationId(),
      ),
    );
    expect(await stateOf('IN-0001')).toBe(4);
    ok(
      await worker.call(
        'POST',
        `${API}/documents/inbound/close?inboundId=${await supplyId('IN-0001')}`,
        undefined,
        newOperationId(),
      ),
    );
    expect(await stateOf('IN-0001')).toBe(3);

    // Archived: a label of another detail is refused (ErrorCode 1), nothing written.
    const other = ok<TInboundDetail[]>(await details('IN-0001')).find(
      (row) => row.inboundDetailId !== waiting?.inboundDetailId && row.state !== 3,
    );
    expect(other).toBeDefined();
    const stickeredBefore = await eventCount('parcel.detailStickered');
    const archived = expectRefused(
      await worker.call(
        'PUT',
        `${API}/documents/inbound/details/${other?.inboundDetailId}/stickered`,
        undefined,
        newOperationId(),
      ),
      1,
    );
    expect(archived).toBe('Поставка IN-0001 в архиве: её детали не стикеруют');
    expect(await eventCount('parcel.detailStickered')).toBe(stickeredBefore);
    const after = ok<TInboundDetail[]>(await details('IN-0001'));
    expect(after.find((row) => row.inboundDetailId === other?.inboundDetailId)?.state).toBe(
      other?.state,
    );
    expect(await stateOf('IN-0001')).toBe(3);
  });
});

describe('access', () => {
  it('answers 401 without a session on every call, never 404', async () => {
    const calls: [string, string][] = [
      ['POST', `${API}/Documents/inbound/states/count`],
      ['POST', `${API}/documents/inbound/heads`],
      ['POST', `${API}/documents/inbound/details?inboundId=1`],
      ['POST', `${API}/documents/outbound/heads`],
      ['POST', `${API}/documents/outbound/details?outboundId=1`],
      ['POST', `${API}/documents/inbound/close?inboundId=1`],
      ['GET', `${API}/documents/inbound/receiptplaceid?inboundId=1`],
      ['POST', `${API}/documents/outbound/syncstate`],
      ['POST', `${API}/documents/inbound/details/1/barcode/json`],
      ['PUT', `${API}/documents/inbound/details/1/stickered`],
      ['GET', `${API}/documents/inbound/receiptplace/1`],
    ];
    for (const [method, url] of calls) {
      const response = await context.app.inject({ method: method as 'GET', url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
