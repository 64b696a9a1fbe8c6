import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventUnits, events, inboundPlaces, inbounds, parcels } from '../src/db/schema.js';
import { newOperationId } from './sorting-client.js';
import {
  processCall,
  runKeepingVersions,
  useWorkflowTestApp,
  workflowDriver,
} from './workflow-client.js';

// Receipt of cargo (docs/DECISIONS.md "Receipt of cargo"; spec part 1 §1, §3, §4, §5, §7; part 2
// §4): supply IN-0201 of the demo seed (demo-receipt-data.ts) received place by place, a count
// discrepancy with its reason, measures of a place without them, stickering through stock
// matching; refusals write nothing; a replayed call answers isRepeat.

const setup = useWorkflowTestApp();
const db = () => setup.context.database.db;

async function supply() {
  const [row] = await db().select().from(inbounds).where(eq(inbounds.number, 'IN-0201'));
  return row!;
}

async function places() {
  return db()
    .select({
      barcode: inboundPlaces.barcode,
      receivedCount: inboundPlaces.receivedCount,
      reason: inboundPlaces.reason,
      lengthCm: inboundPlaces.lengthCm,
      weightGrams: inboundPlaces.weightGrams,
      isMissing: inboundPlaces.isMissing,
    })
    .from(inboundPlaces)
    .where(eq(inboundPlaces.inboundId, (await supply()).id))
    .orderBy(asc(inboundPlaces.barcode));
}

async function stickered(numbers: string[]) {
  const rows = await db()
    .select({
      number: parcels.number,
      at: parcels.detailStickeredAt,
      isReceipted: parcels.isReceipted,
    })
    .from(parcels)
    .where(inArray(parcels.number, numbers))
    .orderBy(asc(parcels.number));
  return rows.map((row) => ({
    number: row.number,
    isStickered: row.at !== null,
    isReceipted: row.isReceipted,
  }));
}

/** What a refusal must leave alone: the runs, steps, events, the supply and its places. */
async function snapshot() {
  return { ...(await setup.snapshot()), supply: await supply(), places: await places() };
}

