import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBox, TCell, TMoveResult, TReturnableBox } from '@sorting/contracts';
import { DEMO_RETURNABLE_BOXES } from '../src/db/demo-data.js';
import { boxes, cells, events, parcels } from '../src/db/schema.js';
import { seedExtraParcels } from './faults/fault-fixtures.js';
import { createSessionTestApp } from './sessions.js';
import {
  BADGES,
  cellIdOf,
  expectRefused,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;
let sc: number;
let regular: number;
let zone: Map<number, number>;

function zoneId(number: number): number {
  const id = zone.get(number);
  if (id === undefined) throw new Error(`zone ${number}`);
  return id;
}

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
  regular = await warehouseIdOf(foreignWorker, 1201);
  zone = await zoneIdsOf(worker, sc);
});

afterAll(async () => {
  await context?.close();
});

async function parcelRow(number: string) {
  const rows = await context.database.db.select().from(parcels).where(eq(parcels.number, number));
  const row = rows[0];
  if (!row) throw new Error(`parcel ${number}`);
  return row;
}

async function boxRow(barcode: string) {
  const rows = await context.database.db.select().from(boxes).where(eq(boxes.barcode, barcode));
  const row = rows[0];
  if (!row) throw new Error(`box ${barcode}`);
  return row;
}

/** A new (not returnable) box made through the API, read back as its row. */
async function createdBox() {
  const created = await worker.call('POST', '/sorting-api/boxes/create', {
    Count: 1,
    LengthCm: 40,
    WidthCm: 30,
    HeightCm: 30,
    IsReturnable: false,
  });
  return boxRow((created.json().OperationObject as TReturnableBox[])[0]?.Barcode ?? '');
}

async function moveEventsOf(parcelNumber: string): Promise<number> {
  const rows = await context.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.kind, 'parcel.moved'),
        sql`${events.payload}->>'parcelNumber' = ${parcelNumber}`,
      ),
    );
  return rows[0]?.n ?? 0;
}

function move(client: SortingClient, body: Record<string, unknown>, operationId?: string) {
  return client.call('POST', '/sorting-api/move', body, operationId);
}

