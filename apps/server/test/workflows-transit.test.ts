import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxes, cells, outbounds, shipmentUnits } from '../src/db/schema.js';
import { BADGES, newOperationId, signInClient } from './sorting-client.js';
import {
  expectRefreshShows,
  processCall,
  runKeepingVersions,
  useWorkflowTestApp,
  workflowDriver,
} from './workflow-client.js';

// Boxes transit picking v1, v2 and details (docs/DECISIONS.md "Guided workflows", step tables
// 7–9; spec part 1 §1, §3, §4, §7) over the demo seed (demo-transit-picking-data.ts): OUT-0102
// in 4-b-01…4-b-04 for v1, OUT-0105 in 4-c-01…4-c-04 for v2, box 186 with six parcels.

const setup = useWorkflowTestApp();
const db = () => setup.context.database.db;

/** The cell a box stands in, null when in none. */
async function cellOf(barcode: string) {
  const [row] = await db()
    .select({ cell: cells.name })
    .from(boxes)
    .leftJoin(cells, eq(cells.id, boxes.cellId))
    .where(eq(boxes.barcode, barcode));
  return row?.cell ?? null;
}

async function unitsOf(code: string) {
  return db()
    .select({ box: boxes.barcode, state: shipmentUnits.state, reason: shipmentUnits.reason })
    .from(shipmentUnits)
    .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
    .innerJoin(boxes, eq(boxes.id, shipmentUnits.boxId))
    .where(eq(outbounds.code, code))
    .orderBy(boxes.number);
}

async function stateOf(code: string) {
  const [row] = await db()
    .select({ state: outbounds.state })
    .from(outbounds)
    .where(eq(outbounds.code, code));
  return row?.state;
}

describe('boxes transit picking v1 (/cargo-picking)', () => {
  it('picks OUT-0102 cell by cell, box by box, with a skip and a revert (state 1 → 2)', async () => {
    const flow = workflowDriver(setup.worker, 'boxes-transit-picking');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'transitPickingTask' },
    });
    // Only transit shipments: OUT-0101 (parcels) is not a task here.
    expect(start.tasks.map((t) => t.title)).toEqual(['OUT-0102', 'OUT-0105']);
    const task = start.tasks[0]!;
    expect(task).toMatchObject({
      total: 4,
      done: 0,
      heldBy: null,
      subtitle: 'Транзит ТР-0102 · СЦ Казань',
    });

    const selected = await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitCell',
      expects: ['cell', 'box'],
      prompt: {
        key: 'transitPickingCell',
        params: { shipment: 'OUT-0102', cell: '4-b-01', box: '_34717-181' },
      },
    });
    expect(selected.items.map((i) => [i.barcode, i.location, i.isCurrent])).toEqual([
      ['_34717-181', '4-b-01', true],
      ['_34717-182', '4-b-02', false],
      ['_34717-183', '4-b-03', false],
      ['_34717-184', '4-b-04', false],
    ]);

    // A wrong cell, then (in WaitBox) another box of the task and a box of OUT-0105: refused,
    // each naming what is expected; nothing written.
    const before = await setup.snapshot();
    const wrongCell = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-4-b-02' });
    expect(wrongCell.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Не та ячейка: ожидается 4-b-01',
    });
    expect(wrongCell.answer.currentState).toEqual(selected.currentState);
    expect(await setup.snapshot()).toEqual(before);

    const atCell = await flow.scan('=34717-4-b-01');
    expect(atCell.currentState).toMatchObject({
      code: 'WaitBox',
      expects: ['box'],
      prompt: { key: 'transitPickingBox', params: { box: '_34717-181', cell: '4-b-01' } },
    });
    const beforeBox = await setup.snapshot();
    const otherBox = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-182' });
    expect(otherBox.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Сначала короб _34717-181',
    });
    const foreign = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-186' });
    expect(foreign.envelope.message).toBe(
      'Короб _34717-186 — из отгрузки OUT-0105, не из OUT-0102',
    );
    const none = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-1' });
    expect(none.envelope.message).toBe('Короб _34717-1 не входит в задание OUT-0102');
    const parcel = await flow.send({ code: 'BarcodeScanned', barcode: 'P450107' });
    expect(parcel.envelope).toMatchObject({ errorCode: 1, message: 'Ожидается: короб задания' });
    expect(await setup.snapshot()).toEqual(beforeBox);

    // The box: picked, out of its cell; the next cell follows.
    const picked = await flow.scan('_34717-181');
    expect(picked.result.sounds).toEqual(['success-small']);
    expect(picked.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '4-b-02', box: '_34717-182' } },
    });
    expect(picked.items[0]).toMatchObject({ barcode: '_34717-181', state: 'done', location: null });
    expect(await cellOf('_34717-181')).toBeNull();
    const [emptied] = await db()
      .select({ isEmpty: cells.isEmpty })
      .from(cells)
      .where(eq(cells.name, '4-b-01'));
    expect(emptied?.isEmpty).toBe(true);

    // _34717-182 is not found: skipped with its reason.
    const reason = await flow.accept({ code: 'SkipClick' });
    expect(reason.currentState).toMatchObject({
      code: 'WaitReason',
      prompt: { key: 'transitPickingReason', params: { box: '_34717-182' } },
      options: { reasons: [{ code: 'notFound' }, { code: 'damaged' }] },
    });
    expect((await flow.accept({ code: 'ShowReasonsSelected' })).currentState.code).toBe(
      'WaitReason',
    );
    const skipped = await flow.accept({ code: 'ReasonSelected', reasonCode: 'notFound' });
    expect(skipped.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '4-b-03' } },
    });
    expect(skipped.items[1]).toMatchObject({ state: 'skipped', subtitle: 'notFound' });

    await flow.scan('=34717-4-b-03');
    await flow.scan('_34717-183');

    // ItemReverted puts _34717-181 back into 4-b-01: it is the next box again.
    const reverted = await flow.accept({ code: 'ItemReverted', itemId: picked.items[0]!.itemId });
    expect(reverted.result.sounds).toEqual(['repeat']);
    expect(reverted.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '4-b-01' } },
    });
    expect(await cellOf('_34717-181')).toBe('4-b-01');
    const notPicked = await flow.send({ code: 'ItemReverted', itemId: picked.items[3]!.itemId });
    expect(notPicked.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });

    await flow.scan('=34717-4-b-01');
    await flow.scan('_34717-181');
    await flow.scan('=34717-4-b-04');
    // The last box: nothing waits, WaitConfirm lists picked and short.
    const last = await flow.scan('_34717-184');
    expect(last.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: {
        key: 'transitPickingConfirm',
        params: { shipment: 'OUT-0102', picked: 3, short: 1, total: 4 },
      },
    });
    const done = await flow.accept({ code: 'ConfirmItem', itemId: task.taskId });
    expect(done.currentState.code).toBe('WaitTaskSelection');
    expect(done.result).toMatchObject({
      sounds: ['success-big'],
      notification: { status: 'success', content: 'Отгрузка OUT-0102 собрана: 3 из 4' },
    });
    expect(done.tasks.map((t) => t.title)).toEqual(['OUT-0105']);
    expect(await stateOf('OUT-0102')).toBe(2);
    expect(await unitsOf('OUT-0102')).toEqual([
      { box: '_34717-181', state: 'picked', reason: null },
      { box: '_34717-182', state: 'short', reason: 'notFound' },
      { box: '_34717-183', state: 'picked', reason: null },
      { box: '_34717-184', state: 'picked', reason: null },
    ]);
    await flow.send({ code: 'Closed' });
  });
});

