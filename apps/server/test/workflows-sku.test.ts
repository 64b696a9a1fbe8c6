import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, outbounds, parcels, shipmentUnits } from '../src/db/schema.js';
import type { SkuUnit } from '../src/modules/workflows/definitions/parcels-picking.workflow.js';
import { parcelsPickingWorkflow } from '../src/modules/workflows/definitions/parcels-picking.workflow.js';
import { newOperationId } from './sorting-client.js';
import { processCall, useWorkflowTestApp, workflowDriver } from './workflow-client.js';

// Guided workflows, part 3 (docs/DECISIONS.md "Picking goods by SKU"; spec part 1 §1, §3, §5,
// §7): picking the auto parts of OUT-0201 (demo-sku-picking-data.ts) by their factory labels,
// every step of the table.

const setup = useWorkflowTestApp();
const { snapshot } = setup;

async function unitsOf(code: string) {
  return setup.context.database.db
    .select({ number: parcels.number, state: shipmentUnits.state, boxId: parcels.boxId })
    .from(shipmentUnits)
    .innerJoin(outbounds, eq(outbounds.id, shipmentUnits.outboundId))
    .innerJoin(parcels, eq(parcels.id, shipmentUnits.parcelId))
    .where(eq(outbounds.code, code))
    .orderBy(parcels.number);
}

async function shipmentState(code: string) {
  const [row] = await setup.context.database.db
    .select({ state: outbounds.state })
    .from(outbounds)
    .where(eq(outbounds.code, code));
  return row?.state;
}