describe('receipt of cargo (/receipt-cargo)', () => {
  it('receives IN-0201 place by place, then stickers its goods', async () => {
    const flow = workflowDriver(setup.worker, 'receipt-cargo');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitWorkplace',
      prompt: { key: 'receiptWorkplace' },
    });

    // An unknown workplace: refused, nothing written.
    const before = await snapshot();
    const unknown = await flow.send({ code: 'WorkplaceSelected', barcode: '=34717-WP-99' });
    expect(unknown.envelope).toMatchObject({ isSuccess: false, errorCode: 104 });
    expect(unknown.envelope.message).toBe('Рабочее место =34717-WP-99 не найдено');
    expect(unknown.answer.currentState).toEqual(start.currentState);
    expect(await snapshot()).toEqual(before);

    const tasks = await flow.accept({ code: 'WorkplaceSelected', barcode: '=34717-WP-01' });
    expect(tasks.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'receiptTask', params: { workplace: 'Приёмка, стол 1' } },
    });
    const task = tasks.tasks.find((t) => t.title === 'IN-0201');
    expect(task).toMatchObject({ total: 2, done: 0, subtitle: 'ООО «АвтоИмпорт»' });
    // Supplies arrived or expected but without places are not receipt tasks.
    expect(tasks.tasks.map((t) => t.title)).toEqual(['IN-0201']);

    // The `.69.` report selects its supply.
    const item = await flow.scan('.69.IN-0201');
    expect(item.currentState).toMatchObject({
      code: 'WaitItem',
      expects: ['cargo_unit'],
      prompt: { key: 'receiptPlace', params: { task: 'IN-0201' } },
      options: { canCompleteTask: true },
    });
    expect(item.items.map((i) => [i.barcode, i.quantity, i.state])).toEqual([
      ['PL-0201-1', 3, 'waiting'],
      ['PL-0201-2', 2, 'waiting'],
    ]);

    // A goods label here is not a place: refused, nothing written.
    const beforeSku = await snapshot();
    const sku = await flow.send({ code: 'BarcodeScanned', barcode: 'ASZ-001' });
    expect(sku.envelope).toMatchObject({ isSuccess: false, errorCode: 104 });
    expect(await snapshot()).toEqual(beforeSku);

    // PL-0201-1: 3 expected, 2 counted → a reason.
    const count = await flow.scan('PL-0201-1');
    expect(count.currentState).toMatchObject({
      code: 'WaitCount',
      prompt: { key: 'receiptCount', params: { place: 'PL-0201-1', n: 3 } },
      options: { count: { min: 1, max: 50 } },
    });
    // A count outside the range is a bad request (400), nothing written.
    const beforeBad = await snapshot();
    const bad = await flow.send({ code: 'CountSelected', count: 0 });
    expect(bad.status).toBe(400);
    expect(await snapshot()).toEqual(beforeBad);

    const reason = await flow.accept({ code: 'CountSelected', count: 2 });
    expect(reason.currentState).toMatchObject({
      code: 'WaitReason',
      prompt: { key: 'receiptReason', params: { place: 'PL-0201-1', n: 3, count: 2 } },
      options: {
        reasons: [
          { code: 'shortage' },
          { code: 'surplus' },
          { code: 'damagedPackage' },
          { code: 'wrongGoods' },
        ],
      },
    });
    expect(reason.result.sounds).toEqual(['attention']);
    const listed = await flow.accept({ code: 'ShowReasonsSelected' });
    expect(listed.currentState.code).toBe('WaitReason');
    const beforeReason = await snapshot();
    const strange = await flow.send({ code: 'ReasonSelected', reasonCode: 'lost' });
    expect(strange.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeReason);
    expect((await supply()).state).toBe(1);

    // The place has measures: received at once; the supply arrives (1 → 5) by its first place.
    const received = await flow.accept({ code: 'ReasonSelected', reasonCode: 'shortage' });
    expect(received.result.notification).toEqual({
      status: 'success',
      content: 'Место PL-0201-1 принято: 2 дет.',
    });
    expect((await supply()).state).toBe(5);
    expect((await supply()).arrivedAt).not.toBeNull();
    // The place's history names who received it, how many and why (indexed under its barcode).
    const placeEvents = await db()
      .select({ kind: events.kind, payload: events.payload, userId: events.userId })
      .from(events)
      .innerJoin(eventUnits, eq(eventUnits.eventId, events.id))
      .where(and(eq(eventUnits.barcode, 'PL-0201-1'), eq(events.kind, 'inbound.placeReceived')));
    expect(placeEvents).toEqual([
      {
        kind: 'inbound.placeReceived',
        payload: expect.objectContaining({ count: 2, reason: 'shortage' }),
        userId: expect.any(Number),
      },
    ]);
    expect((await places())[0]).toMatchObject({
      barcode: 'PL-0201-1',
      receivedCount: 2,
      reason: 'shortage',
      weightGrams: 3200,
    });
    // Receipt leaves details waiting: sorting receives them (part 2 §4).
    expect((await stickered(['P460001']))[0]).toEqual({
      number: 'P460001',
      isStickered: false,
      isReceipted: false,
    });

    // IN-0201 needs stickering: the place's goods by their factory labels.
    expect(received.currentState).toMatchObject({
      code: 'WaitPickingSticker',
      expects: ['sku'],
      prompt: { key: 'receiptSticker', params: { place: 'PL-0201-1' } },
      options: { canSkip: true },
    });
    expect(received.items.map((i) => i.title)).toEqual([
      '09283-45012 · Suzuki',
      'ASZ-001 · Febest',
      'ASZ-001 · Febest',
    ]);

    // A label naming nothing of the place: ErrorCode 1 «Товар не найден в задании».
    const beforeNone = await snapshot();
    const none = await flow.send({ code: 'BarcodeScanned', barcode: 'A 000 180 26 09' });
    expect(none.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(none.envelope.message).toBe('Товар не найден в задании');
    expect(await snapshot()).toEqual(beforeNone);

    // A full match (the Suzuki number, spaced as its label has it): its label printed; the
    // detail is stickered only once the agent reports it (not by the step).
    const suzuki = await flow.scan('09283-45012-000  SUZUKI  Сальник');
    expect(suzuki.currentState.code).toBe('WaitPickingSticker');
    const [printed] = suzuki.result.print;
    expect(printed).toMatchObject({ barcodeName: 'inbound-detail', copies: 1 });
    expect(Object.fromEntries(printed!.barcodeData.map((d) => [d.name, d.value]))).toEqual({
      barcode: 'P460001',
      name: 'Сальник коленвала',
      number: '09283-45012',
      make: 'Suzuki',
      quantity: '1',
    });
    expect((await stickered(['P460001']))[0]?.isStickered).toBe(false);
    const mark = await setup.worker.call(
      'PUT',
      `/sortingsystem-api/documents/inbound/details/${printed!.inboundDetailId}/stickered`,
      undefined,
      newOperationId(),
    );
    expect(mark.statusCode).toBe(200);
    expect((await stickered(['P460001']))[0]?.isStickered).toBe(true);
    expect((await supply()).state).toBe(4);

    // The two Febest items of one number (by their shared factory barcode): the user picks one,
    // then how many stickers.
    const febest = await flow.scan('4607012340028');
    expect(febest.currentState.prompt.key).toBe('receiptPickGoods');
    expect(febest.items.map((i) => i.barcode)).toEqual(['P460002', 'P460003']);
    expect(febest.result.print).toEqual([]);
    const beforePick = await snapshot();
    const foreign = await flow.send({ code: 'ConfirmItem', itemId: '999999' });
    expect(foreign.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforePick);
    const picked = await flow.accept({ code: 'ConfirmItem', itemId: febest.items[1]!.itemId });
    expect(picked.currentState).toMatchObject({
      prompt: { key: 'receiptStickerCount', params: { number: 'ASZ-001' } },
      options: { count: { min: 1, max: 1 } },
    });
    const over = await flow.send({ code: 'StickerCountSelected', count: 2 });
    expect(over.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    const label = await flow.accept({ code: 'StickerCountSelected', count: 1 });
    expect(label.result.print).toMatchObject([
      {
        barcodeName: 'inbound-detail',
        copies: 1,
        inboundDetailId: Number(febest.items[1]!.itemId),
      },
    ]);

    // Skip: the rest of the place stays unstickered; PL-0201-2 next.
    const back = await flow.accept({ code: 'SkipClick' });
    expect(back.currentState.code).toBe('WaitItem');
    expect(back.items.map((i) => [i.barcode, i.state])).toEqual([
      ['PL-0201-1', 'done'],
      ['PL-0201-2', 'waiting'],
    ]);

    // A place already received answers `repeat` and changes nothing but the run's version.
    const beforeAgain = await places();
    const again = await flow.scan('PL-0201-1');
    expect(again.currentState.code).toBe('WaitItem');
    expect(again.result).toMatchObject({
      sounds: ['repeat'],
      notification: { status: 'info', content: 'Место PL-0201-1 уже принято' },
    });
    expect(await places()).toEqual(beforeAgain);

    // PL-0201-2 has no measures: WaitMeasurements; bad measures and a zero weight refused.
    await flow.scan('PL-0201-2');
    const measures = await flow.accept({ code: 'CountSelected', count: 2 });
    expect(measures.currentState).toMatchObject({
      code: 'WaitMeasurements',
      prompt: { key: 'receiptMeasures', params: { place: 'PL-0201-2' } },
    });
    const beforeMeasure = await snapshot();
    const noWeight = await flow.send({
      code: 'ConfirmItem',
      itemId: 'PL-0201-2',
      measure: { lengthCm: 50, widthCm: 40, heightCm: 30 },
    });
    expect(noWeight.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(noWeight.envelope.message).toBe('Вес должен быть больше нуля и не больше 1000 кг');
    const zero = await flow.send({
      code: 'ConfirmItem',
      itemId: 'PL-0201-2',
      measure: { lengthCm: 50, widthCm: 40, heightCm: 30, weightGrams: 0 },
    });
    expect(zero.status).toBe(400);
    const huge = await flow.send({
      code: 'ConfirmItem',
      itemId: 'PL-0201-2',
      measure: { lengthCm: 50_000, widthCm: 40, heightCm: 30, weightGrams: 100 },
    });
    expect(huge.status).toBe(400);
    // Part 1 §5: up to 10,000 cm a side; one centimetre more is refused.
    const overSide = await flow.send({
      code: 'ConfirmItem',
      itemId: 'PL-0201-2',
      measure: { lengthCm: 10_001, widthCm: 40, heightCm: 30, weightGrams: 100 },
    });
    expect(overSide.status).toBe(400);
    expect(await snapshot()).toEqual(beforeMeasure);

    // Replay of the accepted call under its operation id: isRepeat, nothing written twice.
    const operationId = newOperationId();
    const claim = flow.state;
    const measured = await flow.send(
      {
        code: 'ConfirmItem',
        itemId: 'PL-0201-2',
        measure: { lengthCm: 50, widthCm: 40.5, heightCm: 30, weightGrams: 4250 },
      },
      operationId,
    );
    expect(measured.envelope).toMatchObject({ isSuccess: true, isRepeat: false });
    const afterMeasured = await snapshot();
    const replay = await processCall(
      setup.worker,
      'receipt-cargo',
      claim,
      {
        code: 'ConfirmItem',
        itemId: 'PL-0201-2',
        measure: { lengthCm: 50, widthCm: 40.5, heightCm: 30, weightGrams: 4250 },
      },
      operationId,
    );
    expect(replay.envelope).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(await snapshot()).toEqual(afterMeasured);
    expect((await places())[1]).toMatchObject({
      barcode: 'PL-0201-2',
      receivedCount: 2,
      reason: null,
      lengthCm: 50,
      weightGrams: 4250,
    });

    // Daimler through its pattern (`A 000 180 26 09`), Depo with its region suffix.
    const daimler = await flow.scan('A0001802609');
    expect(daimler.result.print).toHaveLength(1);
    const depo = await flow.scan('212-1118L-LD-EM');
    expect(depo.result.print).toHaveLength(1);

    await flow.accept({ code: 'SkipClick' });
    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { key: 'receiptConfirm', params: { task: 'IN-0201', missing: 0 } },
    });
    expect(confirm.items).toEqual([]);
    const closed = await flow.accept({ code: 'ConfirmItem', itemId: 'all' });
    expect(closed.currentState.code).toBe('WaitTaskSelection');
    expect(closed.result.notification?.content).toBe('Приёмка IN-0201 закрыта');
    // The supply's state is the stickering's (4), untouched by the closing.
    expect((await supply()).state).toBe(4);
    expect(closed.tasks.map((t) => t.title)).toEqual([]);
  });
});

