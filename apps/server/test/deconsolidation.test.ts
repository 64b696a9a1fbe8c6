import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consolidationCellPath,
  consolidationPath,
  type TDeconsolidated,
  type TDeconsolidationBox,
} from '@sorting/contracts';
import { boxes, cells, consolidations, eventUnits, events, parcels } from '../src/db/schema.js';
import { WEB_HEADERS, createSessionTestApp } from './sessions.js';
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

// spec part 2 §1, §3 "Deconsolidation box", §7 "Deconsolidation" (docs/DECISIONS.md
// "Deconsolidation"): the consolidated boxes of the demo seed (demo-consolidation-data.ts).

const SC_CODE = 'MSK-SC1';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;
let sc = 0;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
});

afterAll(async () => {
  await context?.close();
});

async function getBox(client: SortingClient, barcode: string, warehouse = SC_CODE) {
  return client.call('GET', consolidationPath(warehouse, barcode));
}

function deconsolidate(
  client: SortingClient,
  cellBarcode: string,
  operationId = newOperationId(),
  warehouse = SC_CODE,
) {
  return client.call(
    'DELETE',
    consolidationCellPath(warehouse, cellBarcode),
    undefined,
    operationId,
  );
}

function boxOf(response: { json: () => unknown; body: string }): TDeconsolidationBox {
  const body = response.json() as { IsSuccess: boolean; OperationObject: TDeconsolidationBox };
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body.OperationObject;
}

async function deconsolidatedEvents(boxBarcode: string) {
  return context.database.db
    .select({ id: events.id, payload: events.payload })
    .from(events)
    .innerJoin(eventUnits, eq(eventUnits.eventId, events.id))
    .where(and(eq(events.kind, 'box.deconsolidated'), eq(eventUnits.barcode, boxBarcode)));
}