describe('picking goods by SKU (/parcels-picking)', () => {
  it('picks OUT-0201 by factory labels: spaced Daimler number, Suzuki count, attention, then state 2', async () => {
    const flow = workflowDriver(setup.worker, 'parcels-picking');
    const start = await flow.accept();
    expect(start.currentState).toMatchObject({
      code: 'WaitTaskSelection',
      prompt: { key: 'skuPickingTask' },
    });
    // Parcels shipments in state 1 whose goods carry part numbers; transit ones are not.
    expect(start.tasks.map((t) => t.title)).toContain('OUT-0201');
    expect(start.tasks.map((t) => t.title)).not.toContain('OUT-0102');
    const task = start.tasks.find((t) => t.title === 'OUT-0201')!;
    expect(task).toMatchObject({ total: 5, done: 0, heldBy: null });

    const selected = await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    expect(selected.currentState).toMatchObject({
      code: 'WaitCell',
      expects: ['cell'],
      prompt: { key: 'skuPickingCell', params: { shipment: 'OUT-0201', cell: '3-d-01' } },
    });
    expect(selected.items.map((item) => item.barcode)).toEqual([
      'A0004201220',
      '09160-10008',
      'ASZ-001',
      '4254.A4',
      '212-1118L-LD-EM',
    ]);
    expect(selected.items[1]).toMatchObject({
      kind: 'sku',
      quantity: 3,
      stock: {
        parcelNumber: '09160-10008',
        maker: 'Suzuki',
        barcodes: ['4962771000083'],
        count: 3,
        isStickered: true,
        isNeedAttention: false,
      },
    });

    // The wrong cell is refused, nothing written.
    const before = await snapshot();
    const wrong = await flow.send({ code: 'BarcodeScanned', barcode: '=34717-3-d-02' });
    expect(wrong.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(wrong.envelope.message).toContain('3-d-01');
    expect(await snapshot()).toEqual(before);

    const inCell = await flow.scan('=34717-3-d-01');
    expect(inCell.currentState).toMatchObject({
      code: 'WaitSku',
      expects: ['sku'],
      prompt: { key: 'skuPickingSku', params: { shipment: 'OUT-0201', cell: '3-d-01' } },
    });

    // Goods of another cell (the Depo headlamp in 3-d-04) and unknown goods: ErrorCode 1.
    const beforeSku = await snapshot();
    for (const text of ['2121118L', 'XYZ-000-NOTHING']) {
      const refused = await flow.send({ code: 'BarcodeScanned', barcode: text });
      expect(refused.envelope).toMatchObject({
        isSuccess: false,
        errorCode: 1,
        message: 'Товар не найден в задании',
      });
      expect(refused.answer.currentState.code).toBe('WaitSku');
    }
    // Control characters and texts over 200 characters: 400.
    const control = await flow.send({ code: 'BarcodeScanned', barcode: 'A000\u0007420' });
    expect(control.status).toBe(400);
    const long = await flow.send({ code: 'BarcodeScanned', barcode: 'A'.repeat(201) });
    expect(long.status).toBe(400);
    expect(await snapshot()).toEqual(beforeSku);

    // `A 000 420 12 20` typed: the Daimler pattern reads it whole; a full match with count 1
    // and no attention is taken and its sticker printed at once.
    const daimler = await flow.scan('A 000 420 12 20');
    expect(daimler.currentState).toMatchObject({
      code: 'WaitSku',
      prompt: { params: { cell: '3-d-01' } },
    });
    expect(daimler.result.sounds).toEqual(['success-small']);
    expect(daimler.result.notification?.content).toBe('Взят Daimler AG A0004201220: 1 из 5');
    expect(daimler.result.print).toHaveLength(1);
    expect(daimler.result.print[0]).toMatchObject({ copies: 1 });
    expect((await unitsOf('OUT-0201'))[0]).toEqual({
      number: 'P460101',
      state: 'picked',
      boxId: null,
    });

    // The Suzuki washer by its factory EAN: count 3 asked; 4 refused (400), 2 then 1 taken.
    const suzuki = await flow.scan('4962771000083');
    expect(suzuki.currentState).toMatchObject({
      code: 'WaitSkuCount',
      prompt: { key: 'skuPickingCount', params: { item: 'Suzuki 09160-10008', remaining: 3 } },
      options: { count: { min: 1, max: 3 }, canSkip: true },
    });
    const beforeCount = await snapshot();
    const tooMany = await flow.send({ code: 'CountSelected', count: 4 });
    expect(tooMany.status).toBe(400);
    expect(await snapshot()).toEqual(beforeCount);
    const two = await flow.accept({ code: 'CountSelected', count: 2 });
    expect(two.currentState).toMatchObject({
      code: 'WaitSkuCount',
      prompt: { params: { remaining: 1 } },
      options: { count: { min: 1, max: 1 } },
    });
    const rest = await flow.accept({ code: 'CountSelected', count: 1 });
    // Stickered already: no label; the cell done, the next one is asked.
    expect(rest.result.print).toEqual([]);
    expect(rest.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '3-d-02' } },
    });

    // The Febest bush carries an attention message: it is shown, ConfirmItem takes it, then its
    // sticker count is asked (never printed at once with attention).
    await flow.scan('=34717-3-d-02');
    const attention = await flow.scan('asz001');
    expect(attention.currentState).toMatchObject({
      code: 'WaitSku',
      prompt: { key: 'skuPickingAttention', params: { item: 'Febest ASZ-001' } },
    });
    expect(attention.result).toMatchObject({
      sounds: ['attention'],
      notification: {
        status: 'warning',
        content: 'Внимание, Febest ASZ-001: Проверьте комплектность: две втулки в пакете',
      },
    });
    const febest = attention.items.find((item) => item.isCurrent)!;
    expect(febest).toMatchObject({ barcode: 'ASZ-001', stock: { isNeedAttention: true } });
    expect((await unitsOf('OUT-0201'))[2]).toMatchObject({ state: 'waiting' });
    // Only the offered item may be confirmed.
    const beforeConfirm = await snapshot();
    const other = attention.items.find((item) => item.barcode === '4254.A4')!;
    const notOffered = await flow.send({ code: 'ConfirmItem', itemId: other.itemId });
    expect(notOffered.envelope).toMatchObject({ isSuccess: false, errorCode: 1 });
    expect(await snapshot()).toEqual(beforeConfirm);
    const confirmed = await flow.accept({ code: 'ConfirmItem', itemId: febest.itemId });
    expect(confirmed.currentState).toMatchObject({
      code: 'WaitPickingSticker',
      prompt: { key: 'skuPickingSticker', params: { item: 'Febest ASZ-001' } },
      options: { canSkip: true },
    });
    expect(confirmed.result.print).toEqual([]);
    expect((await unitsOf('OUT-0201'))[2]).toMatchObject({ state: 'picked' });
    const sticker = await flow.accept({ code: 'StickerCountSelected', count: 2 });
    expect(sticker.result.print).toHaveLength(1);
    expect(sticker.result.print[0]).toMatchObject({ copies: 2 });
    expect(sticker.currentState).toMatchObject({
      code: 'WaitCell',
      prompt: { params: { cell: '3-d-03' } },
    });

    // Peugeot by its dotted number: stickered already, taken with no label.
    await flow.scan('=34717-3-d-03');
    const peugeot = await flow.scan('4254A4');
    expect(peugeot.result.print).toEqual([]);
    expect(peugeot.currentState.prompt.params).toMatchObject({ cell: '3-d-04' });

    // The Depo headlamp is left: TaskCompleted asks to confirm, ItemReverted puts one back.
    await flow.scan('=34717-3-d-04');
    const completed = await flow.accept({ code: 'TaskCompleted' });
    expect(completed.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { key: 'skuPickingConfirm', params: { shipment: 'OUT-0201', picked: 4, total: 5 } },
    });
    const reverted = await flow.accept({ code: 'ItemReverted', itemId: other.itemId });
    expect(reverted.currentState.code).toBe('WaitCell');
    expect((await unitsOf('OUT-0201'))[3]).toMatchObject({ state: 'waiting' });
    expect((await unitsOf('OUT-0201'))[3]?.boxId).not.toBeNull();
    await flow.scan('=34717-3-d-03');
    await flow.scan('4254.A4');
    // The Depo headlamp by its number without the region suffix: printed at once.
    await flow.scan('=34717-3-d-04');
    const depo = await flow.scan('2121118L');
    expect(depo.result.print).toHaveLength(1);
    expect(depo.currentState).toMatchObject({
      code: 'WaitConfirm',
      prompt: { params: { picked: 5, total: 5 } },
    });
    expect(await shipmentState('OUT-0201')).toBe(1);
    const done = await flow.accept({ code: 'ConfirmItem', itemId: 'all' });
    expect(done.currentState.code).toBe('WaitTaskSelection');
    expect(done.result.notification?.content).toBe('Отгрузка OUT-0201 собрана: 5 из 5');
    expect(await shipmentState('OUT-0201')).toBe(2);
    expect((await unitsOf('OUT-0201')).map((unit) => unit.state)).toEqual([
      'picked',
      'picked',
      'picked',
      'picked',
      'picked',
    ]);
    const history = await setup.context.database.db
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.kind, 'shipment.stateChanged'));
    expect(history.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ from: 1, to: 2 }),
    );
  });
});