describe('POST /sorting-api/parcels/scan', () => {
  it('answers the parcel with the cell whose box collects its key first', async () => {
    const parcel = await worker.scan('P100001', zoneId(1));
    expect(parcel).toMatchObject({
      number: 'P100001',
      sortingKey: 'SPB-01',
      sortingName: 'Санкт-Петербург',
      boxNumber: null,
      cellName: null,
      inboundNumber: 'IN-0001',
      isInboundReceipted: false,
      isReceipted: false,
      notReceiptedQuantity: 8,
      isNeedMeasure: false,
      attentionMessage: null,
    });
    expect(parcel.cells[0]).toMatchObject({
      name: '1-a-01',
      zoneNumber: 1,
      zoneType: 'sito',
      row: 'a',
      col: 1,
      isEmpty: false,
      barcode: '=34717-1-a-01',
    });
    // Then the empty open box (1-a-02), then empty cells nearest first; never the closed box.
    expect(parcel.cells.map((cell) => cell.name)).toEqual([
      '1-a-01',
      '1-a-02',
      '1-a-04',
      '1-a-05',
      '1-a-06',
    ]);
  });

  it('recommends other cells when the box of the key is closed', async () => {
    const parcel = await worker.scan('P100005', zoneId(1));
    expect(parcel.sortingKey).toBe('KZN-02');
    expect(parcel.cells.map((cell) => cell.name)).not.toContain('1-a-03');
    expect(parcel.cells[0]?.name).toBe('1-a-02');
  });

  it('suggests the expedition box for an automove and the transit box by route', async () => {
    const expedition = await worker.scan('P100003', zoneId(2));
    expect(expedition.cells[0]).toMatchObject({ name: '2-a-01', zoneType: 'expedition' });
    const transit = await worker.scan('P100007', zoneId(4));
    expect(transit.cells[0]).toMatchObject({ name: '4-a-01', zoneType: 'transit' });
    // Same route R-101, other destination: transit goes by route.
    const sameRoute = await worker.scan('P100005', zoneId(4));
    expect(sameRoute.cells[0]?.name).toBe('4-a-01');
  });

  it('answers 404 with the barcode for an unknown parcel or one of another warehouse', async () => {
    for (const barcode of ['NO-SUCH-PARCEL', 'P120001']) {
      const response = await worker.call('POST', '/sorting-api/parcels/scan', {
        barcode,
        warehouseId: sc,
        zoneId: zoneId(1),
      });
      expect(expectRefused(response, 404)).toContain(barcode);
    }
  });

  it("answers 204 for a zone of another warehouse and 403 for another centre's user", async () => {
    const foreignZones = await zoneIdsOf(foreignWorker, regular);
    const wrongZone = await worker.call('POST', '/sorting-api/parcels/scan', {
      barcode: 'P100001',
      warehouseId: sc,
      zoneId: foreignZones.get(1),
    });
    expectRefused(wrongZone, 204);
    const forbidden = await foreignWorker.call('POST', '/sorting-api/parcels/scan', {
      barcode: 'P100001',
      warehouseId: sc,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
  });

  it('refuses a malformed request and a call without a session', async () => {
    const malformed = await worker.call('POST', '/sorting-api/parcels/scan', { barcode: '' });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/sorting-api/parcels/scan',
      payload: { barcode: 'P100001', warehouseId: sc },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /sorting-api/cells/search, boxes/search, cells/suggest', () => {
  it('finds a cell; unknown is 104, a cell of another warehouse 304', async () => {
    const found = await worker.call('POST', '/sorting-api/cells/search', {
      barcode: '=34717-1-a-07',
      warehouseId: sc,
    });
    expect(found.json().OperationObject).toMatchObject({
      name: '1-a-07',
      isEmpty: true,
      zoneType: 'sito',
    } satisfies Partial<TCell>);
    expectRefused(
      await worker.call('POST', '/sorting-api/cells/search', {
        barcode: '=34717-9-z-99',
        warehouseId: sc,
      }),
      104,
    );
    expectRefused(
      await worker.call('POST', '/sorting-api/cells/search', {
        barcode: '=1201-1-a-01',
        warehouseId: sc,
      }),
      304,
    );
    const forbidden = await foreignWorker.call('POST', '/sorting-api/cells/search', {
      barcode: '=34717-1-a-07',
      warehouseId: sc,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('finds a box with its cell and contents; unknown is 104', async () => {
    const full = await worker.call('POST', '/sorting-api/boxes/search', {
      barcode: '_34717-1',
      warehouseId: sc,
      zoneId: zoneId(1),
      zoneType: 'SITO',
    });
    expect(full.json().OperationObject).toMatchObject({
      number: 1,
      isEmpty: false,
      sortingKey: 'SPB-01',
      isClosed: false,
      parcelsCount: 2,
    } satisfies Partial<TBox>);
    expect(full.json().OperationObject.cells).toMatchObject([{ name: '1-a-01' }]);
    const empty = await worker.call('POST', '/sorting-api/boxes/search', {
      barcode: '_34717-2',
      warehouseId: sc,
    });
    expect(empty.json().OperationObject).toMatchObject({ isEmpty: true, sortingKey: null });
    expectRefused(
      await worker.call('POST', '/sorting-api/boxes/search', { barcode: '_nope', warehouseId: sc }),
      104,
    );
    // A box of warehouse 1201 is not found in 34717.
    expectRefused(
      await worker.call('POST', '/sorting-api/boxes/search', {
        barcode: '_1201-1',
        warehouseId: sc,
      }),
      104,
    );
  });

  it('suggests cells for a parcel and for a box without a cell', async () => {
    const forParcel = await worker.call('POST', '/sorting-api/cells/suggest', {
      parcelId: (await parcelRow('P100002')).id,
      warehouseId: sc,
      zoneId: zoneId(1),
    });
    expect(forParcel.json().OperationObject[0]).toMatchObject({ name: '1-a-01' });
    const byBarcode = await worker.call('POST', '/sorting-api/cells/suggest', {
      barcode: 'P100002',
      warehouseId: sc,
      zoneId: zoneId(1),
    });
    expect(byBarcode.json().OperationObject[0]).toMatchObject({ name: '1-a-01' });

    const boxId = (await createdBox()).id;
    const forBox = await worker.call('POST', '/sorting-api/cells/suggest', {
      boxId,
      warehouseId: sc,
      zoneId: zoneId(3),
    });
    expect(
      forBox
        .json()
        .OperationObject.map((c: TCell) => c.name)
        .slice(0, 2),
    ).toEqual(['3-a-01', '3-a-02']);
    expectRefused(
      await worker.call('POST', '/sorting-api/cells/suggest', {
        parcelId: 999999,
        warehouseId: sc,
        zoneId: zoneId(1),
      }),
      404,
    );
  });
});

describe('POST /sorting-api/move', () => {
  it('moves parcel → box → cell in one transaction and records who, where, when', async () => {
    const parcel = await worker.scan('P100001', zoneId(1));
    const target = parcel.cells[0];
    const before = await moveEventsOf('P100001');
    const operationId = newOperationId();
    const response = await move(
      worker,
      { parcelId: parcel.id, cellId: target?.id, userId: 1 },
      operationId,
    );
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: {
        boxNumber: 1,
        isBoxReceipted: false,
        inboundNumber: 'IN-0001',
        isInboundReceipted: false,
        cellName: '1-a-01',
        isAlreadyInPlace: false,
        isNewBox: false,
      } satisfies Partial<TMoveResult>,
    });
    const row = await parcelRow('P100001');
    expect(row.boxId).toBe((await boxRow('_34717-1')).id);
    expect(row.isReceipted).toBe(true);
    expect(await moveEventsOf('P100001')).toBe(before + 1);
    const [event] = await context.database.db
      .select()
      .from(events)
      .where(
        sql`${events.kind} = 'parcel.moved' and ${events.payload}->>'parcelNumber' = 'P100001'`,
      );
    expect(event).toMatchObject({ warehouseId: sc, payload: { cellName: '1-a-01', boxNumber: 1 } });
    expect(event?.userId).toBeGreaterThan(0);
    expect(event?.at).toBeInstanceOf(Date);

    // The scan afterwards shows where it lies.
    const rescanned = await worker.scan('P100001', zoneId(1));
    expect(rescanned).toMatchObject({
      boxNumber: 1,
      cellName: '1-a-01',
      isReceipted: true,
      notReceiptedQuantity: 7,
    });
  });

  it('answers a replayed operation with the stored answer, IsRepeat and no second event', async () => {
    // A plain parcel of its own (P100004 and P100010 need weighing first); zone 3, so that the
    // empty open box of zone 1 stays free for the tests below.
    const [barcode] = await seedExtraParcels(context.database.db, { count: 1, prefix: 'RP' });
    if (!barcode) throw new Error('no extra parcel');
    const parcel = await worker.scan(barcode, zoneId(3));
    const operationId = newOperationId();
    const body = { parcelId: parcel.id, cellId: parcel.cells[0]?.id };
    const first = await move(worker, body, operationId);
    expect(first.json()).toMatchObject({ IsSuccess: true, IsRepeat: false });
    const eventsAfterFirst = await moveEventsOf(barcode);
    const replay = await move(worker, body, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(first.json().OperationObject);
    expect(await moveEventsOf(barcode)).toBe(eventsAfterFirst);
    // Another user cannot reuse the id, nor the same user for another move (the fast path's
    // own claim judges it): 422, ErrorCode 412, nothing moved.
    const reused = await move(otherWorker, body, operationId);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ IsSuccess: false, ErrorCode: 412 });
    const elsewhere = await move(worker, { ...body, cellId: parcel.cells[1]?.id }, operationId);
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
    expect(await moveEventsOf(barcode)).toBe(eventsAfterFirst);
    // A malformed id is refused.
    expect((await move(worker, body, 'bad id!')).statusCode).toBe(400);
  });

  it('answers a replayed move into a box the same way (the claim of the general path)', async () => {
    const [barcode] = await seedExtraParcels(context.database.db, {
      count: 1,
      prefix: 'RB',
      keys: 1,
    });
    if (!barcode) throw new Error('no extra parcel');
    const parcel = await worker.scan(barcode, zoneId(3));
    const box = await createdBox();
    const operationId = newOperationId();
    const body = { parcelId: parcel.id, boxId: box.id };
    const first = await move(worker, body, operationId);
    expect(first.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: { boxId: box.id, cellId: null },
    });
    const eventsAfterFirst = await moveEventsOf(barcode);
    const replay = await move(worker, body, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(first.json().OperationObject);
    expect(await moveEventsOf(barcode)).toBe(eventsAfterFirst);
    expect((await move(otherWorker, body, operationId)).statusCode).toBe(422);
  });

  it('moves exactly once when two workers move the same parcel at once', async () => {
    const [mine, theirs] = await Promise.all([
      worker.scan('P100002', zoneId(1)),
      otherWorker.scan('P100002', zoneId(1)),
    ]);
    const emptyCell = await cellIdOf(worker, sc, '=34717-1-k-05');
    const answers = await Promise.all([
      move(worker, { parcelId: mine.id, cellId: mine.cells[0]?.id }, newOperationId()),
      move(otherWorker, { parcelId: theirs.id, cellId: emptyCell }, newOperationId()),
    ]);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.IsSuccess)).toHaveLength(1);
    expect(bodies.find((body) => !body.IsSuccess)).toMatchObject({ ErrorCode: 409 });
    expect(await moveEventsOf('P100002')).toBe(1);
  });

  it('answers one move and one repeat when the same operation arrives twice at once', async () => {
    const [barcode] = await seedExtraParcels(context.database.db, { count: 1, prefix: 'RT' });
    if (!barcode) throw new Error('no extra parcel');
    const parcel = await worker.scan(barcode, zoneId(3));
    const operationId = newOperationId();
    const body = { parcelId: parcel.id, cellId: parcel.cells[0]?.id };
    const answers = await Promise.all([
      move(worker, body, operationId),
      move(worker, body, operationId),
    ]);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.every((answer) => answer.IsSuccess)).toBe(true);
    expect(bodies.map((answer) => answer.IsRepeat).sort()).toEqual([false, true]);
    expect(bodies[0].OperationObject).toEqual(bodies[1].OperationObject);
    expect(await moveEventsOf(barcode)).toBe(1);
  });

  it('refuses a move when another worker moved the parcel since the scan', async () => {
    const mine = await worker.scan('P100011', zoneId(1));
    const theirs = await otherWorker.scan('P100011', zoneId(1));
    const kept = await cellIdOf(worker, sc, '=34717-1-k-04');
    const done = await move(otherWorker, { parcelId: theirs.id, cellId: kept });
    expect(done.json()).toMatchObject({ IsSuccess: true });
    const late = await move(worker, { parcelId: mine.id, cellId: mine.cells[0]?.id });
    expect(expectRefused(late, 409)).toContain('P100011');
    // After a new scan the worker may move it on.
    const again = await worker.scan('P100011', zoneId(1));
    const elsewhere = await cellIdOf(worker, sc, '=34717-1-k-06');
    expect((await move(worker, { parcelId: again.id, cellId: elsewhere })).json()).toMatchObject({
      IsSuccess: true,
    });
  });

  it('answers "already in place" (IsRepeat, nothing written) for a move to where the parcel lies', async () => {
    const parcel = await worker.scan('P100008', zoneId(1));
    expect(parcel).toMatchObject({ boxNumber: 1, cellName: '1-a-01' });
    const rowBefore = await parcelRow('P100008');
    const eventsBefore = await moveEventsOf('P100008');
    const operationId = newOperationId();
    const body = { parcelId: parcel.id, cellId: parcel.cells[0]?.id };
    const answer = await move(worker, body, operationId);
    expect(answer.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
      OperationObject: {
        parcelId: parcel.id,
        boxNumber: 1,
        cellName: '1-a-01',
        isAlreadyInPlace: true,
      } satisfies Partial<TMoveResult>,
    });
    // Its operation id keeps that answer.
    const replay = await move(worker, body, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(answer.json().OperationObject);
    // Into its own box, and without an operation id, the same.
    const ownBox = await boxRow('_34717-1');
    expect((await move(worker, { parcelId: parcel.id, boxId: ownBox.id })).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
      OperationObject: { boxNumber: 1, cellName: '1-a-01', isAlreadyInPlace: true },
    });
    expect((await move(worker, body)).json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(await parcelRow('P100008')).toEqual(rowBefore);
    expect(await moveEventsOf('P100008')).toBe(eventsBefore);
  });

  it('refuses to move a parcel that still needs measure or weight (1); measured and weighed, it moves', async () => {
    // Zone 3: the empty open box of zone 1 stays free for the tests below.
    const parcel = await worker.scan('P100004', zoneId(3));
    expect(parcel).toMatchObject({ isNeedMeasure: true, isNeedWeight: true });
    const body = { parcelId: parcel.id, cellId: parcel.cells[0]?.id };
    expect(expectRefused(await move(worker, body, newOperationId()), 1)).toBe(
      'Посылку P100004 сначала нужно измерить и взвесить',
    );
    const emptyBox = await createdBox();
    expectRefused(await move(worker, { parcelId: parcel.id, boxId: emptyBox.id }), 1);
    const measured = await worker.call('POST', '/sorting-api/parcels/measure', {
      parcelId: parcel.id,
      length: 30,
      width: 20,
      height: 15,
    });
    expect(measured.json()).toMatchObject({ IsSuccess: true });
    expect(expectRefused(await move(worker, body), 1)).toBe(
      'Посылку P100004 сначала нужно взвесить',
    );
    const weighed = await worker.call('POST', '/sorting-api/parcels/weight', {
      parcelId: parcel.id,
      weight: 1500,
    });
    expect(weighed.json()).toMatchObject({ IsSuccess: true });
    expect((await move(worker, body)).json()).toMatchObject({ IsSuccess: true, IsRepeat: false });
    expect(await moveEventsOf('P100004')).toBe(1);
  });

  it('refuses a closed box (409) and a box of another key (1)', async () => {
    const parcel = await worker.scan('P100012', zoneId(1));
    const closed = await boxRow('_34717-3');
    expectRefused(await move(worker, { parcelId: parcel.id, boxId: closed.id }), 409);
    const spbCell = await cellIdOf(worker, sc, '=34717-1-a-01');
    expect(
      expectRefused(await move(worker, { parcelId: parcel.id, cellId: spbCell }), 1),
    ).toContain('SPB-01');
    // The empty open box takes the new key, then refuses another one.
    const emptyBoxCell = await cellIdOf(worker, sc, '=34717-1-a-02');
    expect(
      (await move(worker, { parcelId: parcel.id, cellId: emptyBoxCell })).json(),
    ).toMatchObject({ IsSuccess: true, OperationObject: { boxNumber: 2 } });
    expect((await boxRow('_34717-2')).sortingKey).toBe('NSK-04');
    const other = await worker.scan('P100003', zoneId(1));
    expect(other.cells.map((cell) => cell.name)).not.toContain('1-a-02');
    expectRefused(await move(worker, { parcelId: other.id, cellId: emptyBoxCell }), 1);
  });

  it('opens a new box in an empty cell and marks the cell taken', async () => {
    const parcel = await worker.scan('P100003', zoneId(1));
    const target = parcel.cells.find((cell) => cell.isEmpty);
    expect(target).toBeDefined();
    const answer = await move(worker, { parcelId: parcel.id, cellId: target?.id });
    const result = answer.json().OperationObject as TMoveResult;
    expect(result.boxNumber).toBeGreaterThan(5);
    // The web plays the "new" sound for it (docs/DECISIONS.md "Sorting screen").
    expect(result.isNewBox).toBe(true);
    const [cell] = await context.database.db
      .select()
      .from(cells)
      .where(eq(cells.id, target?.id ?? 0));
    expect(cell?.isEmpty).toBe(false);
    const box = await boxRow(`_34717-${result.boxNumber}`);
    expect(box).toMatchObject({ cellId: target?.id, sortingKey: 'MSK-YUG', isClosed: false });
  });

  it('moves into the expedition box (the automove) and by route in transit', async () => {
    const expedition = await worker.scan('P100003', zoneId(2));
    const answer = await move(worker, { parcelId: expedition.id, cellId: expedition.cells[0]?.id });
    expect(answer.json()).toMatchObject({ IsSuccess: true, OperationObject: { boxNumber: 4 } });
    const transit = await worker.scan('P100007', zoneId(4));
    const moved = await move(worker, { parcelId: transit.id, cellId: transit.cells[0]?.id });
    expect(moved.json()).toMatchObject({ IsSuccess: true, OperationObject: { boxNumber: 5 } });
  });

  it('in a SUGGESTED zone accepts only a suggested cell', async () => {
    const parcel = await worker.scan('P100006', zoneId(5));
    const far = await cellIdOf(worker, sc, '=34717-5-h-10');
    expectRefused(await move(worker, { parcelId: parcel.id, cellId: far }), 1);
    expect(
      (await move(worker, { parcelId: parcel.id, cellId: parcel.cells[0]?.id })).json(),
    ).toMatchObject({ IsSuccess: true });
  });

  it('moves a box into a cell and frees the cell it left', async () => {
    const box = await createdBox();
    const first = await cellIdOf(worker, sc, '=34717-3-b-01');
    const second = await cellIdOf(worker, sc, '=34717-3-b-02');
    const into = await move(worker, { boxId: box.id, cellId: first });
    expect(into.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { boxNumber: box.number, cellName: '3-b-01', parcelId: null },
    });
    expect((await move(worker, { boxId: box.id, cellId: second })).json()).toMatchObject({
      IsSuccess: true,
    });
    const rows = await context.database.db.select().from(cells).where(eq(cells.id, first));
    expect(rows[0]?.isEmpty).toBe(true);
    // A cell already holding an open box refuses another open box.
    const occupied = await cellIdOf(worker, sc, '=34717-1-a-01');
    expectRefused(await move(worker, { boxId: box.id, cellId: occupied }), 1);
    // The same cell again: nothing to do, answered as such.
    expect((await move(worker, { boxId: box.id, cellId: second })).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
      OperationObject: { boxNumber: box.number, cellName: '3-b-02', isAlreadyInPlace: true },
    });
    const stillThere = await context.database.db.select().from(cells).where(eq(cells.id, second));
    expect(stillThere[0]?.isEmpty).toBe(false);
  });

  it('answers 104 for unknown parcel, box or cell; 304 for a cell of another warehouse', async () => {
    const parcel = await worker.scan('P100009', zoneId(1));
    expectRefused(await move(worker, { parcelId: 999999, cellId: parcel.cells[0]?.id }), 404);
    expectRefused(await move(worker, { parcelId: parcel.id, boxId: 999999 }), 104);
    expectRefused(await move(worker, { parcelId: parcel.id, cellId: 999999 }), 104);
    const foreignCell = await cellIdOf(foreignWorker, regular, '=1201-1-a-05');
    expectRefused(await move(worker, { parcelId: parcel.id, cellId: foreignCell }), 304);
    expect((await move(worker, {})).statusCode).toBe(400);
  });

  it('lets a box emptied by re-sorting take another key', async () => {
    const box = await createdBox();
    // 3-d-01…3-d-04 hold the boxes of picking by SKU's demo (demo-sku-picking-data.ts).
    const cellD1 = await cellIdOf(worker, sc, '=34717-3-d-05');
    const cellD3 = await cellIdOf(worker, sc, '=34717-3-d-06');
    expect((await move(worker, { boxId: box.id, cellId: cellD1 })).json().IsSuccess).toBe(true);

    const spb = await worker.scan('P100009', zoneId(3));
    expect((await move(worker, { parcelId: spb.id, cellId: cellD1 })).json().IsSuccess).toBe(true);
    const msk = await worker.scan('P100011', zoneId(3));
    expectRefused(await move(worker, { parcelId: msk.id, cellId: cellD1 }), 1);

    await worker.scan('P100009', zoneId(3));
    expect((await move(worker, { parcelId: spb.id, cellId: cellD3 })).json().IsSuccess).toBe(true);
    const searched = await worker.call('POST', '/sorting-api/boxes/search', {
      barcode: box.barcode,
      warehouseId: sc,
    });
    expect(searched.json().OperationObject).toMatchObject({ isEmpty: true, sortingKey: null });
    const again = await worker.scan('P100011', zoneId(3));
    expect(again.cells.map((cell) => cell.name)).toContain('3-d-05');
    expect((await move(worker, { parcelId: again.id, cellId: cellD1 })).json().IsSuccess).toBe(
      true,
    );
    expect((await boxRow(box.barcode)).sortingKey).toBe('MSK-YUG');
  });

  it("refuses another sorting centre's user", async () => {
    const parcel = await parcelRow('P100009');
    const cellId = await cellIdOf(worker, sc, '=34717-1-c-01');
    const response = await move(foreignWorker, { parcelId: parcel.id, cellId });
    expect(response.statusCode).toBe(403);
    expect((await parcelRow('P100009')).boxId).toBe(parcel.boxId);
  });
});

