import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boxes, events, outbounds, returnableBoxes, shipmentUnits } from '../src/db/schema.js';
import { newOperationId } from './sorting-client.js';
import {
  processCall,
  useWorkflowTestApp,
  workflowDriver,
  type WorkflowCall,
} from './workflow-client.js';

// Guided workflows, part 2: boxes transit loading v1 (/loading, pallets) and v2 (/loading-v2)
// over the demo seed (demo-transit-loading-data.ts): every step of their tables
// (docs/DECISIONS.md "Guided workflows"), refusals that change nothing, holding, replay.

const app = useWorkflowTestApp();
const db = () => app.context.database.db;

async function unitsOf(code: string) {
  return db()
    .select({
      box: boxes.barcode,
      state: shipmentUnits.state,
      pallet: shipmentUnits.palletBarcode,
      reason: shipmentUnits.reason,
    })
    .from(shipmentUnits)
    .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
    .innerJoin(boxes, eq(boxes.id, shipmentUnits.boxId))
    .where(eq(outbounds.code, code))
    .orderBy(asc(boxes.number));
}

async function stateOf(code: string) {
  const [row] = await db()
    .select({ state: outbounds.state })
    .from(outbounds)
    .where(eq(outbounds.code, code));
  return row?.state;
}

async function palletAt(barcode: string) {
  const [row] = await db()
    .select({ code: returnableBoxes.locationCode, name: returnableBoxes.locationName })
    .from(returnableBoxes)
    .where(eq(returnableBoxes.barcode, barcode));
  return row;
}

/** Actions each refused with its text (ErrorCode 1), leaving run and tables as they were. */
async function refusesAll(
  flow: ReturnType<typeof workflowDriver>,
  cases: readonly [action: Record<string, unknown> & { code: string }, message: string][],
) {
  const before = await app.snapshot();
  for (const [action, message] of cases) expectRefused(await flow.send(action), message);
  expect(await app.snapshot()).toEqual(before);
}

/** A refusal with ErrorCode 1 and its text, the state as it was. */
function expectRefused(call: WorkflowCall, message: string, errorCode = 1) {
  expect(call.envelope, JSON.stringify(call.envelope)).toMatchObject({
    isSuccess: false,
    errorCode,
    message,
  });
  expect(call.answer.result).toMatchObject({ sounds: ['err'], notification: { status: 'error' } });
}