/** What a refusal must leave alone: consolidations, boxes, parcels and events. */
async function snapshot() {
  const db = context.database.db;
  const [c, b, p, e] = await Promise.all([
    db.select().from(consolidations).orderBy(consolidations.id),
    db.select().from(boxes).orderBy(boxes.id),
    db.select().from(parcels).orderBy(parcels.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { c, b, p, e };
}

describe('GET /deconsolidating-api/v1/{warehouseCode}/Consolidating/{barcode}', () => {
  it('answers the box by its cell: parcels with cm and grams, the box name, its cell', async () => {
    const box = boxOf(await getBox(worker, '=34717-7-a-01'));
    expect(box).toMatchObject({
      Barcode: '_34717-111',
      Name: 'Короб 111',
      Destination: 'Новосибирск',
      CellBarcode: '=34717-7-a-01',
      CellName: '7-a-01',
      IsCompleted: true,
    });
    expect(box.Details.map((detail) => detail.Name)).toEqual([
      'Амортизатор задний',
      'Диск тормозной',
      'Свеча зажигания',
    ]);
    expect(box.Details[0]).toMatchObject({ Length: 60, Width: 12.5, Height: 12, Weight: 1449 });
  });

  it('answers the box by its barcode (also by warehouse number), its name in English', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: consolidationPath('34717', '_34717-112'),
      headers: { ...WEB_HEADERS, 'accept-language': 'en' },
      cookies: { sorting_session: worker.token },
    });
    const box = boxOf(response);
    expect(box).toMatchObject({ Name: 'Box 112', Destination: 'Екатеринбург', IsCompleted: false });
    expect(box.Details.find((detail) => detail.Weight === null)).toMatchObject({
      Length: null,
      Width: null,
      Height: null,
    });
  });

  it('answers 104 naming the barcode where no box is consolidated', async () => {
    for (const barcode of ['=34717-7-a-05', '_34717-1', '=34717-9-z-99', '_1201-111']) {
      expect(expectRefused(await getBox(worker, barcode), 104)).toContain(barcode);
    }
  });

  it('refuses a barcode that is neither a cell nor a box (400), bad text too', async () => {
    for (const barcode of ['P420001', 'x'.repeat(201), '=bad\u0007cell']) {
      const response = await getBox(worker, barcode);
      expect(response.statusCode, barcode).toBe(400);
    }
  });

  it('refuses another centre’s warehouse (403) and reads nothing; an unknown one is 104', async () => {
    expect((await getBox(worker, '=1201-1-a-03', 'PDL-WH2')).statusCode).toBe(403);
    expect((await getBox(foreignWorker, '=34717-7-a-01')).statusCode).toBe(403);
    expect(boxOf(await getBox(foreignWorker, '=1201-1-a-03', '1201')).Barcode).toBe('_1201-111');
    expectRefused(await getBox(worker, '=34717-7-a-01', 'NOPE-1'), 104);
  });

  it('answers 401 to both routes without a session', async () => {
    for (const [method, url] of [
      ['GET', consolidationPath(SC_CODE, '=34717-7-a-01')],
      ['DELETE', consolidationCellPath(SC_CODE, '=34717-7-a-01')],
    ] as const) {
      const response = await context.app.inject({ method, url, headers: WEB_HEADERS });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('DELETE /deconsolidating-api/v1/{warehouseCode}/Consolidating/{cellBarcode}', () => {
  it('refuses a cell of another warehouse (304), a box barcode (400), 403 across; writes nothing', async () => {
    const before = await snapshot();
    expectRefused(await deconsolidate(worker, '=1201-1-a-03'), 304);
    expect((await deconsolidate(worker, '_34717-111')).statusCode).toBe(400);
    expect((await deconsolidate(foreignWorker, '=34717-7-a-01')).statusCode).toBe(403);
    expect((await deconsolidate(worker, '=1201-1-a-03', newOperationId(), '1201')).statusCode).toBe(
      403,
    );
    expectRefused(await deconsolidate(worker, '=34717-7-a-05'), 104);
    expect(await snapshot()).toEqual(before);
  });

  it('unpacks the box: parcels out and back to sorting, box out of the cell, one event', async () => {
    const zones = await zoneIdsOf(worker, sc);
    // The worker saw P420001 before the unpacking: a move on that scan is stale (409).
    const seen = await worker.scan('P420001', zones.get(1)!);
    const db = context.database.db;
    const [boxBefore] = await db.select().from(boxes).where(eq(boxes.barcode, '_34717-111'));
    const parcelsBefore = await db.select().from(parcels).where(eq(parcels.boxId, boxBefore!.id));
    expect(parcelsBefore).toHaveLength(3);

    const operationId = newOperationId();
    const response = await deconsolidate(otherWorker, '=34717-7-a-01', operationId);
    const body = response.json();
    expect(body, response.body).toMatchObject({ IsSuccess: true, IsRepeat: false });
    expect(body.OperationObject as TDeconsolidated).toEqual({
      BoxId: boxBefore!.id,
      Barcode: '_34717-111',
      CellBarcode: '=34717-7-a-01',
      ParcelsCount: 3,
    });

    const after = await db
      .select()
      .from(parcels)
      .where(
        inArray(
          parcels.id,
          parcelsBefore.map((parcel) => parcel.id),
        ),
      );
    for (const parcel of after) {
      const old = parcelsBefore.find((row) => row.id === parcel.id)!;
      expect(parcel.boxId).toBeNull();
      expect(parcel.version).toBe(old.version + 1);
    }
    const [boxAfter] = await db.select().from(boxes).where(eq(boxes.id, boxBefore!.id));
    expect(boxAfter).toMatchObject({ cellId: null, sortingKey: null, isClosed: false });
    const [cell] = await db.select().from(cells).where(eq(cells.barcode, '=34717-7-a-01'));
    expect(cell!.isEmpty).toBe(true);
    const [record] = await db
      .select()
      .from(consolidations)
      .where(eq(consolidations.boxId, boxBefore!.id));
    expect(record!.removedAt).not.toBeNull();
    expect(record!.removedBy).not.toBeNull();

    const recorded = await deconsolidatedEvents('_34717-111');
    expect(recorded).toHaveLength(1);
    const units = await db
      .select({ barcode: eventUnits.barcode })
      .from(eventUnits)
      .where(eq(eventUnits.eventId, recorded[0]!.id));
    expect(units.map((unit) => unit.barcode).sort()).toEqual(
      ['=34717-7-a-01', '_34717-111', 'P420001', 'P420002', 'P420003'].sort(),
    );

    // A replay answers the stored answer and writes nothing more.
    const replay = (await deconsolidate(otherWorker, '=34717-7-a-01', operationId)).json();
    expect(replay).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.OperationObject).toEqual(body.OperationObject);
    expect(await deconsolidatedEvents('_34717-111')).toHaveLength(1);

    // Gone: the cell and the box answer 104, a new DELETE too.
    expectRefused(await getBox(worker, '=34717-7-a-01'), 104);
    expectRefused(await getBox(worker, '_34717-111'), 104);
    expectRefused(await deconsolidate(otherWorker, '=34717-7-a-01'), 104);

    // The stale move is refused; after a new scan the parcel is sorted.
    const target = await cellIdOf(worker, sc, '=34717-1-k-08');
    const stale = await worker.call('POST', '/sorting-api/move', {
      parcelId: seen.id,
      cellId: target,
    });
    expect(expectRefused(stale, 409)).toContain('P420001');
    const fresh = await worker.scan('P420001', zones.get(1)!);
    const moved = await worker.call('POST', '/sorting-api/move', {
      parcelId: fresh.id,
      cellId: target,
    });
    expect(moved.json(), moved.body).toMatchObject({ IsSuccess: true });

    // The vision history of an unpacked parcel names the deconsolidation.
    const vision = await worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: 'P420002',
    });
    expect(vision.json().OperationObject.visionFragments[0]).toMatchObject({
      kind: 'box.deconsolidated',
      boxNumber: 111,
      cellName: '7-a-01',
    });
  });

  it('lets one of two racing DELETEs of a cell unpack it; the other answers 104', async () => {
    const answers = await Promise.all([
      deconsolidate(worker, '=34717-7-a-02'),
      deconsolidate(otherWorker, '=34717-7-a-02'),
    ]);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.IsSuccess)).toHaveLength(1);
    expect(bodies.find((body) => !body.IsSuccess)).toMatchObject({ ErrorCode: 104 });
    expect(await deconsolidatedEvents('_34717-112')).toHaveLength(1);
  });
});
