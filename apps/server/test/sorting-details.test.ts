import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TParcelSticker, TVisionFragment } from '@sorting/contracts';
import { events, parcels } from '../src/db/schema.js';
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

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let foreignWorker: SortingClient;
let sc: number;
let sito: number;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
  sito = (await zoneIdsOf(worker, sc)).get(1) ?? 0;
});

afterAll(async () => {
  await context?.close();
});

async function parcelId(number: string): Promise<number> {
  const rows = await context.database.db
    .select({ id: parcels.id })
    .from(parcels)
    .where(eq(parcels.number, number));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`parcel ${number}`);
  return id;
}

async function countEvents(kind: string, parcelNumber?: string): Promise<number> {
  const rows = await context.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      parcelNumber === undefined
        ? eq(events.kind, kind)
        : and(eq(events.kind, kind), sql`${events.payload}->>'parcelNumber' = ${parcelNumber}`),
    );
  return rows[0]?.n ?? 0;
}

describe('measure and weight', () => {
  it('stores the measures, clears the flag and answers them by barcode', async () => {
    const before = await worker.scan('P100004', sito);
    expect(before).toMatchObject({ isNeedMeasure: true, isNeedWeight: true });
    const measured = await worker.call('POST', '/sorting-api/parcels/measure', {
      height: 12.5,
      width: 20,
      length: '30',
      parcelId: before.id,
    });
    expect(measured.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { height: 12.5, width: 20, length: 30, weight: null },
    });
    const weighed = await worker.call('POST', '/sorting-api/parcels/weight', {
      weight: Math.round(1.2346 * 1000),
      parcelId: before.id,
    });
    expect(weighed.json()).toMatchObject({ IsSuccess: true, OperationObject: { weight: 1235 } });
    const after = await worker.scan('P100004', sito);
    expect(after).toMatchObject({ isNeedMeasure: false, isNeedWeight: false });
    const measures = await worker.call('GET', '/sortingsystem-api/Parcels/P100004/measures');
    expect(measures.json().OperationObject).toEqual({
      height: 12.5,
      width: 20,
      length: 30,
      weight: 1235,
    });
    expect(await countEvents('parcel.measured', 'P100004')).toBe(1);
    expect(await countEvents('parcel.weighed', 'P100004')).toBe(1);
  });

  it('refuses a weight of 0 or less (f-0027) and measures that are not positive', async () => {
    const id = await parcelId('P100010');
    for (const weight of [0, -5, 0.4]) {
      const response = await worker.call('POST', '/sorting-api/parcels/weight', {
        weight,
        parcelId: id,
      });
      expectRefused(response, 422);
    }
    const flat = await worker.call('POST', '/sorting-api/parcels/measure', {
      height: 0,
      width: 10,
      length: 10,
      parcelId: id,
    });
    expectRefused(flat, 422);
    expect((await worker.scan('P100010', sito)).isNeedWeight).toBe(true);
    const notNumber = await worker.call('POST', '/sorting-api/parcels/weight', {
      weight: 'heavy',
      parcelId: id,
    });
    expect(notNumber.statusCode).toBe(400);
  });

  it('answers 104 for an unknown parcel id, 404 for an unknown barcode, 403 elsewhere', async () => {
    expectRefused(
      await worker.call('POST', '/sorting-api/parcels/weight', { weight: 100, parcelId: 999999 }),
      104,
    );
    expectRefused(await worker.call('GET', '/sortingsystem-api/Parcels/NOPE/measures'), 404);
    const forbidden = await foreignWorker.call('POST', '/sorting-api/parcels/weight', {
      weight: 100,
      parcelId: await parcelId('P100010'),
    });
    expect(forbidden.statusCode).toBe(403);
    const foreignMeasures = await foreignWorker.call(
      'GET',
      '/sortingsystem-api/Parcels/P100004/measures',
    );
    expect(foreignMeasures.statusCode).toBe(403);
  });

  it('a replayed weight answers the stored result and records one event', async () => {
    const id = await parcelId('P100010');
    const operationId = newOperationId();
    const first = await worker.call(
      'POST',
      '/sorting-api/parcels/weight',
      { weight: 800, parcelId: id },
      operationId,
    );
    const replay = await worker.call(
      'POST',
      '/sorting-api/parcels/weight',
      { weight: 800, parcelId: id },
      operationId,
    );
    expect(replay.json()).toMatchObject({ IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(first.json().OperationObject);
    expect(await countEvents('parcel.weighed', 'P100010')).toBe(1);
  });
});

describe('GET /sorting-api/dimension', () => {
  it('finds common and own-warehouse dimension types by barcode', async () => {
    const common = await worker.call('GET', '/sorting-api/dimension?barcode=DIM-S');
    expect(common.json().OperationObject).toMatchObject({
      Name: 'Короб S',
      Barcode: 'DIM-S',
      Length: 30,
      Width: 20,
      Height: 15,
      WarehouseCode: null,
      IsCommon: true,
    });
    const own = await worker.call('GET', '/sorting-api/dimension?barcode=DIM-PAL');
    expect(own.json().OperationObject).toMatchObject({ WarehouseCode: 'MSK-SC1', IsCommon: false });
    expect(
      (await foreignWorker.call('GET', '/sorting-api/dimension?barcode=DIM-PAL')).statusCode,
    ).toBe(403);
    expect(
      (await foreignWorker.call('GET', '/sorting-api/dimension?barcode=DIM-M')).json(),
    ).toMatchObject({ IsSuccess: true });
    expectRefused(await worker.call('GET', '/sorting-api/dimension?barcode=DIM-XXL'), 104);
    expect((await worker.call('GET', '/sorting-api/dimension')).statusCode).toBe(400);
  });
});

describe('sticker', () => {
  it('answers the parcel label print job payload in the asked language', async () => {
    const id = await parcelId('P100005');
    const en = await worker.call('GET', `/sorting-api/Parcels/${id}/sticker?lang=en`);
    const sticker = en.json().OperationObject as TParcelSticker;
    expect(sticker.barcodeName).toBe('parcel');
    expect(sticker.barcodeData).toContainEqual({ name: 'barcode', value: 'P100005' });
    expect(sticker.barcodeData).toContainEqual({ name: 'route', value: 'Route R-101' });
    expect(sticker.barcodeData).toContainEqual({
      name: 'destination',
      value: 'Destination Казань',
    });
    const ru = await worker.call('GET', `/sorting-api/Parcels/${id}/sticker`);
    expect(ru.json().OperationObject.barcodeData).toContainEqual({
      name: 'route',
      value: 'Маршрут R-101',
    });
    expect(
      (await worker.call('GET', `/sorting-api/Parcels/${id}/sticker?lang=de`)).statusCode,
    ).toBe(400);
    expectRefused(await worker.call('GET', '/sorting-api/Parcels/999999/sticker'), 104);
    expect((await foreignWorker.call('GET', `/sorting-api/Parcels/${id}/sticker`)).statusCode).toBe(
      403,
    );
  });

  it('marks the sticker printed', async () => {
    expect((await worker.scan('P100005', sito)).isNeedStickerPrint).toBe(true);
    const id = await parcelId('P100005');
    const printed = await worker.call('PUT', `/sorting-api/Parcels/${id}/sticker_printed`);
    expect(printed.json()).toMatchObject({ IsSuccess: true });
    expect((await worker.scan('P100005', sito)).isNeedStickerPrint).toBe(false);
    expect(await countEvents('parcel.stickerPrinted', 'P100005')).toBe(1);
    expectRefused(await worker.call('PUT', '/sorting-api/Parcels/999999/sticker_printed'), 104);
  });
});

describe('attention and damage', () => {
  it('deletes the attention flag after the damage check and records the report', async () => {
    const parcel = await worker.scan('P100006', sito);
    expect(parcel.attentionMessage).toBe('Упаковка вскрыта, проверьте содержимое');
    const damaged = await worker.call('PUT', `/sorting-api/parcels/${parcel.id}/damage`, {
      Comment: 'Вмятина на углу',
    });
    expect(damaged.json()).toMatchObject({ IsSuccess: true });
    const cleared = await worker.call('DELETE', `/sorting-api/parcels/${parcel.id}/attention`);
    expect(cleared.json()).toMatchObject({ IsSuccess: true });
    expect((await worker.scan('P100006', sito)).attentionMessage).toBeNull();
    const [row] = await context.database.db
      .select({ isDamaged: parcels.isDamaged, damageComment: parcels.damageComment })
      .from(parcels)
      .where(eq(parcels.id, parcel.id));
    expect(row).toEqual({ isDamaged: true, damageComment: 'Вмятина на углу' });
    expectRefused(await worker.call('DELETE', '/sorting-api/parcels/999999/attention'), 104);
    expectRefused(
      await worker.call('PUT', '/sorting-api/parcels/999999/damage', { Comment: 'x' }),
      104,
    );
    const forbidden = await foreignWorker.call('PUT', `/sorting-api/parcels/${parcel.id}/damage`, {
      Comment: 'x',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('POST /sortingsystem-api/documents/inbound/arrive', () => {
  it('answers the acceptance report and records the arrival once', async () => {
    const url = `/sortingsystem-api/documents/inbound/arrive?barcode=${encodeURIComponent('.69.IN-0001')}`;
    const first = await worker.call('POST', url);
    expect(first.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { detailsQuantity: 8, name: 'ООО «Автодеталь»', inboundNumber: 'IN-0001' },
    });
    const again = await worker.call('POST', url);
    expect(again.json().OperationObject).toEqual(first.json().OperationObject);
    expect(await countEvents('inbound.arrived')).toBe(1);
    expectRefused(
      await worker.call('POST', '/sortingsystem-api/documents/inbound/arrive?barcode=.69.NOPE'),
      104,
    );
    expect((await foreignWorker.call('POST', url)).statusCode).toBe(403);
  });
});

describe('ContainerAccounting', () => {
  it('finds and moves a returnable box to a cell or another location', async () => {
    const found = await worker.call('GET', '/sorting-api/ContainerAccounting?barcode=_R34717-1');
    expect(found.json().OperationObject).toMatchObject({
      Number: 1,
      Barcode: '_R34717-1',
      LengthCm: 60,
      CurrentLocationName: null,
    });
    const moved = await worker.call('POST', '/sorting-api/ContainerAccounting/move', {
      ContainerBarcode: '_R34717-1',
      ExternalBarcode: 'EXT-777',
      LocationCode: '=34717-1-b-01',
      LocationName: '',
    });
    expect(moved.json().OperationObject).toMatchObject({
      CurrentLocationName: '1-b-01',
      CurrentLocationCode: '=34717-1-b-01',
      ExternalBarcode: 'EXT-777',
    });
    const toGate = await worker.call('POST', '/sorting-api/ContainerAccounting/move', {
      ContainerBarcode: '_R34717-1',
      ExternalBarcode: null,
      LocationCode: 'GATE-3',
      LocationName: 'Ворота 3',
    });
    expect(toGate.json().OperationObject).toMatchObject({ CurrentLocationName: 'Ворота 3' });
    const after = await worker.call('GET', '/sorting-api/ContainerAccounting?barcode=_R34717-1');
    expect(after.json().OperationObject).toMatchObject({ CurrentLocationCode: 'GATE-3' });

    expectRefused(
      await worker.call('POST', '/sorting-api/ContainerAccounting/move', {
        ContainerBarcode: '_R34717-1',
        LocationCode: '=1201-1-a-01',
      }),
      304,
    );
    expectRefused(await worker.call('GET', '/sorting-api/ContainerAccounting?barcode=_NOPE'), 104);
    expectRefused(
      await worker.call('POST', '/sorting-api/ContainerAccounting/move', {
        ContainerBarcode: '_NOPE',
        LocationCode: 'GATE-3',
      }),
      104,
    );
    const forbidden = await foreignWorker.call(
      'GET',
      '/sorting-api/ContainerAccounting?barcode=_R34717-1',
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('POST /vision-api/v1/{warehouse}/VisionFragment/boxes', () => {
  it('answers the history of a parcel and of its box, newest first', async () => {
    const parcel = await worker.scan('P100001', sito);
    const moved = await worker.call('POST', '/sorting-api/move', {
      parcelId: parcel.id,
      cellId: parcel.cells[0]?.id,
    });
    expect(moved.json()).toMatchObject({ IsSuccess: true });
    await worker.call('PUT', `/sorting-api/parcels/${parcel.id}/damage`, { Comment: 'Мокрый' });

    const history = await worker.call('POST', '/vision-api/v1/34717/VisionFragment/boxes', {
      barcode: 'P100001',
    });
    const fragments = history.json().OperationObject.visionFragments as TVisionFragment[];
    expect(fragments.map((f) => f.kind)).toEqual(['parcel.damaged', 'parcel.moved']);
    expect(fragments[1]).toMatchObject({
      userName: 'Иванов Пётр',
      warehouseNumber: 34717,
      parcelNumber: 'P100001',
      boxNumber: 1,
      cellName: '1-a-01',
    });
    expect(fragments[0]).toMatchObject({ comment: 'Мокрый' });

    const byCode = await worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: '_34717-1',
    });
    expect(byCode.json().OperationObject.visionFragments[0]).toMatchObject({
      kind: 'parcel.moved',
      parcelNumber: 'P100001',
    });
    // A known unit without history answers an empty history; an unknown one 104.
    const quiet = await worker.call('POST', '/vision-api/v1/34717/VisionFragment/boxes', {
      barcode: '_34717-5',
    });
    expect(quiet.json().OperationObject).toEqual({ visionFragments: [] });
    expectRefused(
      await worker.call('POST', '/vision-api/v1/34717/VisionFragment/boxes', { barcode: 'NOPE' }),
      104,
    );
    const forbidden = await foreignWorker.call(
      'POST',
      '/vision-api/v1/34717/VisionFragment/boxes',
      {
        barcode: 'P100001',
      },
    );
    expect(forbidden.statusCode).toBe(403);
  });
});
