import { describe, expect, it } from 'vitest';
import type { TValidationData } from '@sorting/contracts';
import {
  CLIENT,
  coverage,
  createFakeServer,
  firedCodes,
  start,
  type Rules,
} from './picking.machine.fixture';
import { describePaymentScenarios } from './picking.machine.payment.scenarios';
import {
  PICKING_CODES,
  clientOfScan,
  groupByCell,
  isDeadlinePassed,
  progressOf,
} from './picking.machine';

// Model-based tests of recipient picking (conventions §4; spec part 1 §4 "Picking", §8; part 2
// §4): event sequences from the start against a fake server that behaves like apps/server's
// picking-api (demo recipients R-1001 and R-1006, picking.machine.fixture.ts); with the
// payment and return scenarios they visit every state node, fire every transition
// and every code (last tests).

describe('picking machine: direction select', () => {
  it('opens the recipient of a scanned parcel or code, the device pointer unchanged', async () => {
    const s = start(null);
    expect(await s.send()).toBe('pickingDirectionSelect');
    expect(await s.send('  ', 'P400002')).toBe('pickingDirectionSelect');
    expect(s.server.calls.find).toEqual(['P400002']);
    expect(s.stored).toEqual([]);
    expect(s.paths).toEqual(['/picking/pickup/R-1001']);
    expect(await s.send({ type: 'CHOOSE', clientCode: 'R-1001' })).toBe('pickingDirectionSelect');
    expect(s.paths).toHaveLength(2);
  });

  it('answers f-0004 for no recipient, f-0001 when the list fails', async () => {
    const s = start(null);
    await s.send('P999999');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0004', barcode: 'P999999', message: null });
    s.server.failNext('find', 'refused');
    await s.send('P400001');
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0001', message: 'Сбой', errorCode: 1 });
    s.server.failNext('find', 'network');
    await s.send('P400001');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: null });
    expect(s.paths).toEqual([]);
  });

  it('finds one client among many only', () => {
    expect(clientOfScan(null, 'x')).toBeNull();
    const page = {
      items: [CLIENT, { ...CLIENT, clientCode: 'R-2' }],
      totalCount: 2,
      page: 1,
      pageSize: 2,
      isSinglePickingPerDevice: false,
    };
    expect(clientOfScan(page, 'P400001')).toBeNull();
    expect(clientOfScan(page, 'R-2')).toBe('R-2');
  });
});

describe('picking machine: info and begin', () => {
  it('shows the info; Begin loads the items into the process', async () => {
    const s = start('R-1001');
    expect(await s.send()).toBe('pickingInfo');
    expect(s.context().info?.ClientName).toBe('Смирнов Алексей');
    expect(s.stored).toEqual([]);
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingProcess');
    expect(s.stored).toEqual(['R-1001']);
    expect(s.server.calls.begin).toEqual([{ PickingClientCode: 'R-1001', operationId: 'op-1' }]);
    expect(s.context().items.map((one) => one.barcode)).toEqual(['P400001', 'P400002']);
  });

  it('brings this device’s open picking back to process on a reload', async () => {
    const s = start('R-1001', (server) => server.openOwnPicking());
    expect(await s.send()).toBe('pickingProcess');
    expect(s.context().pickingId).toBe(7);
    expect(s.server.calls.begin).toEqual([]);
  });

  it('an unknown code is f-0004 and back to /picking; no answer is f-0005 with retry', async () => {
    const s = start('R-0000');
    expect(await s.send()).toBe('finished');
    expect(s.errors).toEqual([
      { code: 'f-0004', barcode: 'R-0000', message: 'Получатель R-0000 не найден', errorCode: 104 },
    ]);
    expect(s.paths).toEqual(['/picking']);
    expect(s.stored).toEqual([]);

    const t = start('R-1001', (server) => server.failNext('info', 'network'));
    expect(await t.send()).toBe('infoFailed');
    expect(t.errors.at(-1)).toEqual({ code: 'f-0005', message: null });
    expect(await t.send({ type: 'RETRY' })).toBe('pickingInfo');
    expect(await t.send({ type: 'BACK' })).toBe('finished');
    expect(t.paths).toEqual(['/picking']);

    const u = start('R-1001', (server) => server.failNext('info', 'network'));
    expect(await u.send({ type: 'BACK' })).toBe('finished');
  });

  it('a refused begin is f-0006 naming who holds it, no answer f-0007; search failures f-0002', async () => {
    const s = start('R-1001');
    s.server.failNext('begin', 'refused');
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingInfo');
    expect(s.errors.at(-1)).toMatchObject({
      code: 'f-0006',
      message: 'Выдачу уже ведёт Сидорова Анна',
    });
    s.server.failNext('begin', 'network');
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingInfo');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0007', message: null });
    s.server.failNext('search', 'refused');
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingInfo');
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0002', message: 'Сбой' });
    s.server.failNext('search', 'network');
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingInfo');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0002', message: null });
    expect(
      s.server.calls.begin.map((call) => (call as { operationId: string }).operationId),
    ).toEqual(['op-1', 'op-2', 'op-3', 'op-4']);
  });
});

