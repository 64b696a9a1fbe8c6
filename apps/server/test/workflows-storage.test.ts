import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, outbounds, parcels, pickingParcels, shipmentUnits } from '../src/db/schema.js';
import { newOperationId } from './sorting-client.js';
import { processCall, useWorkflowTestApp, workflowDriver } from './workflow-client.js';

// Guided workflows, part 2 (docs/DECISIONS.md "Guided workflows"; spec part 1 §1, §3, §4, §7):
// the storage flows over the demo seed (demo-workflows-data.ts), each step of their tables.

const setup = useWorkflowTestApp();
const { snapshot, placeOf } = setup;

describe('parcel placing (/parcels-placing)', () => {
  it('places recipients’ parcels into FAST cells, one recipient per cell', async () => {
    const flow = workflowDriver(setup.worker, 'parcel-placing');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitWhat',
      expects: ['parcel', 'recepient'],
      prompt: { key: 'parcelPlacingWhat', params: {} },
    });

    // A box, a parcel that waits for no recipient: refused, nothing written.
    const before = await snapshot();
    const box = await flow.send({ code: 'BarcodeScanned', barcode: '_34717-163' });
    expect(box.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Ожидается: посылка или код получателя',
    });
    expect(box.answer.currentState).toEqual(start.currentState);
    const sorted = await flow.send({ code: 'BarcodeScanned', barcode: 'P440001' });
    expect(sorted.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(sorted.envelope.message).toContain('не ждёт получателя');
    expect(await snapshot()).toEqual(before);

    // A recipient's code lists their parcels still to place and the cell for them.
    const listed = await flow.scan('R-4501');
    expect(listed.currentState).toMatchObject({
      code: 'WaitWhat',
      prompt: {
        key: 'parcelPlacingRecipient',
        params: { code: 'R-4501', recipient: 'Кузнецова Мария', cell: '3-a-01' },
      },
    });
    expect(listed.items.map((item) => item.barcode)).toEqual(['P450001', 'P450002']);

    // The first parcel of R-4501: the nearest empty FAST cell is suggested.
    const held = await flow.scan('P450001');
    expect(held.currentState).toMatchObject({
      code: 'WaitCell',
      expects: ['cell', 'parcel'],
      prompt: {
        key: 'parcelPlacingCell',
        params: { parcel: 'P450001', recipient: 'Кузнецова Мария', cell: '3-a-01' },
      },
    });
    expect(held.items).toMatchObject([{ barcode: 'P450001', isCurrent: true, location: null }]);

    // A cell outside the FAST zones is refused.
    const beforeSito = await snapshot();
    const sito = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-1-a-01' });
    expect(sito.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(sito.envelope.message).toContain('не для выдачи');
    expect(sito.answer.currentState.code).toBe('WaitCell');
    expect(await snapshot()).toEqual(beforeSito);

    const placed = await flow.scan('=34717-3-a-01');
    expect(placed.currentState.code).toBe('WaitWhat');
    expect(placed.result).toMatchObject({
      sounds: ['success-small'],
      notification: { status: 'success', content: 'Посылка P450001 размещена в 3-a-01' },
    });
    expect(await placeOf('P450001')).toEqual({ cell: '3-a-01', key: 'recipient:R-4501' });

    // The same recipient's next parcel is sent to the cell holding the first.
    const second = await flow.scan('P450002');
    expect(second.currentState.prompt.params).toMatchObject({ cell: '3-a-01' });
    await flow.scan('=34717-3-a-01');
    expect(await placeOf('P450002')).toEqual({ cell: '3-a-01', key: 'recipient:R-4501' });

    // Another recipient: the next empty cell; R-4501's cell is refused.
    const other = await flow.scan('P450003');
    expect(other.currentState.prompt.params).toMatchObject({ cell: '3-a-02' });
    const beforeForeign = await snapshot();
    const foreign = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-3-a-01' });
    expect(foreign.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'В ячейке 3-a-01 посылки другого получателя',
    });
    expect(await snapshot()).toEqual(beforeForeign);
    await flow.scan('=34717-3-a-02');
    expect(await placeOf('P450003')).toEqual({ cell: '3-a-02', key: 'recipient:R-4502' });

    // The recipients are in pick-up cells now, not in the returns area.
    const recipients = await setup.context.database.db
      .select({ isInReturnArea: pickingParcels.isInReturnArea })
      .from(pickingParcels)
      .innerJoin(parcels, eq(parcels.id, pickingParcels.parcelId))
      .where(sql`${parcels.number} in ('P450001', 'P450002', 'P450003')`);
    expect(recipients).toEqual([
      { isInReturnArea: false },
      { isInReturnArea: false },
      { isInReturnArea: false },
    ]);
  });

  it('announces a parcel already in a cell, moves it by a new cell, drops it by SkipClick', async () => {
    const flow = workflowDriver(setup.worker, 'parcel-placing');
    await flow.accept();
    const again = await flow.scan('P450003');
    expect(again.result).toMatchObject({
      sounds: ['attention'],
      notification: { status: 'warning', content: 'Уже в 3-a-02' },
    });
    expect(again.items).toMatchObject([{ barcode: 'P450003', location: '3-a-02' }]);
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitWhat');
    expect(await placeOf('P450003')).toEqual({ cell: '3-a-02', key: 'recipient:R-4502' });

    await flow.scan('P450003');
    await flow.scan('=34717-3-a-03');
    expect(await placeOf('P450003')).toEqual({ cell: '3-a-03', key: 'recipient:R-4502' });
  });

  it('replays an operation id with isRepeat and answers 409 to a stale state', async () => {
    const flow = workflowDriver(setup.otherWorker, 'parcel-placing');
    const first = await flow.accept();
    const id = newOperationId();
    const scanned = await flow.send({ code: 'BarcodeScanned', barcode: 'P450001' }, id);
    expect(scanned.envelope.isSuccess).toBe(true);
    const replay = await processCall(
      setup.otherWorker,
      'parcel-placing',
      first.currentState,
      { code: 'BarcodeScanned', barcode: 'P450001' },
      id,
    );
    expect(replay.envelope.isRepeat).toBe(true);
    expect(replay.answer).toEqual(scanned.answer);

    const before = await snapshot();
    const stale = await processCall(setup.otherWorker, 'parcel-placing', first.currentState, {
      code: 'SkipClick',
    });
    expect(stale.envelope).toMatchObject({ isSuccess: false, errorCode: 409 });
    expect(stale.answer.currentState).toMatchObject({
      code: 'WaitCell',
      version: first.currentState.version + 1,
    });
    expect(await snapshot()).toEqual(before);
    await flow.send({ code: 'Closed' });
  });
});