describe('boxes transit loading v1 (/loading)', () => {
  it('loads OUT-0103 on two pallets, refusing what is not its box, and ships it (2 → 3)', async () => {
    const flow = workflowDriver(app.worker, 'boxes-transit-loading');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'loadingTask', params: {} },
    });
    // Transit shipments in state 2 only: OUT-0101 (parcels, 1) is not a loading task.
    expect(start.tasks.map((task) => task.title)).toEqual(['OUT-0103', 'OUT-0104']);
    const task = start.tasks[0]!;
    expect(task).toMatchObject({
      total: 4,
      done: 0,
      heldBy: null,
      subtitle: 'Транзит в СЦ Казань · СЦ Казань',
    });

    const selected = await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitPallet',
      expects: ['container'],
      prompt: { key: 'loadingPallet', params: { shipment: 'OUT-0103', loaded: 0, total: 4 } },
      options: { canCompleteTask: true, canCompletePallet: false },
    });
    expect(selected.items.map((item) => [item.barcode, item.state])).toEqual([
      ['_34717-71', 'waiting'],
      ['_34717-72', 'waiting'],
      ['_34717-73', 'waiting'],
      ['_34717-74', 'waiting'],
    ]);

    // Another device: the task is held by this run, refused naming who; nothing written.
    const other = workflowDriver(app.otherWorker, 'boxes-transit-loading');
    const theirs = await other.accept();
    expect(theirs.tasks.find((t) => t.title === 'OUT-0103')?.heldBy).toBe('Иванов Пётр');
    const beforeHeld = await app.snapshot();
    const held = await other.send({ code: 'TaskSelected', taskId: task.taskId });
    expectRefused(held, 'Задание OUT-0103 уже ведёт Иванов Пётр');
    expect(held.answer.currentState.code).toBe('WaitTaskSelection');
    expect(await app.snapshot()).toEqual(beforeHeld);

    // A box before a pallet is refused naming the pallet expected.
    const beforeBox = await app.snapshot();
    const early = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-71' });
    expectRefused(early, 'Ожидается: паллета (оборотная тара)');
    expect(early.answer.currentState).toEqual(selected.currentState);
    expect(await app.snapshot()).toEqual(beforeBox);

    const pallet = await flow.scan('_R34717-21');
    expect(pallet.currentState).toMatchObject({
      code: 'WaitBox',
      expects: ['box', 'container'],
      prompt: {
        key: 'loadingBoxOnPallet',
        params: { shipment: 'OUT-0103', pallet: '_R34717-21', count: 0 },
      },
      options: { canCompletePallet: false, canCompleteTask: true, canSkip: true },
    });
    const beforeEmpty = await app.snapshot();
    expectRefused(await flow.send({ code: 'PalletComplete' }), 'На паллете _R34717-21 нет коробов');
    expect(await app.snapshot()).toEqual(beforeEmpty);

    const loaded = await flow.scan('_34717-71');
    expect(loaded.result.sounds).toEqual(['success-small']);
    expect(loaded.currentState.prompt.params).toMatchObject({ count: 1 });
    expect(loaded.items[0]).toMatchObject({
      barcode: '_34717-71',
      state: 'done',
      subtitle: '_R34717-21',
    });

    // Already loaded: accepted with `repeat`, nothing changes.
    const beforeRepeat = await unitsOf('OUT-0103');
    const repeat = await flow.scan('_34717-71');
    expect(repeat.result).toMatchObject({
      sounds: ['repeat'],
      notification: { status: 'info', content: 'Короб _34717-71 уже на паллете _R34717-21' },
    });
    expect(await unitsOf('OUT-0103')).toEqual(beforeRepeat);

    // Another task's box, a box of no task, another pallet while this one holds boxes: refused.
    const scanOf = (barcode: string) => ({ code: 'BarcodeScanned', barcode });
    await refusesAll(flow, [
      [scanOf('_34717-75'), 'Короб _34717-75 — из отгрузки OUT-0104, не из OUT-0103'],
      [scanOf('_34717-163'), 'Короба _34717-163 нет в отгрузке OUT-0103'],
      [scanOf('_R34717-22'), 'Сначала завершите паллету _R34717-21'],
      [scanOf('=34717-4-a-01'), 'Ожидается: короб отгрузки или другая паллета'],
    ]);

    // A replayed operation id answers the stored answer with isRepeat.
    const id = newOperationId();
    const before72 = flow.state;
    const second = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-72' }, id);
    expect(second.envelope.isSuccess).toBe(true);
    const beforeReplay = await app.snapshot();
    const replay = await processCall(
      app.worker,
      'boxes-transit-loading',
      before72,
      { code: 'BarcodeScanned', barcode: '_34717-72' },
      id,
    );
    expect(replay.envelope.isRepeat).toBe(true);
    expect(replay.answer).toEqual(second.answer);
    expect(await app.snapshot()).toEqual(beforeReplay);

    const completed = await flow.accept({ code: 'PalletComplete' });
    expect(completed.currentState).toMatchObject({
      code: 'WaitPallet',
      prompt: { params: { loaded: 2, total: 4 } },
    });
    expect(completed.result).toMatchObject({
      sounds: ['success-big'],
      notification: { status: 'success', content: 'Паллета _R34717-21: 2 короба' },
    });
    expect(await palletAt('_R34717-21')).toEqual({ code: 'OUT-0103', name: 'OUT-0103' });

    // The pallet of OUT-0103 cannot be taken for OUT-0104 while OUT-0103 is being loaded.
    other.reset();
    const otherStart = await other.accept();
    const out0104 = otherStart.tasks.find((t) => t.title === 'OUT-0104')!;
    await other.accept({ code: 'TaskSelected', taskId: out0104.taskId });
    const beforePallet = await app.snapshot();
    expectRefused(
      await other.send({ code: 'BarcodeScanned', barcode: '_R34717-21' }),
      'Паллета _R34717-21 уже загружается в отгрузку OUT-0103',
    );
    expect(await app.snapshot()).toEqual(beforePallet);
    await other.send({ code: 'Closed' });

    // The second pallet; a box taken off again (ItemReverted) and loaded again.
    await flow.scan('_R34717-22');
    await flow.scan('_34717-73');
    const all = await flow.scan('_34717-74');
    expect(all.currentState.prompt).toMatchObject({
      key: 'loadingPalletAllLoaded',
      params: { pallet: '_R34717-22', count: 2 },
    });
    const unit74 = all.items.find((item) => item.barcode === '_34717-74')!;
    const reverted = await flow.accept({ code: 'ItemReverted', itemId: unit74.itemId });
    expect(reverted.result.sounds).toEqual(['repeat']);
    expect((await unitsOf('OUT-0103'))[3]).toEqual({
      box: '_34717-74',
      state: 'picked',
      pallet: null,
      reason: null,
    });
    const beforeNotLoaded = await app.snapshot();
    expectRefused(
      await flow.send({ code: 'ItemReverted', itemId: unit74.itemId }),
      'Короб _34717-74 не погружен: снимать нечего',
    );
    expect(await app.snapshot()).toEqual(beforeNotLoaded);
    await flow.scan('_34717-74');

    // TaskCompleted with every box loaded closes the open pallet and ships the shipment.
    const shipped = await flow.accept({ code: 'TaskCompleted' });
    expect(shipped.currentState.code).toBe('WaitTaskSelection');
    expect(shipped.result).toMatchObject({
      sounds: ['success-big'],
      notification: {
        status: 'success',
        content: 'Отгрузка OUT-0103 отгружена: погружено 4 из 4',
      },
    });
    expect(shipped.tasks.map((t) => t.title)).toEqual(['OUT-0104']);
    expect(await stateOf('OUT-0103')).toBe(3);
    expect(await palletAt('_R34717-22')).toEqual({ code: 'OUT-0103', name: 'OUT-0103' });
    expect(await unitsOf('OUT-0103')).toEqual([
      { box: '_34717-71', state: 'loaded', pallet: '_R34717-21', reason: null },
      { box: '_34717-72', state: 'loaded', pallet: '_R34717-21', reason: null },
      { box: '_34717-73', state: 'loaded', pallet: '_R34717-22', reason: null },
      { box: '_34717-74', state: 'loaded', pallet: '_R34717-22', reason: null },
    ]);
    // Each load is an event under the box, the pallet and the shipment.
    const loadedEvents = await db()
      .select({ kind: events.kind, payload: events.payload })
      .from(events)
      .where(
        sql`${events.kind} like 'shipment.%' and ${events.payload} ->> 'shipmentCode' = 'OUT-0103'`,
      )
      .orderBy(events.id);
    expect(loadedEvents.map((event) => event.kind)).toEqual([
      'shipment.unitLoaded',
      'shipment.unitLoaded',
      'shipment.palletCompleted',
      'shipment.unitLoaded',
      'shipment.unitLoaded',
      'shipment.unitUnloaded',
      'shipment.unitLoaded',
      'shipment.palletCompleted',
    ]);
    // /vision of a loaded box and of a pallet: the loading with the shipment as its place.
    const historyOf = async (barcode: string) => {
      const vision = await app.worker.call('POST', '/vision-api/v1/34717/VisionFragment/boxes', {
        barcode,
      });
      expect(vision.statusCode).toBe(200);
      return vision.json().OperationObject.visionFragments as { kind: string; cellName: string }[];
    };
    expect((await historyOf('_34717-71'))[0]).toMatchObject({
      kind: 'shipment.unitLoaded',
      cellName: 'OUT-0103',
    });
    // The move's event takes the database's clock, the step's events the step's: either first.
    const palletHistory = (await historyOf('_R34717-22')).slice(0, 2);
    expect(palletHistory.map((fragment) => `${fragment.kind} ${fragment.cellName}`).sort()).toEqual(
      ['container.moved OUT-0103', 'shipment.palletCompleted OUT-0103'],
    );
    await flow.send({ code: 'Closed' });
  });
});