describe('receipt of cargo: counts above one, attention, places left missing', () => {
  it('offers items that may not be stickered at once, and closes with a place missing', async () => {
    // A supply of its own (arrived, needing stickering): a Suzuki item of count 3 and an item
    // with an attention message in its first place, a second place never received.
    const [warehouse] = await db()
      .select({ id: inbounds.warehouseId })
      .from(inbounds)
      .where(eq(inbounds.number, 'IN-0201'));
    const [own] = await db()
      .insert(inbounds)
      .values({
        warehouseId: warehouse!.id,
        number: 'IN-0299',
        senderName: 'ООО «Проверка»',
        acceptanceBarcode: '.69.IN-0299',
        state: 5,
        arrivedAt: new Date(),
        needsStickering: true,
      })
      .returning({ id: inbounds.id });
    const ownPlaces = await db()
      .insert(inboundPlaces)
      .values([
        {
          inboundId: own!.id,
          barcode: 'PL-0299-1',
          lengthCm: 10,
          widthCm: 10,
          heightCm: 10,
          weightGrams: 500,
        },
        { inboundId: own!.id, barcode: 'PL-0299-2' },
      ])
      .returning({ id: inboundPlaces.id });
    const detail = (number: string, values: Partial<typeof parcels.$inferInsert>) => ({
      warehouseId: warehouse!.id,
      number,
      name: number,
      sortingKey: 'SPB-01',
      sortingName: 'Санкт-Петербург',
      inboundId: own!.id,
      clientName: 'ООО «Проверка»',
      ...values,
    });
    await db()
      .insert(parcels)
      .values([
        detail('P469901', {
          inboundPlaceId: ownPlaces[0]!.id,
          makeName: 'Suzuki',
          detailNumber: '09160-10008',
          quantity: 3,
        }),
        detail('P469902', {
          inboundPlaceId: ownPlaces[0]!.id,
          makeName: 'Hella',
          detailNumber: '1K0-941',
          attentionMessage: 'Проверить комплектность',
        }),
        detail('P469903', {
          inboundPlaceId: ownPlaces[1]!.id,
          makeName: 'Depo',
          detailNumber: '212-1118L',
        }),
      ]);

    const flow = workflowDriver(setup.otherWorker, 'receipt-cargo');
    await flow.accept();
    const tasks = await flow.accept({ code: 'WorkplaceSelected', barcode: '=34717-WP-02' });
    const task = tasks.tasks.find((t) => t.title === 'IN-0299');
    expect(task).toMatchObject({ total: 2, done: 0 });

    // An unknown task id: refused, nothing written.
    const before = await snapshot();
    const unknown = await flow.send({ code: 'TaskSelected', taskId: '999999' });
    expect(unknown.envelope).toMatchObject({ isSuccess: false, errorCode: 104 });
    expect(await snapshot()).toEqual(before);

    // A place scanned while choosing opens its supply at that place.
    const count = await flow.scan('PL-0299-1');
    expect(count.currentState).toMatchObject({
      code: 'WaitCount',
      prompt: { params: { place: 'PL-0299-1', n: 4 } },
    });
    // The expected count needs no reason; the place has measures: received at once.
    const sticker = await flow.accept({ code: 'CountSelected', count: 4 });
    expect(sticker.currentState.code).toBe('WaitPickingSticker');

    // Count 3: identified but not stickered at once; the user confirms it and picks 3 copies.
    const suzuki = await flow.scan('0916010008');
    expect(suzuki.result.print).toEqual([]);
    expect(suzuki.currentState.prompt.key).toBe('receiptPickGoods');
    expect(suzuki.items.map((i) => i.barcode)).toEqual(['P469901']);
    const counted = await flow.accept({ code: 'ConfirmItem', itemId: suzuki.items[0]!.itemId });
    expect(counted.currentState.options.count).toEqual({ min: 1, max: 3 });
    const three = await flow.accept({ code: 'StickerCountSelected', count: 3 });
    expect(three.result.print).toMatchObject([{ barcodeName: 'inbound-detail', copies: 3 }]);

    // The attention item: offered, printed only once confirmed.
    const hella = await flow.scan('1K0-941');
    expect(hella.result.print).toEqual([]);
    expect(hella.items.map((i) => i.barcode)).toEqual(['P469902']);
    await flow.accept({ code: 'ConfirmItem', itemId: hella.items[0]!.itemId });
    const one = await flow.accept({ code: 'StickerCountSelected', count: 1 });
    expect(one.result.print).toMatchObject([{ copies: 1 }]);

    // A label of the other place's goods is not in this place.
    const other = await flow.send({ code: 'BarcodeScanned', barcode: '212-1118L' });
    expect(other.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });

    await flow.accept({ code: 'SkipClick' });
    const foreign = await flow.send({ code: 'BarcodeScanned', barcode: 'PL-0201-1' });
    expect(foreign.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(foreign.envelope.message).toBe('Место PL-0201-1 — не из этой поставки');

    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState.prompt.params).toMatchObject({ task: 'IN-0299', missing: 1 });
    expect(confirm.items.map((i) => i.barcode)).toEqual(['PL-0299-2']);
    // SkipClick goes back to the places; confirming closes the receipt.
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitItem');
    await flow.accept({ code: 'TaskCompleted' });
    const closed = await flow.accept({ code: 'ConfirmItem', itemId: 'all' });
    expect(closed.currentState.code).toBe('WaitTaskSelection');
    const rows = await db()
      .select({
        barcode: inboundPlaces.barcode,
        isMissing: inboundPlaces.isMissing,
        receivedCount: inboundPlaces.receivedCount,
      })
      .from(inboundPlaces)
      .where(eq(inboundPlaces.inboundId, own!.id))
      .orderBy(asc(inboundPlaces.barcode));
    expect(rows).toEqual([
      { barcode: 'PL-0299-1', isMissing: false, receivedCount: 4 },
      { barcode: 'PL-0299-2', isMissing: true, receivedCount: null },
    ]);
    const closings = await db()
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.kind, 'inbound.receiptClosed'));
    expect(closings).toContainEqual({ payload: { inboundId: own!.id, placesMissing: 1 } });
    // The supply keeps its state (5, arrived): closing the receipt does not move it.
    const [after] = await db()
      .select({ state: inbounds.state })
      .from(inbounds)
      .where(eq(inbounds.id, own!.id));
    expect(after?.state).toBe(5);
  });
});

