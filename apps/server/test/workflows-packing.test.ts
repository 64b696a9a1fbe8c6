import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxes, events, parcels } from '../src/db/schema.js';
import { newOperationId } from './sorting-client.js';
import {
  processCall,
  runKeepingVersions,
  useWorkflowTestApp,
  workflowDriver,
} from './workflow-client.js';

// Packing (docs/DECISIONS.md "Packing"; spec part 1 §1, §3, §4, §5): order ORD-0301 of the demo
// seed (demo-packing-data.ts, its three parts picked for OUT-0301) packed into a DIM-S and a DIM-M
// package (sorting boxes numbered from the box sequence), each weighed, closed and labelled
// «1/2»; refusals write nothing; a replayed call answers isRepeat.

const setup = useWorkflowTestApp();
const db = () => setup.context.database.db;
const ORDER = ['P480001', 'P480002', 'P480003'];

async function orderParcels() {
  return db()
    .select({ number: parcels.number, boxId: parcels.boxId })
    .from(parcels)
    .where(inArray(parcels.number, ORDER))
    .orderBy(asc(parcels.number));
}

async function packedEvents() {
  return db()
    .select({ payload: events.payload })
    .from(events)
    .where(eq(events.kind, 'package.packed'))
    .orderBy(asc(events.id));
}

/** What a refusal must leave alone: runs, steps, events, boxes, and where the order's items lie. */
async function snapshot() {
  return { ...(await setup.snapshot()), items: await orderParcels() };
}

function fields(job: { barcodeData: { name: string; value: string }[] } | undefined) {
  return Object.fromEntries((job?.barcodeData ?? []).map((d) => [d.name, d.value]));
}