describe('boxes transit picking v2 (/cargo-picking-v2) and details', () => {
  it('picks OUT-0105 in any order, checks box 186, reverts, confirms the missing (1 → 2)', async () => {
    const flow = workflowDriver(setup.worker, 'boxes-transit-picking-v2');
    const start = await flow.accept();
    const task = start.tasks.find((t) => t.title === 'OUT-0105')!;
    const selected = await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitBox',
      expects: ['box'],
      prompt: { key: 'transitPickingAnyBox', params: { shipment: 'OUT-0105', done: 0, total: 4 } },
    });
    expect(selected.items.map((i) => [i.barcode, i.location, i.state])).toEqual([
      ['_34717-185', '4-c-01', 'waiting'],
      ['_34717-186', '4-c-02', 'waiting'],
      ['_34717-187', '4-c-03', 'waiting'],
      ['_34717-188', '4-c-04', 'waiting'],
    ]);

    // Any order: the third box first.
    const third = await flow.scan('_34717-187');
    expect(third.result).toMatchObject({
      sounds: ['success-small'],
      notification: { status: 'success', content: 'Короб _34717-187 взят: 1 из 4' },
    });
    expect(await cellOf('_34717-187')).toBeNull();
    // The answer's list is the one a new read shows (derived after the step, not read again).
    await expectRefreshShows(flow, third);

    // A box of OUT-0102, a box of no shipment, a box already taken: refused, nothing written.
    const before = await setup.snapshot();
    const foreign = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-181' });
    expect(foreign.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Короб _34717-181 — из отгрузки OUT-0102, не из OUT-0105',
    });
    const none = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-2' });
    expect(none.envelope.message).toBe('Короб _34717-2 не входит в задание OUT-0105');
    const again = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-187' });
    expect(again.envelope.message).toBe('Уже взят Иванов Пётр');
    expect(again.answer.currentState).toEqual(third.currentState);
    expect(await setup.snapshot()).toEqual(before);

    // «Состав» of box 186: the details run lists the boxes of the task the v2 run holds.
    const details = workflowDriver(setup.worker, 'boxes-transit-picking-details');
    const boxesOfTask = await details.accept();
    expect(boxesOfTask.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'transitDetailsBox' },
    });
    const box186 = boxesOfTask.tasks.find((t) => t.title === '_34717-186')!;
    expect(box186).toMatchObject({ total: 6, subtitle: '4-c-02' });
    const checking = await details.accept({ code: 'TaskSelected', taskId: box186.taskId });
    expect(checking.currentState).toMatchObject({
      code: 'WaitItem',
      expects: ['parcel'],
      prompt: { key: 'transitDetailsParcel', params: { box: '_34717-186', checked: 0, total: 6 } },
    });
    expect(checking.items.map((i) => i.barcode)).toEqual([
      'P450101',
      'P450102',
      'P450103',
      'P450104',
      'P450105',
      'P450106',
    ]);
    for (const parcel of ['P450101', 'P450102', 'P450103', 'P450104']) await details.scan(parcel);
    // A parcel of another box is announced, nothing checked.
    const stranger = await details.scan('P450110');
    expect(stranger.result).toMatchObject({
      sounds: ['attention'],
      notification: { status: 'warning', content: 'Посылки P450110 нет в коробе _34717-186' },
    });
    expect(stranger.currentState.prompt.params).toMatchObject({ checked: 4 });
    // The fifth confirmed on the screen; a repeat scan changes nothing.
    const fifth = await details.accept({ code: 'ConfirmItem', itemId: checking.items[4]!.itemId });
    expect(fifth.currentState.prompt.params).toMatchObject({ checked: 5 });
    expect((await details.scan('P450101')).result.sounds).toEqual(['repeat']);
    const checked = await details.accept({ code: 'TaskCompleted' });
    expect(checked.currentState.code).toBe('WaitTaskSelection');
    expect(checked.result.notification).toEqual({
      status: 'warning',
      content: 'Проверено 5 из 6, нет: P450106',
    });
    await details.send({ code: 'Closed' });

    // ItemReverted: _34717-187 back to waiting, left out of its cell.
    const reverted = await flow.accept({ code: 'ItemReverted', itemId: third.items[2]!.itemId });
    expect(reverted.items[2]).toMatchObject({ state: 'waiting', location: null });
    expect(await cellOf('_34717-187')).toBeNull();
    await expectRefreshShows(flow, reverted);
    // Picked again from where it lies.
    await flow.scan('_34717-187');
    await flow.scan('_34717-186');

    // _34717-188 skipped with a reason; _34717-185 missing: TaskCompleted asks to confirm.
    const item188 = reverted.items[3]!;
    await flow.accept({ code: 'SkipClick', itemId: item188.itemId });
    const damaged = await flow.accept({ code: 'ReasonSelected', reasonCode: 'damaged' });
    expect(damaged.currentState.code).toBe('WaitBox');
    await expectRefreshShows(flow, damaged);
    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { params: { picked: 2, short: 1, total: 4 } },
    });
    expect(confirm.items.map((i) => i.barcode)).toEqual(['_34717-185', '_34717-188']);
    const done = await flow.accept({ code: 'ConfirmItem', itemId: task.taskId });
    expect(done.result.notification?.content).toBe('Отгрузка OUT-0105 собрана: 2 из 4');
    expect(await stateOf('OUT-0105')).toBe(2);
    expect(await unitsOf('OUT-0105')).toEqual([
      { box: '_34717-185', state: 'waiting', reason: null },
      { box: '_34717-186', state: 'picked', reason: null },
      { box: '_34717-187', state: 'picked', reason: null },
      { box: '_34717-188', state: 'short', reason: 'damaged' },
    ]);
    await flow.send({ code: 'Closed' });
  });
});