describe('place to storage (/place-to-storage)', () => {
  it('stores parcels of an arrived supply in FAST cells, printing a needed sticker first', async () => {
    const flow = workflowDriver(setup.worker, 'place-to-storage');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitWhat',
      expects: ['parcel'],
      prompt: { key: 'placeToStorageWhat' },
    });

    // A recipient's parcel is of no supply to store: refused, nothing written.
    const before = await snapshot();
    const recipients = await flow.send({ code: 'BarcodeScanned', barcode: 'P450001' });
    expect(recipients.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Посылка P450001 не из прибывшей поставки клиента',
    });
    expect(await snapshot()).toEqual(before);

    // The parcel needing its sticker: a cell is refused until it is printed.
    const sticker = await flow.scan('P450013');
    expect(sticker.currentState).toMatchObject({
      code: 'WaitWhereOrPrint',
      expects: ['cell', 'parcel'],
      prompt: { key: 'placeToStoragePrint', params: { parcel: 'P450013' } },
      options: { count: { min: 1, max: 5 }, canSkip: true },
    });
    const beforeCell = await snapshot();
    const early = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-3-b-01' });
    expect(early.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Сначала напечатайте стикер',
    });
    const tooMany = await flow.send({ code: 'StickerCountSelected', count: 6 });
    expect(tooMany.status).toBe(400);
    expect(await snapshot()).toEqual(beforeCell);

    const printed = await flow.accept({ code: 'StickerCountSelected', count: 2 });
    expect(printed.currentState.code).toBe('WaitWhereOrPrint');
    expect(printed.result.print).toHaveLength(1);
    expect(printed.result.print[0]).toMatchObject({ barcodeName: 'parcel', copies: 2 });
    expect(printed.result.print[0]!.barcodeData).toContainEqual({
      name: 'barcode',
      value: 'P450013',
    });
    // The agent reports the job printed: the web marks the sticker printed.
    const [row] = await setup.context.database.db
      .select({ id: parcels.id })
      .from(parcels)
      .where(eq(parcels.number, 'P450013'));
    const marked = await setup.worker.call(
      'PUT',
      `/sorting-api/Parcels/${row!.id}/sticker_printed`,
      undefined,
      newOperationId(),
    );
    expect(marked.statusCode).toBe(200);
    const stored = await flow.scan('=34717-3-b-01');
    expect(stored.currentState.code).toBe('WaitWhat');
    expect(stored.result.notification?.content).toBe('Посылка P450013 размещена в 3-b-01');
    expect(await placeOf('P450013')).toEqual({
      cell: '3-b-01',
      key: 'client:ООО «Запчасти-Опт»',
    });

    // The same client's next parcel is sent to that cell; a recipient's cell is refused.
    const next = await flow.scan('P450011');
    expect(next.currentState.prompt).toMatchObject({
      key: 'placeToStorageCell',
      params: { parcel: 'P450011', cell: '3-b-01', client: 'ООО «Запчасти-Опт»' },
    });
    const beforeForeign = await snapshot();
    const foreign = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-3-a-01' });
    expect(foreign.envelope.message).toBe('В ячейке 3-a-01 товар другого клиента');
    expect(await snapshot()).toEqual(beforeForeign);
    await flow.scan('=34717-3-b-01');
    expect(await placeOf('P450011')).toEqual({
      cell: '3-b-01',
      key: 'client:ООО «Запчасти-Опт»',
    });

    // A stored parcel is not stored again.
    const again = await flow.send({ code: 'BarcodeScanned', barcode: 'P450011' });
    expect(again.envelope).toMatchObject({
      isSuccess: false,
      message: 'Посылка P450011 уже лежит в 3-b-01',
    });
    await flow.scan('P450012');
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitWhat');
  });
});