describe('packing (/packing)', () => {
  it('packs ORD-0301 into DIM-S and DIM-M, weighs both and prints their labels', async () => {
    const flow = workflowDriver(setup.worker, 'packing');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitWorkplace',
      prompt: { key: 'packingWorkplace' },
    });
    const what = await flow.accept({ code: 'WorkplaceSelected', barcode: '=34717-WP-02' });
    expect(what.currentState).toMatchObject({
      code: 'PackingWaitWhat',
      expects: ['parcel', 'sku'],
      prompt: { key: 'packingWhat' },
    });
    expect(what.items.map((i) => i.barcode)).toEqual(ORDER);

    // Goods matching nothing ready: ErrorCode 1 «Товар не найден в задании», nothing written.
    const beforeNone = await snapshot();
    const none = await flow.send({ code: 'BarcodeScanned', barcode: 'A 000 180 26 09' });
    expect(none.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(none.envelope.message).toBe('Товар не найден в задании');
    expect(await snapshot()).toEqual(beforeNone);
    // A parcel of no order ready to pack (OUT-0201's, still in its box): refused.
    const notReady = await flow.send({ code: 'BarcodeScanned', barcode: 'P460101' });
    expect(notReady.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeNone);

    // The Daimler part by its label as typed: its order opens, a size is asked.
    const size = await flow.scan('A 000 420 12 20');
    expect(size.currentState).toMatchObject({
      code: 'WaitContainerSize',
      expects: ['dt', 'container'],
      prompt: { key: 'packingSize', params: { order: 'ORD-0301', place: 1 } },
      options: { canSkip: true },
    });
    expect(size.items.map((i) => i.barcode)).toEqual(expect.arrayContaining(['DIM-S', 'DIM-M']));
    expect(size.items.every((i) => i.kind === 'dt')).toBe(true);

    const small = await flow.scan('DIM-S');
    expect(small.currentState).toMatchObject({
      code: 'WaitItem',
      expects: ['parcel', 'sku', 'dt', 'container'],
      prompt: { key: 'packingItem', params: { order: 'ORD-0301', place: 1, size: 'Короб S' } },
      options: { canCompleteTask: true, count: null },
    });
    const sBox = small.currentState.prompt.params.number as number;
    expect(sBox).toBeGreaterThan(244);
    const [sRow] = await db().select().from(boxes).where(eq(boxes.number, sBox));
    expect(sRow).toMatchObject({ lengthCm: 30, widthCm: 20, heightCm: 15, isClosed: false });

    // A new size while the package is empty: refused, nothing written.
    const beforeEmpty = await snapshot();
    const empty = await flow.send({ code: 'BarcodeScanned', barcode: 'DIM-M' });
    expect(empty.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeEmpty);
    // Another order's parcel: refused.
    const other = await flow.send({ code: 'BarcodeScanned', barcode: 'P460102' });
    expect(other.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeEmpty);

    // P480001 by its number; replayed under its operation id: isRepeat, nothing twice.
    const operationId = newOperationId();
    const claim = flow.state;
    const packed = await flow.send({ code: 'BarcodeScanned', barcode: 'P480001' }, operationId);
    expect(packed.envelope).toMatchObject({ isSuccess: true, isRepeat: false });
    expect(packed.answer.result.notification?.content).toBe(
      'Daimler AG A0004201220: упаковано 1 из 3',
    );
    const afterPacked = await snapshot();
    const replay = await processCall(
      setup.worker,
      'packing',
      claim,
      { code: 'BarcodeScanned', barcode: 'P480001' },
      operationId,
    );
    expect(replay.envelope).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(await snapshot()).toEqual(afterPacked);
    expect((await orderParcels())[0]?.boxId).toBe(sRow!.id);
    // Already packed: refused.
    const again = await flow.send({ code: 'BarcodeScanned', barcode: 'P480001' });
    expect(again.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });

    // ItemReverted takes it out, then it goes back in.
    const reverted = await flow.accept({
      code: 'ItemReverted',
      itemId: packed.answer.items[0]!.itemId,
    });
    expect(reverted.items[0]).toMatchObject({ barcode: 'P480001', state: 'waiting' });
    expect((await orderParcels())[0]?.boxId).toBeNull();
    await flow.scan('P480001');

    // DIM-M opens the second package.
    const medium = await flow.scan('DIM-M');
    expect(medium.currentState.prompt).toMatchObject({
      key: 'packingItem',
      params: { place: 2, size: 'Короб M', left: 2 },
    });
    const mBox = medium.currentState.prompt.params.number as number;
    expect(mBox).toBe(sBox + 1);

    // The two oil filters by their shared number: how many? Over the count is refused.
    const filters = await flow.scan('1651081420');
    expect(filters.currentState).toMatchObject({
      code: 'WaitItem',
      prompt: { key: 'packingPick' },
      options: { count: { min: 1, max: 2 } },
    });
    expect(filters.items.filter((i) => i.isCurrent).map((i) => i.barcode)).toEqual([
      'P480002',
      'P480003',
    ]);
    expect(filters.items[1]?.stock).toMatchObject({ maker: 'Suzuki', parcelNumber: '16510-81420' });
    const beforeOver = await snapshot();
    const over = await flow.send({ code: 'CountSelected', count: 3 });
    expect(over.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeOver);
    const outOfRange = await flow.send({ code: 'CountSelected', count: 0 });
    expect(outOfRange.status).toBe(400);
    expect(await snapshot()).toEqual(beforeOver);

    // Both packed: every item in, WaitConfirm.
    const confirm = await flow.accept({ code: 'CountSelected', count: 2 });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { key: 'packingConfirm', params: { order: 'ORD-0301', left: 0, packages: 2 } },
    });
    const [mRow] = await db().select().from(boxes).where(eq(boxes.number, mBox));
    expect((await orderParcels()).map((p) => p.boxId)).toEqual([sRow!.id, mRow!.id, mRow!.id]);

    const weigh = await flow.accept({ code: 'ConfirmItem', itemId: 'all' });
    expect(weigh.currentState).toMatchObject({
      code: 'WaitSizeAndPrint',
      prompt: {
        key: 'packingWeight',
        params: { place: '1/2', number: sBox, lengthCm: 30, widthCm: 20, heightCm: 15 },
      },
    });
    const measure = { lengthCm: 30, widthCm: 20, heightCm: 15 };
    // Weight ≤ 0 or over 1,000,000 g: a bad request, nothing written; missing: refused.
    const beforeWeight = await snapshot();
    for (const weightGrams of [0, -5, 1_000_001]) {
      const bad = await flow.send({
        code: 'ConfirmItem',
        itemId: String(sRow!.id),
        measure: { ...measure, weightGrams },
      });
      expect(bad.status).toBe(400);
    }
    const missing = await flow.send({ code: 'ConfirmItem', itemId: String(sRow!.id), measure });
    expect(missing.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeWeight);

    const first = await flow.accept({
      code: 'ConfirmItem',
      itemId: String(sRow!.id),
      measure: { ...measure, weightGrams: 1250 },
    });
    expect(first.currentState.prompt.params).toMatchObject({ place: '2/2', number: mBox });
    expect(first.result.print).toHaveLength(1);
    expect(first.result.print[0]?.barcodeName).toBe('box');
    expect(fields(first.result.print[0])).toEqual({
      barcode: sRow!.barcode,
      number: `${sBox} (1/2)`,
      client: 'ORD-0301 · 1/2',
      dims: '30×20×15',
    });
    const second = await flow.accept({
      code: 'ConfirmItem',
      itemId: String(mRow!.id),
      measure: { lengthCm: 40, widthCm: 30, heightCm: 25, weightGrams: 800 },
    });
    expect(second.currentState.code).toBe('PackingWaitWhat');
    expect(second.result.notification?.content).toBe('Заказ ORD-0301 упакован');
    expect(fields(second.result.print[0])).toMatchObject({
      barcode: mRow!.barcode,
      client: 'ORD-0301 · 2/2',
    });
    const closed = await db()
      .select({ isClosed: boxes.isClosed })
      .from(boxes)
      .where(inArray(boxes.id, [sRow!.id, mRow!.id]));
    expect(closed.every((b) => b.isClosed)).toBe(true);
    expect((await packedEvents()).map((e) => e.payload)).toMatchObject([
      { orderNumber: 'ORD-0301', place: '1/2', weightGrams: 1250, parcelNumbers: ['P480001'] },
      {
        orderNumber: 'ORD-0301',
        place: '2/2',
        weightGrams: 800,
        parcelNumbers: ['P480002', 'P480003'],
      },
    ]);
    // The order is packed: no longer ready.
    expect(second.items.map((i) => i.barcode)).not.toContain('P480001');
    const gone = await flow.send({ code: 'BarcodeScanned', barcode: 'P480002' });
    expect(gone.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    await flow.send({ code: 'Closed' });
  });

  it('TaskCompleted with items left: WaitConfirm, then the packed package only', async () => {
    // Put ORD-0301 back as picked and in no box (the first test packed it).
    await db()
      .update(parcels)
      .set({ boxId: null })
      .where(and(inArray(parcels.number, ORDER)));
    const flow = workflowDriver(setup.worker, 'packing');
    await flow.accept();
    await flow.accept({ code: 'WorkplaceSelected', barcode: '=34717-WP-02' });
    await flow.scan('P480002');
    const item = await flow.scan('DIM-S');
    // Nothing packed yet: TaskCompleted refused.
    const beforeNothing = await snapshot();
    const nothing = await flow.send({ code: 'TaskCompleted' });
    expect(nothing.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeNothing);
    expect(item.currentState.code).toBe('WaitItem');
    await flow.scan('P480002');
    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { params: { left: 2, packages: 1 } },
    });
    const back = await flow.accept({ code: 'SkipClick' });
    expect(back.currentState.code).toBe('WaitItem');
    await flow.accept({ code: 'TaskCompleted' });
    const weigh = await flow.accept({ code: 'ConfirmItem', itemId: 'all' });
    expect(weigh.currentState.prompt.params).toMatchObject({ place: '1/1' });
    const done = await flow.accept({
      code: 'ConfirmItem',
      itemId: weigh.items[0]!.itemId,
      measure: { lengthCm: 30, widthCm: 20, heightCm: 15, weightGrams: 400 },
    });
    expect(done.currentState.code).toBe('PackingWaitWhat');
    expect(done.items.map((i) => i.barcode)).toEqual(['P480001', 'P480003']);
    await flow.send({ code: 'Closed' });
  });
});