describe('picking goods by SKU: replay', () => {
  it('replays an operation id with isRepeat', async () => {
    // A fresh task: OUT-0201 is back in state 1 with its units waiting in their boxes.
    const db = setup.context.database.db;
    const flow = workflowDriver(setup.otherWorker, 'parcels-picking');
    await flow.accept();
    const [shipment] = await db
      .select({ id: outbounds.id })
      .from(outbounds)
      .where(eq(outbounds.code, 'OUT-0201'));
    await db.update(outbounds).set({ state: 1 }).where(eq(outbounds.id, shipment!.id));
    const listed = await flow.accept({ code: 'Refresh' });
    const task = listed.tasks.find((t) => t.title === 'OUT-0201')!;
    await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    // Every unit was picked: the task asks for confirmation at once.
    expect(flow.state?.code).toBe('WaitCell');

    const id = newOperationId();
    const claim = flow.state;
    const first = await flow.send({ code: 'TaskCompleted' }, id);
    expect(first.envelope.isSuccess).toBe(true);
    const replay = await processCall(
      setup.otherWorker,
      'parcels-picking',
      claim,
      { code: 'TaskCompleted' },
      id,
    );
    expect(replay.envelope.isRepeat).toBe(true);
    expect(replay.answer.currentState).toEqual(first.answer.currentState);
  });
});