describe('parcel picking in storage (/parcel-picking-in-storage)', () => {
  async function unitsOf(code: string) {
    return setup.context.database.db
      .select({ number: parcels.number, state: shipmentUnits.state, reason: shipmentUnits.reason })
      .from(shipmentUnits)
      .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
      .innerJoin(parcels, eq(parcels.id, shipmentUnits.parcelId))
      .where(eq(outbounds.code, code))
      .orderBy(parcels.number);
  }

  it('picks OUT-0101 cell by cell with a skip and a revert, then confirms it (state 1 → 2)', async () => {
    let flow = workflowDriver(setup.worker, 'parcel-picking-in-storage');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'storagePickingTask' },
    });
    const task = start.tasks.find((t) => t.title === 'OUT-0101');
    expect(task).toMatchObject({ total: 4, done: 0, heldBy: null });

    const before = await snapshot();
    const unknown = await flow.send({ code: 'TaskSelected', taskId: '999999' });
    expect(unknown.envelope.isSuccess).toBe(false);
    expect(await snapshot()).toEqual(before);

    const selected = await flow.accept({ code: 'TaskSelected', taskId: task!.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitCell',
      expects: ['cell'],
      prompt: { key: 'storagePickingCell', params: { shipment: 'OUT-0101', cell: '3-c-01' } },
    });
    expect(selected.items.map((item) => item.barcode)).toEqual([
      'P450021',
      'P450022',
      'P450023',
      'P450024',
    ]);

    // Another device cannot take the task held by this run.
    const other = workflowDriver(setup.otherWorker, 'parcel-picking-in-storage');
    const theirs = await other.accept();
    expect(theirs.tasks.find((t) => t.title === 'OUT-0101')?.heldBy).not.toBeNull();
    const held = await other.send({ code: 'TaskSelected', taskId: task!.taskId });
    expect(held.envelope.isSuccess).toBe(false);
    expect(held.envelope.message).toContain('Задание OUT-0101 уже ведёт');
    // Idle for 30 minutes, the task is taken over with a warning; that run then closes. The
    // sessions end meanwhile: both sign in again, the worker's run resumes.
    setup.context.clock.advanceMinutes(30);
    await setup.signInAgain();
    const otherAgain = workflowDriver(setup.otherWorker, 'parcel-picking-in-storage');
    await otherAgain.accept();
    const takenOver = await otherAgain.accept({ code: 'TaskSelected', taskId: task!.taskId });
    expect(takenOver.currentState.code).toBe('WaitCell');
    expect(takenOver.result).toMatchObject({
      sounds: ['attention'],
      notification: { status: 'warning' },
    });
    expect(takenOver.result.notification?.content).toContain('Задание OUT-0101 перехвачено у');
    await otherAgain.send({ code: 'Closed' });
    flow = workflowDriver(setup.worker, 'parcel-picking-in-storage');
    expect((await flow.accept()).currentState.code).toBe('WaitCell');

    // Walking order: 3-c-01 first; a parcel of another cell is refused there.
    const beforeWrong = await snapshot();
    const wrongCell = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-3-c-02' });
    expect(wrongCell.envelope.message).toBe('Не та ячейка: ожидается 3-c-01');
    await flow.scan('=34717-3-c-01');
    const wrongParcel = await flow.send({ code: 'BarcodeScanned', barcode: 'P450023' });
    expect(wrongParcel.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toMatchObject({
      boxes: beforeWrong.boxes,
      parcels: beforeWrong.parcels,
    });

    const picked = await flow.scan('P450021');
    expect(picked.currentState).toMatchObject({ code: 'WaitWhat' });
    expect(picked.result.sounds).toEqual(['success-small']);
    const [taken] = await setup.context.database.db
      .select({ boxId: parcels.boxId, version: parcels.version })
      .from(parcels)
      .where(eq(parcels.number, 'P450021'));
    expect(taken!.boxId).toBeNull();

    // P450022 is not found: skipped with its reason; the next cell follows.
    const reason = await flow.accept({ code: 'SkipClick' });
    expect(reason.currentState).toMatchObject({
      code: 'WaitReason',
      prompt: { key: 'storagePickingReason', params: { parcel: 'P450022' } },
      options: { reasons: [{ code: 'notFound' }, { code: 'damaged' }] },
    });
    await flow.accept({ code: 'ShowReasonsSelected' });
    const skipped = await flow.accept({ code: 'ReasonSelected', reasonCode: 'notFound' });
    expect(skipped.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '3-c-02' } },
    });
    await flow.scan('=34717-3-c-02');
    await flow.scan('P450023');

    // ItemReverted puts P450021 back into its box in 3-c-01.
    const unit = (await flow.accept({ code: 'Refresh' })).items.find(
      (item) => item.barcode === 'P450021',
    );
    expect(unit).toMatchObject({ state: 'done' });
    const reverted = await flow.accept({ code: 'ItemReverted', itemId: unit!.itemId });
    expect(reverted.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '3-c-01' } },
    });
    expect(await placeOf('P450021')).toMatchObject({ cell: '3-c-01' });

    const confirm = await flow.accept({ code: 'TaskCompleted' });
    expect(confirm.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { key: 'storagePickingConfirm', params: { picked: 1, short: 1, total: 4 } },
    });
    expect((await flow.accept({ code: 'SkipClick' })).currentState.code).toBe('WaitCell');
    await flow.accept({ code: 'TaskCompleted' });
    const done = await flow.accept({ code: 'ConfirmItem', itemId: task!.taskId });
    expect(done.currentState.code).toBe('WaitTaskSelection');
    expect(done.result.notification?.content).toBe('Отгрузка OUT-0101 собрана: 1 из 4');
    expect(done.tasks.find((t) => t.title === 'OUT-0101')).toBeUndefined();
    const [shipment] = await setup.context.database.db
      .select({ state: outbounds.state })
      .from(outbounds)
      .where(eq(outbounds.code, 'OUT-0101'));
    expect(shipment!.state).toBe(2);
    expect(await unitsOf('OUT-0101')).toEqual([
      { number: 'P450021', state: 'waiting', reason: null },
      { number: 'P450022', state: 'short', reason: 'notFound' },
      { number: 'P450023', state: 'picked', reason: null },
      { number: 'P450024', state: 'waiting', reason: null },
    ]);
  });
});