describe('picking machine: process', () => {
  it('picks a cell then its item, and an item then its cell; all picked → checkPicked', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' });
    // Nothing picked yet: no picked list.
    expect(await s.send({ type: 'TO_CHECK' })).toBe('pickingProcess');
    expect(await s.send('=34717-8-a-01')).toBe('pickingProcess');
    expect(s.context().currentCell).toBe('=34717-8-a-01');
    expect(await s.send('P400001')).toBe('pickingProcess');
    expect(s.sounds).toEqual(['success-small']);
    expect(progressOf(s.context().items)).toEqual({ picked: 1, total: 2 });
    // A repeated item: the repeat sound, no call.
    expect(await s.send('P400001')).toBe('pickingProcess');
    expect(s.sounds.at(-1)).toBe('repeat');
    expect(s.server.calls.pickup).toHaveLength(1);
    // An item then its cell (after a new start without a current cell).
    const t = start('R-1001');
    await t.send({ type: 'BEGIN' }, 'P400002');
    expect(t.context().pendingBarcode).toBe('P400002');
    expect(await t.send('=34717-8-b-03')).toBe('pickingProcess');
    expect(t.context().currentCell).toBeNull();
    expect(await t.send('=34717-8-a-01', 'P400001')).toBe('checkPicked');
    expect(t.sounds).toEqual(['success-small', 'success-big']);
  });

  it('a barcode of no item is f-0008 with the server’s reason; a wrong cell f-0008 with the server message; no answer f-0009', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' }, ' ', 'P123');
    // No cell scanned yet: asked with CellBarcode '' so the server says why.
    expect(s.server.calls.pickup.at(-1)).toMatchObject({ Barcode: 'P123', CellBarcode: '' });
    expect(s.errors.at(-1)).toEqual({
      code: 'f-0008',
      barcode: 'P123',
      message: 'Посылка P123 не найдена',
      errorCode: 404,
    });
    await s.send('P400003');
    expect(s.errors.at(-1)).toMatchObject({
      code: 'f-0008',
      message: 'Посылка P400003 — не этого получателя',
    });
    expect(await s.send('=34717-8-b-03', 'P400001')).toBe('pickingProcess');
    expect(s.errors.at(-1)).toMatchObject({
      code: 'f-0008',
      barcode: 'P400001',
      message: 'Посылка P400001 лежит в ячейке 8-a-01',
      errorCode: 304,
    });
    s.server.failNext('pickup', 'network');
    expect(await s.send('P400002')).toBe('pickingProcess');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0009', barcode: 'P400002', message: null });
    expect(await s.send('P400002')).toBe('pickingProcess');
    expect(s.context().error).toBeNull();
  });

  it('cancel asks first; confirmed, the picked parcel goes back and /picking opens', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001');
    expect(await s.send({ type: 'CANCEL' })).toBe('confirmCancel');
    expect(await s.send({ type: 'CANCELLED' })).toBe('pickingProcess');
    s.server.failNext('cancel', 'refused');
    expect(await s.send({ type: 'CANCEL' }, { type: 'CONFIRMED' })).toBe('pickingProcess');
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0013', message: 'Уже завершена' });
    s.server.failNext('cancel', 'network');
    expect(await s.send({ type: 'CANCEL' }, { type: 'CONFIRMED' })).toBe('pickingProcess');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0013', message: null });
    expect(await s.send({ type: 'CANCEL' }, { type: 'CONFIRMED' })).toBe('finished');
    expect(s.done).toEqual(['cancelled']);
    expect(s.server.items().every((one) => one.state === 'WAITING')).toBe(true);
    expect(s.paths).toEqual(['/picking']);
    expect(s.stored.at(-1)).toBeNull();
  });
});