describe('boxes transit loading v2 (/loading-v2)', () => {
  it('loads OUT-0104 box by box, confirms the missing one and ships it (2 → 3)', async () => {
    const flow = workflowDriver(app.otherWorker, 'boxes-transit-loading-v2');
    const start = await flow.accept();
    const task = start.tasks.find((t) => t.title === 'OUT-0104')!;
    expect(start.tasks.map((t) => t.title)).toEqual(['OUT-0104']);
    const selected = await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitBox',
      expects: ['box'],
      prompt: { key: 'loadingBox', params: { shipment: 'OUT-0104', loaded: 0, total: 3 } },
      options: { canCompleteTask: true, canCompletePallet: false },
    });

    await refusesAll(flow, [
      [{ code: 'BarcodeScanned', barcode: '_R34717-22' }, 'Ожидается: короб задания'],
      // OUT-0103 is shipped: its box belongs to no shipment still to load.
      [
        { code: 'BarcodeScanned', barcode: '_34717-71' },
        'Короба _34717-71 нет в отгрузке OUT-0104',
      ],
      [{ code: 'ConfirmItem', itemId: '1' }, 'Это действие здесь недоступно'],
    ]);

    await flow.scan('_34717-76');
    const two = await flow.scan('_34717-75');
    expect(two.currentState.prompt.params).toMatchObject({ loaded: 2, total: 3 });

    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: {
        key: 'loadingConfirm',
        params: { shipment: 'OUT-0104', loaded: 2, missing: 1, total: 3 },
      },
      options: { canSkip: true },
    });
    expect(confirm.items.map((item) => [item.barcode, item.state])).toEqual([
      ['_34717-77', 'waiting'],
    ]);
    expect(await stateOf('OUT-0104')).toBe(2);
    // SkipClick goes back to loading; TaskCompleted asks again.
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitBox');
    await flow.accept({ code: 'TaskCompleted' });

    const beforeWrong = await app.snapshot();
    const loadedUnit = two.items.find((item) => item.barcode === '_34717-75')!;
    const wrong = await flow.send({ code: 'ConfirmItem', itemId: loadedUnit.itemId });
    expect(wrong.envelope).toMatchObject({ isSuccess: false, errorCode: 104 });
    expect(await app.snapshot()).toEqual(beforeWrong);

    const missing = confirm.items[0]!;
    const shipped = await flow.accept({ code: 'ConfirmItem', itemId: missing.itemId });
    expect(shipped.currentState.code).toBe('WaitTaskSelection');
    expect(shipped.result).toMatchObject({
      sounds: ['success-big'],
      notification: { content: 'Отгрузка OUT-0104 отгружена: погружено 2 из 3' },
    });
    expect(shipped.tasks).toEqual([]);
    expect(await stateOf('OUT-0104')).toBe(3);
    expect(await unitsOf('OUT-0104')).toEqual([
      { box: '_34717-75', state: 'loaded', pallet: null, reason: null },
      { box: '_34717-76', state: 'loaded', pallet: null, reason: null },
      { box: '_34717-77', state: 'short', pallet: null, reason: 'notLoaded' },
    ]);
  });
});