describe('transit picking: holding, two devices on one box, replay', () => {
  it('refuses a held task, takes it over after 30 minutes; of two devices on one box one wins', async () => {
    // A transit shipment of its own for this test: OUT-0105's boxes back to waiting, state 1.
    const database = db();
    const [shipment] = await database
      .select({ id: outbounds.id })
      .from(outbounds)
      .where(eq(outbounds.code, 'OUT-0105'));
    await database.update(outbounds).set({ state: 1 }).where(eq(outbounds.id, shipment!.id));
    await database
      .update(shipmentUnits)
      .set({ state: 'waiting', reason: null })
      .where(eq(shipmentUnits.outboundId, shipment!.id));

    const first = workflowDriver(setup.worker, 'boxes-transit-picking-v2');
    const task = (await first.accept()).tasks.find((t) => t.title === 'OUT-0105')!;
    await first.accept({ code: 'TaskSelected', taskId: task.taskId });

    const second = workflowDriver(setup.otherWorker, 'boxes-transit-picking-v2');
    expect((await second.accept()).tasks.find((t) => t.title === 'OUT-0105')?.heldBy).toBe(
      'Иванов Пётр',
    );
    const held = await second.send({ code: 'TaskSelected', taskId: task.taskId });
    expect(held.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Задание OUT-0105 уже ведёт Иванов Пётр',
    });

    // Idle for 30 minutes: taken over with a warning; both runs now name the task.
    setup.context.clock.advanceMinutes(30);
    await setup.signInAgain();
    const mine = workflowDriver(setup.worker, 'boxes-transit-picking-v2');
    const theirs = workflowDriver(setup.otherWorker, 'boxes-transit-picking-v2');
    await mine.accept();
    await theirs.accept();
    const takenOver = await theirs.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(takenOver.result).toMatchObject({
      sounds: ['attention'],
      notification: { status: 'warning' },
    });
    expect(takenOver.result.notification?.content).toContain(
      'Задание OUT-0105 перехвачено у Иванов Пётр',
    );

    // Both scan _34717-185 at once: one is picked, the other hears who took it.
    const [a, b] = await Promise.all([
      mine.send({ code: 'BarcodeScanned', barcode: '_34717-185' }),
      theirs.send({ code: 'BarcodeScanned', barcode: '_34717-185' }),
    ]);
    const calls = [a, b];
    const won = calls.filter((c) => c.envelope.isSuccess);
    const lost = calls.filter((c) => !c.envelope.isSuccess);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.envelope.message).toMatch(/^Уже взят (Иванов Пётр|Сидорова Анна)$/);
    expect(await unitsOf('OUT-0105')).toContainEqual({
      box: '_34717-185',
      state: 'picked',
      reason: null,
    });

    // A replay of an accepted step answers the same with isRepeat and changes nothing.
    const id = newOperationId();
    const claim = theirs.state;
    const scanned = await theirs.send({ code: 'BarcodeScanned', barcode: '_34717-186' }, id);
    expect(scanned.envelope.isSuccess).toBe(true);
    const before = await setup.snapshot();
    const replay = await processCall(
      setup.otherWorker,
      'boxes-transit-picking-v2',
      claim,
      { code: 'BarcodeScanned', barcode: '_34717-186' },
      id,
    );
    expect(replay.envelope.isRepeat).toBe(true);
    expect(replay.answer).toEqual(scanned.answer);
    expect(await setup.snapshot()).toEqual(before);
    // Replayed after the run moved on: the run as it stands now, with the step's own result.
    const onward = await theirs.scan('_34717-187');
    const late = await processCall(
      setup.otherWorker,
      'boxes-transit-picking-v2',
      claim,
      { code: 'BarcodeScanned', barcode: '_34717-186' },
      id,
    );
    expect(late.envelope.isRepeat).toBe(true);
    expect(late.answer.currentState).toEqual(onward.currentState);
    expect(late.answer.items).toEqual(onward.items);
    expect(late.answer.result).toEqual(scanned.answer.result);
    await mine.send({ code: 'Closed' });
    await theirs.send({ code: 'Closed' });
  });
});