describe('picking machine: checkPicked and end', () => {
  it('ends: f-0011 refused, f-0012 no answer, then handed out with ok-new and /picking', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001');
    expect(await s.send({ type: 'TO_CHECK' })).toBe('checkPicked');
    expect(await s.send({ type: 'BACK' })).toBe('pickingProcess');
    await s.send({ type: 'TO_CHECK' });
    s.server.failNext('end', 'refused');
    expect(await s.send({ type: 'END' })).toBe('checkPicked');
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0011', message: 'Нужна оплата' });
    s.server.failNext('end', 'network');
    expect(await s.send({ type: 'END' })).toBe('checkPicked');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0012', message: null });
    expect(await s.send({ type: 'CANCEL' })).toBe('confirmCancel');
    await s.send({ type: 'CANCELLED' }, { type: 'TO_CHECK' });
    expect(await s.send({ type: 'END' })).toBe('finished');
    expect(s.done).toEqual(['ended']);
    expect(s.sounds.at(-1)).toBe('ok-new');
    expect(s.paths).toEqual(['/picking']);
    expect(s.stored.at(-1)).toBeNull();
  });
});

describe('picking machine: the device pointer names its open picking', () => {
  it('viewing a recipient and «К списку» neither set nor clear the pointer', async () => {
    const s = start('R-1001');
    expect(await s.send()).toBe('pickingInfo');
    expect(await s.send({ type: 'BACK' })).toBe('finished');
    expect(s.paths).toEqual(['/picking']);
    expect(s.stored).toEqual([]);
  });

  it('the reload of its own open picking points at it again', async () => {
    const s = start('R-1001', (server) => server.openOwnPicking());
    expect(await s.send()).toBe('pickingProcess');
    expect(s.stored).toEqual(['R-1001']);
  });
});