describe('packing under any sequence of actions', () => {
  it('never answers 5xx; a refusal keeps the run, an accepted step raises its version by one', async () => {
    const barcode = fc.oneof(
      fc.constantFrom(
        '=34717-WP-02',
        'P480001',
        'P480003',
        '1651081420',
        'DIM-S',
        'DIM-M',
        'P460101',
        '_34717-163',
        'nothing-at-all',
      ),
      fc.string({ minLength: 0, maxLength: 210 }),
    );
    const action = fc.oneof(
      barcode.map((b) => ({ code: 'BarcodeScanned', barcode: b })),
      barcode.map((b) => ({ code: 'WorkplaceSelected', barcode: b })),
      fc.integer({ min: -1, max: 60 }).map((count) => ({ code: 'CountSelected', count })),
      fc.string({ maxLength: 8 }).map((itemId) => ({ code: 'ItemReverted', itemId })),
      fc.record({
        code: fc.constant('ConfirmItem'),
        itemId: fc.constantFrom('all', '1'),
        measure: fc.record({
          lengthCm: fc.double({ min: -1, max: 2000, noNaN: true }),
          widthCm: fc.double({ min: 0.1, max: 100, noNaN: true }),
          heightCm: fc.double({ min: 0.1, max: 100, noNaN: true }),
          weightGrams: fc.integer({ min: -5, max: 2_000_000 }),
        }),
      }),
      fc.constantFrom(
        { code: 'SkipClick' },
        { code: 'TaskCompleted' },
        { code: 'Refresh' },
        { code: 'Closed' },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        await runKeepingVersions(workflowDriver(setup.worker, 'packing'), actions);
      }),
      { numRuns: 12 },
    );
  });
});