describe('parcel picking in storage: two devices on one task and on one parcel', () => {
  // Its own seeded app: OUT-0101 untouched by the walk above.
  const race = useWorkflowTestApp();

  async function pickEvents(number: string) {
    const db = race.context.database.db;
    const [parcel] = await db
      .select({ id: parcels.id })
      .from(parcels)
      .where(eq(parcels.number, number));
    const rows = await db
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.kind, 'shipment.unitPicked'));
    return rows.filter((row) => (row.payload as { parcelId?: number }).parcelId === parcel!.id);
  }

  it('refuses a second user’s TaskSelected naming who holds the task; a parcel two devices race on is picked once', async () => {
    const own = workflowDriver(race.worker, 'parcel-picking-in-storage');
    const task = (await own.accept()).tasks.find((t) => t.title === 'OUT-0101');
    await own.accept({ code: 'TaskSelected', taskId: task!.taskId });
    await own.scan('=34717-3-c-01');

    // The other user sees who holds it, and TaskSelected is refused naming them.
    const theirs = workflowDriver(race.otherWorker, 'parcel-picking-in-storage');
    const offered = await theirs.accept();
    expect(offered.tasks.find((t) => t.title === 'OUT-0101')).toMatchObject({
      heldBy: 'Иванов Пётр',
    });
    const before = await race.snapshot();
    const held = await theirs.send({ code: 'TaskSelected', taskId: task!.taskId });
    expect(held.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: 'Задание OUT-0101 уже ведёт Иванов Пётр',
    });
    expect(held.answer.currentState.code).toBe('WaitTaskSelection');
    expect(await race.snapshot()).toEqual(before);

    // Idle for 30 minutes the task is taken over, while the first run still stands in 3-c-01:
    // two devices in the same cell of the same task.
    race.context.clock.advanceMinutes(30);
    await race.signInAgain();
    const taker = workflowDriver(race.otherWorker, 'parcel-picking-in-storage');
    await taker.accept();
    await taker.accept({ code: 'TaskSelected', taskId: task!.taskId });
    expect((await taker.scan('=34717-3-c-01')).currentState.code).toBe('WaitWhat');
    const resumed = workflowDriver(race.worker, 'parcel-picking-in-storage');
    expect((await resumed.accept()).currentState.code).toBe('WaitWhat');

    // Both scan P450021 at once: one picks it, the other is refused naming who took it.
    const calls = await Promise.all([
      resumed.send({ code: 'BarcodeScanned', barcode: 'P450021' }),
      taker.send({ code: 'BarcodeScanned', barcode: 'P450021' }),
    ]);
    const names = ['Иванов Пётр', 'Сидорова Анна'];
    const winner = calls.findIndex((call) => call.envelope.isSuccess);
    expect(winner).toBeGreaterThanOrEqual(0);
    const loser = calls[1 - winner]!;
    expect(loser.envelope).toMatchObject({
      isSuccess: false,
      errorCode: 1,
      message: `Посылка P450021: уже взята, взял ${names[winner]}`,
    });
    expect(loser.answer.currentState.code).toBe('WaitWhat');
    expect(await pickEvents('P450021')).toHaveLength(1);

    // The loser scanning it again is refused the same way; nothing is written.
    const beforeAgain = await race.snapshot();
    const again = await (winner === 0 ? taker : resumed).send({
      code: 'BarcodeScanned',
      barcode: 'P450021',
    });
    expect(again.envelope.message).toBe(`Посылка P450021: уже взята, взял ${names[winner]}`);
    expect(await race.snapshot()).toEqual(beforeAgain);
    const [unit] = await race.context.database.db
      .select({ state: shipmentUnits.state, boxId: parcels.boxId })
      .from(shipmentUnits)
      .innerJoin(parcels, eq(parcels.id, shipmentUnits.parcelId))
      .where(eq(parcels.number, 'P450021'));
    expect(unit).toEqual({ state: 'picked', boxId: null });
  });
});