describe('transit picking: random action sequences (fast-check)', () => {
  it('never answers 5xx; a refusal keeps the version, an accepted step raises it by one and answers what a Refresh reads', async () => {
    const client = await signInClient(setup.context.app, BADGES.worker, () => 0);
    const ids = (await db().select({ id: outbounds.id }).from(outbounds)).map((row) =>
      String(row.id),
    );
    const action = fc.oneof(
      fc.constantFrom<Record<string, unknown> & { code: string }>(
        { code: 'Refresh' },
        { code: 'SkipClick' },
        { code: 'TaskCompleted' },
        { code: 'ShowReasonsSelected' },
        { code: 'ReasonSelected', reasonCode: 'notFound' },
        { code: 'ConfirmItem', itemId: '1' },
        { code: 'ItemReverted', itemId: '1' },
        { code: 'Closed' },
      ),
      fc.constantFrom(...ids, '999999').map((taskId) => ({ code: 'TaskSelected', taskId })),
      fc
        .constantFrom('_34717-185', '_34717-186', '_34717-181', '=34717-4-c-01', 'P450101', 'NO-1')
        .map((barcode) => ({ code: 'BarcodeScanned', barcode })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'boxes-transit-picking',
          'boxes-transit-picking-v2',
          'boxes-transit-picking-details',
        ),
        fc.array(action, { minLength: 1, maxLength: 8 }),
        async (workflow, actions) => {
          await runKeepingVersions(workflowDriver(client, workflow), actions, {
            refreshAfterEachStep: true,
          });
        },
      ),
      { numRuns: 20 },
    );
  });
});