describe('receipt of cargo under any sequence of actions', () => {
  it('never answers 5xx; a refusal keeps the run, an accepted step raises its version by one', async () => {
    const barcode = fc.constantFrom(
      '=34717-WP-01',
      '.69.IN-0299',
      'PL-0299-2',
      'PL-0201-1',
      '4607012340028',
      'A 000 420 12 20',
      'P460001',
      '_34717-163',
      'nothing-at-all',
    );
    const action = fc.oneof(
      barcode.map((b) => ({ code: 'BarcodeScanned', barcode: b })),
      barcode.map((b) => ({ code: 'WorkplaceSelected', barcode: b })),
      fc.constantFrom('1', '999999').map((taskId) => ({ code: 'TaskSelected', taskId })),
      fc.integer({ min: -1, max: 60 }).map((count) => ({ code: 'CountSelected', count })),
      fc.integer({ min: 0, max: 4 }).map((count) => ({ code: 'StickerCountSelected', count })),
      fc
        .constantFrom('shortage', 'surplus', 'damagedPackage', 'wrongGoods', 'lost')
        .map((reasonCode) => ({ code: 'ReasonSelected', reasonCode })),
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
        { code: 'ShowReasonsSelected' },
        { code: 'SkipClick' },
        { code: 'TaskCompleted' },
        { code: 'Refresh' },
        { code: 'Closed' },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        await runKeepingVersions(workflowDriver(setup.worker, 'receipt-cargo'), actions);
      }),
      { numRuns: 12 },
    );
  });
});