describe('picking machine: restore, balance and gate mode', () => {
  it('reopens the kept recipient on /picking when the warehouse says so', async () => {
    const s = start(null, undefined, { restorable: 'R-1001' });
    expect(await s.send()).toBe('pickingDirectionSelect');
    expect(s.paths).toEqual(['/picking/pickup/R-1001']);
    const t = start(null, (server) => server.failNext('restore', 'network'));
    expect(await t.send()).toBe('pickingDirectionSelect');
    expect(t.paths).toEqual([]);
  });

  it('loads the balance into the info; a failing check blocks Begin; f-0003 on failure', async () => {
    const s = start('R-1001', undefined, { shortfall: 700 });
    expect(await s.send()).toBe('pickingInfo');
    expect(s.context().balance?.shortfall).toBe(700);
    expect(await s.send({ type: 'BEGIN' })).toBe('pickingInfo');
    expect(s.server.calls.begin).toEqual([]);
    const t = start('R-1001', (server) => server.failNext('balance', 'refused'));
    expect(await t.send()).toBe('pickingInfo');
    expect(t.errors.at(-1)).toMatchObject({ code: 'f-0003', message: 'Сбой' });
    expect(t.context().balance).toBeNull();
    const u = start('R-1001', (server) => server.failNext('balance', 'network'));
    expect(await u.send()).toBe('pickingInfo');
    expect(u.errors.at(-1)).toEqual({ code: 'f-0003', message: null });
    expect(await u.send({ type: 'BEGIN' })).toBe('pickingProcess');
  });

  it('gate mode: a storage cell is refused without a call; items go into the current gate cell', async () => {
    const gateCells = ['=34717-2-f-07', '=34717-2-f-08'];
    const s = start('R-1001', undefined, { gateCells });
    await s.send({ type: 'BEGIN' });
    expect(await s.send('=34717-8-a-01')).toBe('pickingProcess');
    expect(s.errors.at(-1)).toEqual({
      code: 'notGateCell',
      barcode: '=34717-8-a-01',
      message: '=34717-2-f-07, =34717-2-f-08',
    });
    expect(s.context().currentCell).toBeNull();
    // An item then a gate cell: picked into it, and the gate cell is kept.
    await s.send('P400001', '=34717-2-f-07');
    expect(s.context().currentCell).toBe('=34717-2-f-07');
    await s.send('=34717-2-f-08', 'P400002');
    expect(s.server.calls.pickup).toEqual([
      expect.objectContaining({ Barcode: 'P400001', CellBarcode: '=34717-2-f-07' }),
      expect.objectContaining({ Barcode: 'P400002', CellBarcode: '=34717-2-f-08' }),
    ]);
    expect(s.view()).toBe('checkPicked');
  });
});

describe('picking machine: lost', () => {
  it('asks a description for a WAITING item only; lost leaves the to-do list', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001');
    // A PICKED item: no dialog.
    expect(await s.send({ type: 'LOST_ASK', itemId: 11 })).toBe('pickingProcess');
    expect(await s.send({ type: 'LOST_ASK', itemId: 12 })).toBe('lostDialog');
    expect(await s.send({ type: 'LOST_CLOSE' })).toBe('pickingProcess');
    await s.send({ type: 'LOST_ASK', itemId: 12 });
    expect(await s.send({ type: 'LOST_SUBMIT', description: '   ' })).toBe('lostDialog');
    expect(await s.send({ type: 'LOST_SUBMIT', description: 'x'.repeat(501) })).toBe('lostDialog');
    s.server.failNext('lost', 'refused');
    expect(await s.send({ type: 'LOST_SUBMIT', description: ' Нет ' })).toBe('pickingProcess');
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0010', message: 'Не ожидает выдачи' });
    s.server.failNext('lost', 'network');
    await s.send({ type: 'LOST_ASK', itemId: 12 }, { type: 'LOST_SUBMIT', description: 'Нет' });
    expect(s.errors.at(-1)).toEqual({ code: 'f-0010', message: null });
    // Lost: everything left is picked → the picked list.
    await s.send({ type: 'LOST_ASK', itemId: 12 });
    expect(await s.send({ type: 'LOST_SUBMIT', description: ' Нет в ячейке ' })).toBe(
      'checkPicked',
    );
    expect(s.server.calls.lost.at(-1)).toMatchObject({
      PickingItemId: 12,
      Description: 'Нет в ячейке',
    });
    expect(progressOf(s.context().items)).toEqual({ picked: 1, total: 1 });
  });

  it('stays in the process while other items wait', async () => {
    const s = start('R-1001');
    await s.send({ type: 'BEGIN' }, { type: 'LOST_ASK', itemId: 12 });
    expect(await s.send({ type: 'LOST_SUBMIT', description: 'Нет' })).toBe('pickingProcess');
    expect(s.context().items.find((one) => one.itemId === 12)?.state).toBe('LOST');
  });
});

