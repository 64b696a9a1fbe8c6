import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReturnableBox, TReturnableBoxSticker } from '@sorting/contracts';
import { DEMO_RETURNABLE_BOXES } from '../src/db/demo-data.js';
import { events, returnableBoxes } from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import {
  BADGES,
  expectRefused,
  newOperationId,
  signInClient,
  type SortingClient,
} from './sorting-client.js';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp();
  // The warehouse comes from each user's default warehouse, not from the request.
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => 0);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
});

afterAll(async () => {
  await context?.close();
});

async function listOf(client: SortingClient): Promise<TReturnableBox[]> {
  const response = await client.call('GET', '/sorting-api/containerAccounting/all');
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  return body.OperationObject as TReturnableBox[];
}

async function createReturnable(count: number): Promise<TReturnableBox[]> {
  const response = await worker.call(
    'POST',
    '/sorting-api/boxes/create',
    { Count: count, LengthCm: 50, WidthCm: 35, HeightCm: 25, IsReturnable: true },
    newOperationId(),
  );
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  return body.OperationObject as TReturnableBox[];
}

function deleteBox(client: SortingClient, barcode: string, operationId?: string) {
  return client.call(
    'DELETE',
    `/sorting-api/containerAccounting?barcode=${encodeURIComponent(barcode)}`,
    undefined,
    operationId,
  );
}

async function deletedEventsOf(barcode: string): Promise<number> {
  const rows = await context.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.kind, 'container.deleted'),
        sql`${events.payload}->>'containerBarcode' = ${barcode}`,
      ),
    );
  return rows[0]?.n ?? 0;
}

const seededOf = (warehouseNumber: number) =>
  DEMO_RETURNABLE_BOXES.filter((box) => box.warehouseNumber === warehouseNumber);

describe('GET /sorting-api/containerAccounting/all', () => {
  it("lists the boxes of the user's warehouse, number descending, with their locations", async () => {
    const boxes = await listOf(worker);
    const seeded = seededOf(34717);
    expect(boxes.map((box) => box.Barcode)).toEqual(
      [...seeded].sort((a, b) => b.number - a.number).map((box) => box.barcode),
    );
    expect(boxes.find((box) => box.Barcode === '_R34717-4')).toMatchObject({
      Number: 4,
      LengthCm: 40,
      WidthCm: 30,
      HeightCm: 20,
      CurrentLocationName: 'Ворота 1',
      CurrentLocationCode: 'GATE-1',
    });
    expect(Number.isNaN(Date.parse(boxes[0]?.ChangeDate ?? ''))).toBe(false);
    // Another centre's boxes are not in it; its own worker sees only those.
    expect(boxes.some((box) => box.Barcode.startsWith('_R1201-'))).toBe(false);
    expect((await listOf(foreignWorker)).map((box) => box.Barcode)).toEqual(
      seededOf(1201).map((box) => box.barcode),
    );
  });

  it('needs a session', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/sorting-api/containerAccounting/all',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /sorting-api/containerAccounting', () => {
  it('removes a box from the registry once, under retry, and records who did it', async () => {
    const [box] = await createReturnable(1);
    const barcode = box!.Barcode;
    const operationId = newOperationId();
    const first = await deleteBox(worker, barcode, operationId);
    expect(first.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: { Barcode: barcode, Number: box!.Number },
    });
    // The same action retried (lost answer): the stored answer, nothing done twice.
    const retry = await deleteBox(worker, barcode, operationId);
    expect(retry.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(retry.json().OperationObject).toEqual(first.json().OperationObject);
    expect(await deletedEventsOf(barcode)).toBe(1);

    expect((await listOf(worker)).some((item) => item.Barcode === barcode)).toBe(false);
    // A new delete of the deleted box is 104 with the barcode; it cannot be found or moved.
    expect(expectRefused(await deleteBox(otherWorker, barcode, newOperationId()), 104)).toContain(
      barcode,
    );
    expectRefused(
      await worker.call('GET', `/sorting-api/ContainerAccounting?barcode=${barcode}`),
      104,
    );
    expectRefused(
      await worker.call('POST', '/sorting-api/ContainerAccounting/move', {
        ContainerBarcode: barcode,
        LocationCode: '=34717-1-a-09',
      }),
      104,
    );
    expectRefused(
      await worker.call('GET', `/sorting-api/containerAccounting/sticker?barcode=${barcode}`),
      104,
    );
    expect(await deletedEventsOf(barcode)).toBe(1);
  });

  it('never gives a deleted number again: create → delete the last → create', async () => {
    const [last] = await createReturnable(1);
    expect((await deleteBox(worker, last!.Barcode, newOperationId())).json()).toMatchObject({
      IsSuccess: true,
    });
    const [next] = await createReturnable(1);
    expect(next!.Number).toBe(last!.Number + 1);
    expect(next!.Barcode).not.toBe(last!.Barcode);
    expect((await listOf(worker))[0]?.Number).toBe(next!.Number);
  });

  it('refuses an unknown barcode with 104 naming it, and a malformed request with 400', async () => {
    const message = expectRefused(await deleteBox(worker, '_R34717-999', newOperationId()), 104);
    expect(message).toContain('_R34717-999');
    const missing = await worker.call('DELETE', '/sorting-api/containerAccounting');
    expect(missing.statusCode).toBe(400);
  });

  it("refuses another centre's box and changes nothing", async () => {
    const response = await deleteBox(foreignWorker, '_R34717-2', newOperationId());
    expect(response.statusCode).toBe(403);
    const rows = await context.database.db
      .select({ deletedAt: returnableBoxes.deletedAt })
      .from(returnableBoxes)
      .where(eq(returnableBoxes.barcode, '_R34717-2'));
    expect(rows[0]?.deletedAt).toBeNull();
    expect((await listOf(worker)).some((box) => box.Barcode === '_R34717-2')).toBe(true);
  });
});

describe('GET /sorting-api/containerAccounting/sticker', () => {
  it('answers the returnable-box label: barcode, number and LxWxH', async () => {
    const response = await worker.call(
      'GET',
      '/sorting-api/containerAccounting/sticker?barcode=_R34717-4',
    );
    expect(response.json()).toMatchObject({ IsSuccess: true });
    const sticker = response.json().OperationObject as TReturnableBoxSticker;
    expect(sticker).toEqual({
      barcodeName: 'returnable-box',
      barcodeData: [
        { name: 'barcode', value: '_R34717-4' },
        { name: 'number', value: '4' },
        { name: 'dims', value: '40x30x20' },
      ],
    });
  });

  it("refuses an unknown box with 104 and another centre's box with 403", async () => {
    expectRefused(
      await worker.call('GET', '/sorting-api/containerAccounting/sticker?barcode=_NOPE'),
      104,
    );
    const foreign = await foreignWorker.call(
      'GET',
      '/sorting-api/containerAccounting/sticker?barcode=_R34717-1',
    );
    expect(foreign.statusCode).toBe(403);
  });
});
