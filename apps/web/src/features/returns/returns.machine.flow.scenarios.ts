import { describe, expect, it } from 'vitest';
import { BACK, CANCEL, CONFIRMED, NEXT, comment, reason, start } from './returns.machine.fixture';

/** The scanning, count, reason and routing scenarios of returns.machine.test.ts (they feed its coverage checks). */
export function describeFlowScenarios(): void {
  describe('returns machine: scanning the parcel', () => {
    it('waits for a parcel scan; non-parcel scans are f-0004, an empty scan is ignored', async () => {
      const s = start();
      expect(s.state()).toBe('ScanRetunedPackage.waitScan');
      expect(
        await s.send('', '=34717-1-a-01', '~W1001-7KQ2', '_34717-1', '.69.12', 'https://x'),
      ).toBe('ScanRetunedPackage.waitScan');
      expect(s.codes()).toEqual(['f-0004', 'f-0004', 'f-0004', 'f-0004', 'f-0004']);
      expect(s.errors[0]).toEqual({ code: 'f-0004', barcode: '=34717-1-a-01' });
      expect(s.context().error?.code).toBe('f-0004');
    });

    it('unknown parcel f-0002 (with the barcode), nothing left f-0003, failed call f-0001', async () => {
      const s = start();
      expect(await s.send('P999999')).toBe('ScanRetunedPackage.waitScan');
      expect(s.errors).toEqual([
        { code: 'f-0002', barcode: 'P999999', message: 'Отправление P999999 не найдено' },
      ]);
      expect(await s.send('P300004')).toBe('ScanRetunedPackage.waitScan');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0003', barcode: 'P300004' });
      s.server.failNext('policies', 'network');
      expect(await s.send('P300001')).toBe('ScanRetunedPackage.waitScan');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: null });
      s.server.failNext('policies', 'denied');
      expect(await s.send('P300001')).toBe('ScanRetunedPackage.waitScan');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: 'Нет' });
      expect(s.context().barcode).toBeNull();
      // A good scan goes on.
      expect(await s.send('P300001')).toBe('SelectReturnReason');
      expect(s.context().item?.code).toBe('ITM-300001-1');
      expect(s.context().quantity).toBe(1);
    });

    it('a parcel with several items lets the worker pick one; one returnable item is picked at once', async () => {
      const s = start();
      expect(await s.send('P300003')).toBe('ScanRetunedPackage.pickItem');
      expect(s.context().items.map((entry) => entry.code)).toEqual([
        'ITM-300003-1',
        'ITM-300003-2',
      ]);
      // An unknown code changes nothing.
      expect(await s.send({ type: 'ITEM_PICKED', code: 'NOPE' })).toBe(
        'ScanRetunedPackage.pickItem',
      );
      expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
      expect(await s.send(BACK)).toBe('ScanRetunedPackage.pickItem');
      expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-1' })).toBe(
        'SelectReturnReason',
      );
      // fake is disabled for this item (disableCode 2): choosing it does nothing.
      expect(await s.send(reason('fake'))).toBe('SelectReturnReason');
      expect(s.context().reasonCode).toBeNull();
      expect(await s.send(BACK)).toBe('ScanRetunedPackage.pickItem');
      // Another parcel scanned at the item list replaces this one.
      expect(await s.send('P300012')).toBe('SelectReturnReason');
      expect(s.context().item?.code).toBe('ITM-300012-2');
      expect(await s.send(BACK)).toBe('ScanRetunedPackage.waitScan');
      expect(s.context().barcode).toBeNull();
      expect(await s.send('P300003')).toBe('ScanRetunedPackage.pickItem');
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(s.errors).toEqual([]);
    });
  });

  describe('returns machine: count, reason and routing (spec §4)', () => {
    it('count comes first for more than one unit; 0 or more than available is not taken', async () => {
      const s = start();
      expect(await s.send('P300002')).toBe('SelectReturnCount');
      expect(await s.send({ type: 'COUNT_CHOSEN', count: 0 })).toBe('SelectReturnCount');
      expect(await s.send({ type: 'COUNT_CHOSEN', count: 4 })).toBe('SelectReturnCount');
      expect(await s.send({ type: 'COUNT_CHOSEN', count: 1.5 })).toBe('SelectReturnCount');
      expect(await s.send({ type: 'COUNT_CHOSEN', count: 2 })).toBe('SelectReturnReason');
      expect(s.context().quantity).toBe(2);
      expect(await s.send(BACK)).toBe('SelectReturnCount');
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(await s.send('P300002')).toBe('SelectReturnCount');
      expect(await s.send(BACK)).toBe('ScanRetunedPackage.waitScan');
    });

    it('damage_item and fake go straight to the confirmation; the cost is price × count', async () => {
      const s = start();
      await s.send('P300002', { type: 'COUNT_CHOSEN', count: 2 });
      expect(await s.send(reason('damage_item'))).toBe('ConfirmReturnPackage.idle');
      expect(await s.send(BACK)).toBe('SelectReturnReason');
      expect(await s.send(reason('fake'))).toBe('ConfirmReturnPackage.idle');
      expect(await s.send(CONFIRMED)).toBe('accepted');
      expect(s.server.returns).toEqual([
        [
          {
            code: 'ITM-300002-1',
            barcode: 'P300002',
            quantity: 2,
            reasonCode: 'fake',
            reasonComment: '',
            comment: '',
            returnCost: 1180,
            imagesIds: [],
          },
        ],
      ]);
      expect(s.accepted).toEqual([{ barcode: 'P300002', name: 'Кружка', quantity: 2 }]);
      expect(s.navigations()).toBe(1);
      expect(s.actor.getSnapshot().status).toBe('done');
    });

    it('another_reason asks for a comment (required) in CheckQualityReturn', async () => {
      const s = start();
      await s.send('P300001');
      expect(await s.send(reason('another_reason'))).toBe('CheckQualityReturn');
      expect(await s.send(NEXT, comment('   '), NEXT)).toBe('CheckQualityReturn');
      expect(await s.send(BACK)).toBe('SelectReturnReason');
      expect(await s.send(reason('another_reason'), comment('Не подошёл цвет'), NEXT)).toBe(
        'ConfirmReturnPackage.idle',
      );
      expect(await s.send(BACK)).toBe('CheckQualityReturn');
      expect(s.context().comment).toBe('Не подошёл цвет');
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(s.context().comment).toBe('');
      await s.send('P300001', reason('another_reason'), comment('Не подошёл цвет'), NEXT);
      expect(await s.send(CONFIRMED)).toBe('accepted');
      expect(s.server.returns[0]?.[0]).toMatchObject({
        reasonCode: 'another_reason',
        comment: 'Не подошёл цвет',
        returnCost: 2490,
      });
    });

    it('oversort: choose oversort or shortage (required) and a comment', async () => {
      const s = start();
      await s.send('P300001');
      expect(await s.send(reason('oversort'))).toBe('OversortOrShortage');
      expect(await s.send(NEXT)).toBe('OversortOrShortage');
      expect(await s.send(BACK)).toBe('SelectReturnReason');
      await s.send(reason('oversort'));
      expect(
        await s.send({ type: 'PROBLEM_CHOSEN', problem: 'shortage' }, comment('Нет крышки')),
      ).toBe('OversortOrShortage');
      expect(await s.send(NEXT)).toBe('ConfirmReturnPackage.idle');
      expect(await s.send(BACK)).toBe('OversortOrShortage');
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      await s.send('P300001', reason('oversort'), { type: 'PROBLEM_CHOSEN', problem: 'oversort' });
      expect(await s.send(NEXT, CONFIRMED)).toBe('accepted');
      expect(s.server.returns[0]?.[0]).toMatchObject({
        reasonCode: 'oversort',
        reasonComment: 'oversort',
        comment: '',
      });
    });

    it('changing the reason forgets the comment and the problem of the other one', async () => {
      const s = start();
      await s.send('P300001', reason('oversort'), { type: 'PROBLEM_CHOSEN', problem: 'shortage' });
      await s.send(comment('x'), BACK, reason('oversort'));
      expect(s.context().problem).toBe('shortage');
      await s.send(BACK, reason('another_reason'));
      expect(s.context().problem).toBeNull();
      expect(s.context().comment).toBe('');
    });
  });
}