describe('picking goods by SKU: candidates (the definition alone)', () => {
  const unit = (id: number, maker: string, number: string, isStickered = false): SkuUnit => ({
    id,
    parcelId: 100 + id,
    number: `P9${id}`,
    name: 'Втулка',
    state: 'waiting',
    reason: null,
    boxId: 7,
    cellId: 3,
    cellName: '3-d-02',
    cellBarcode: '=34717-3-d-02',
    zoneNumber: 3,
    row: 'd',
    col: 2,
    fromBoxId: null,
    fromCellName: null,
    changedByName: null,
    stock: {
      parcelId: 100 + id,
      parcelNumber: number,
      parcelName: 'Втулка',
      maker,
      barcodes: [],
      receiptBarcode: null,
      isStickered,
      count: 1,
      isNeedAttention: false,
      attentionMessage: null,
    },
  });
  const task = { id: 1, code: 'OUT-9' };
  const state = { code: 'WaitSku' as const, data: { task, cellId: 3 } };
  const factsOf = (units: SkuUnit[], barcode: string | null) => ({
    scan: barcode === null ? null : ({ kind: 'sku', barcode } as const),
    warehouseId: 1,
    warehouseCode: '34717',
    own: { tasks: [], units },
  });

  it('offers two unstickered items of one number as candidates; ConfirmItem takes the one chosen', () => {
    const units = [unit(1, 'Febest', 'ASZ-001'), unit(2, 'Febest', 'ASZ-001')];
    const offered = parcelsPickingWorkflow.transition(
      state,
      { code: 'BarcodeScanned', barcode: 'ASZ001' },
      factsOf(units, 'ASZ001'),
    );
    expect(offered).toMatchObject({
      next: { code: 'WaitSku', data: { offered: { unitIds: [1, 2], attention: false } } },
      effects: [],
      notification: { key: 'workflowSkuChoose' },
    });
    if (!('next' in offered)) throw new Error('refused');
    const view = parcelsPickingWorkflow.view(offered.next, factsOf(units, null));
    expect(view.prompt.key).toBe('skuPickingChoose');
    expect(view.items.filter((item) => item.isCurrent).map((item) => item.itemId)).toEqual([
      '1',
      '2',
    ]);
    const taken = parcelsPickingWorkflow.transition(
      offered.next,
      { code: 'ConfirmItem', itemId: '2' },
      factsOf(units, null),
    );
    expect(taken).toMatchObject({
      next: { code: 'WaitSku' },
      effects: [
        { kind: 'pickShipmentParcel', unitId: 2 },
        { kind: 'printParcelSticker', parcelId: 102, copies: 1 },
      ],
    });
  });

  it('offers items of two makers sharing a factory barcode (ambiguous), nothing taken', () => {
    const shared = (u: SkuUnit): SkuUnit => ({
      ...u,
      stock: { ...u.stock!, barcodes: ['4600000000017'] },
    });
    const units = [shared(unit(1, 'Febest', 'ASZ-001')), shared(unit(2, 'Depo', '212-1118L'))];
    const offered = parcelsPickingWorkflow.transition(
      state,
      { code: 'BarcodeScanned', barcode: '4600000000017' },
      factsOf(units, '4600000000017'),
    );
    // Listed by maker: Depo before Febest.
    expect(offered).toMatchObject({
      next: { data: { offered: { unitIds: [2, 1] } } },
      effects: [],
    });
  });
});