describe('POST /sorting-api/boxes/create', () => {
  it('numbers new boxes after the last one, once per operation id', async () => {
    const operationId = newOperationId();
    const body = { Count: 2, LengthCm: 60, WidthCm: 40, HeightCm: 30, IsReturnable: true };
    const first = await worker.call('POST', '/sorting-api/boxes/create', body, operationId);
    const created = first.json().OperationObject as TReturnableBox[];
    // After the last seeded returnable box of the sorting centre.
    const last = Math.max(
      ...DEMO_RETURNABLE_BOXES.filter((box) => box.warehouseNumber === 34717).map((b) => b.number),
    );
    expect(created.map((box) => box.Barcode)).toEqual([
      `_R34717-${last + 1}`,
      `_R34717-${last + 2}`,
    ]);
    expect(created[0]).toMatchObject({ Number: last + 1, LengthCm: 60, WidthCm: 40, HeightCm: 30 });
    const replay = await worker.call('POST', '/sorting-api/boxes/create', body, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(created);
    const next = await worker.call('POST', '/sorting-api/boxes/create', body);
    expect((next.json().OperationObject as TReturnableBox[])[0]?.Number).toBe(last + 3);
    const bad = await worker.call('POST', '/sorting-api/boxes/create', { ...body, Count: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('gives boxes created at once unique numbers after LastBoxNumber, which then follows them', async () => {
    const lastBoxNumber = async () => {
      const found = await worker.call('POST', '/sorting-api/warehouses/search', { number: 34717 });
      return found.json().OperationObject.LastBoxNumber as number;
    };
    const before = await lastBoxNumber();
    const body = { Count: 3, LengthCm: 60, WidthCm: 40, HeightCm: 30, IsReturnable: false };
    const answers = await Promise.all(
      [worker, otherWorker, worker, otherWorker].map((client) =>
        client.call('POST', '/sorting-api/boxes/create', body),
      ),
    );
    const numbers = answers.map((answer) => {
      expect(answer.json()).toMatchObject({ IsSuccess: true });
      const created = answer.json().OperationObject as TReturnableBox[];
      const own = created.map((box) => box.Number);
      expect(own).toEqual([...own].sort((a, b) => a - b));
      expect(created.map((box) => box.Barcode)).toEqual(own.map((n) => `_34717-${n}`));
      return own;
    });
    const all = numbers.flat();
    expect(new Set(all).size).toBe(12);
    expect(Math.min(...all)).toBeGreaterThan(before);
    expect(await lastBoxNumber()).toBe(Math.max(...all));
  });
});