describe('picking machine: checkPincode and checkProxy', () => {
  async function picked(rules: Rules) {
    const s = start('R-1001', undefined, rules);
    await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001', { type: 'TO_CHECK' });
    return s;
  }

  it('checkPincode: invalid codes stay, a refusal comes back retyped, no answer keeps it, right ends', async () => {
    const s = await picked({ validationType: 1 });
    expect(await s.send({ type: 'END' })).toBe('checkPincode');
    expect(await s.send({ type: 'BACK' })).toBe('checkPicked');
    await s.send({ type: 'END' });
    for (const data of [
      { Kind: 'pincode', Pincode: '482' },
      { Kind: 'pincode', Pincode: '48a1' },
      { Kind: 'none' },
    ] as TValidationData[]) {
      expect(await s.send({ type: 'VALIDATE', data })).toBe('checkPincode');
    }
    expect(s.server.calls.end).toEqual([]);
    s.server.failNext('end', 'refused');
    expect(await s.send({ type: 'VALIDATE', data: { Kind: 'pincode', Pincode: '1111' } })).toBe(
      'checkPincode',
    );
    expect(s.errors.at(-1)).toMatchObject({ code: 'f-0011', message: 'Нужна оплата' });
    expect(s.context().validation).toBeNull();
    s.server.failNext('end', 'network');
    await s.send({ type: 'VALIDATE', data: { Kind: 'pincode', Pincode: '4821' } });
    expect(s.view()).toBe('checkPincode');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0012', message: null });
    expect(s.context().validation).toEqual({ Kind: 'pincode', Pincode: '4821' });
    expect(await s.send({ type: 'VALIDATE', data: { Kind: 'pincode', Pincode: '4821' } })).toBe(
      'finished',
    );
    expect(s.server.calls.end.at(-1)).toMatchObject({
      ValidationData: { Kind: 'pincode', Pincode: '4821' },
    });
    expect(s.done).toEqual(['ended']);
  });

  it('checkProxy: nothing sent while invalid; refused and unanswered keep the data; valid ends', async () => {
    const s = await picked({ validationType: 2 });
    expect(await s.send({ type: 'END' })).toBe('checkProxy');
    const valid: TValidationData = {
      Kind: 'attorney',
      AttorneyNumber: '77 АБ 1234567',
      AttorneyDate: '2026-01-10',
      HolderName: 'Орлов Дмитрий',
    };
    for (const data of [
      { ...valid, AttorneyNumber: '' },
      { ...valid, AttorneyDate: '2999-01-01' },
      { ...valid, AttorneyDate: '2001-01-01' },
      { ...valid, HolderName: 'Я' },
      { Kind: 'pincode', Pincode: '4821' },
    ] as TValidationData[]) {
      expect(await s.send({ type: 'VALIDATE', data })).toBe('checkProxy');
    }
    expect(s.server.calls.end).toEqual([]);
    s.server.failNext('end', 'refused');
    expect(await s.send({ type: 'VALIDATE', data: valid })).toBe('checkProxy');
    expect(s.context().validation).toEqual(valid);
    s.server.failNext('end', 'network');
    expect(await s.send({ type: 'VALIDATE', data: valid })).toBe('checkProxy');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0012', message: null });
    expect(await s.send({ type: 'BACK' })).toBe('checkPicked');
    await s.send({ type: 'END' });
    expect(await s.send({ type: 'VALIDATE', data: valid })).toBe('finished');
    expect(s.server.calls.end.at(-1)).toMatchObject({ ValidationData: valid });
  });
});

describePaymentScenarios();

describe('picking machine: model coverage', () => {
  it('groups by cell in order and sees a passed deadline', () => {
    const items = createFakeServer().items();
    expect(groupByCell(items).map((group) => group.key)).toEqual([
      '=34717-8-a-01',
      '=34717-8-b-03',
    ]);
    expect(isDeadlinePassed('2026-01-15', '2026-11-26')).toBe(true);
    expect(isDeadlinePassed('2030-12-31', '2026-11-26')).toBe(false);
    expect(isDeadlinePassed(null, '2026-11-26')).toBe(false);
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.transitionCount()).toBeGreaterThan(30);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });

  it('every code of the picking catalogue fired', () => {
    expect(PICKING_CODES.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
