import { describe, expect, it } from 'vitest';
import { A1, A3, B99, D5, atScanWhat } from './sorting.machine.fixture';

/**
 * The returnable container, known-measures and sound scenarios of sorting.machine.test.ts
 * (spec part 1 §7 ContainerAccounting and Parcels/{barcode}/measures, §9 sounds; they feed its
 * coverage checks).
 */
export function describeContainerScenarios(): void {
  describe('sorting screen machine: the measure step starts from the known measures', () => {
    it('fills the sizes and the weight (kg) the server knows; they are sent as they stand', async () => {
      const s = await atScanWhat();
      expect(await s.send('P12')).toBe('measure');
      expect(s.callsOf('measures')).toEqual([{ barcode: 'P12' }]);
      // In the interface's decimals (ru: a comma).
      expect(s.context().measure).toEqual({
        length: '40',
        width: '30',
        height: '20,5',
        weight: '1,25',
      });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')[0]).toMatchObject({ length: 40, width: 30, height: 20.5 });
      expect(s.callsOf('weigh')[0]).toMatchObject({ weight: 1250 });
      // Nothing known: the form stays empty.
      const none = await atScanWhat();
      await none.send('P3');
      expect(none.callsOf('measures')).toEqual([{ barcode: 'P3' }]);
      expect(none.context().measure).toEqual({ length: '', width: '', height: '', weight: '' });
    });

    it('measures refused is f-0022 with the reason, no answer f-0021; the worker measures anyway', async () => {
      const refused = await atScanWhat({
        failures: { measures: { errorCode: 404, message: 'Посылка P3 не найдена' } },
      });
      expect(await refused.send('P3')).toBe('measure');
      expect(refused.lastError()).toMatchObject({
        key: 'f-0022',
        code: 'f-0022',
        params: { message: 'Посылка P3 не найдена' },
      });
      const failed = await atScanWhat({ failures: { measures: 'throw' } });
      expect(await failed.send('P3')).toBe('measure');
      expect(failed.lastError()).toMatchObject({ key: 'f-0021', code: 'f-0021' });
      await failed.send('DIM-S', { type: 'MEASURE_CHANGED', field: 'weight', value: '2' });
      expect(await failed.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
    });
  });

  describe('sorting screen machine: a returnable container', () => {
    it('is located (tara), then moved to the scanned cell (success); the prompt says so', async () => {
      const s = await atScanWhat();
      expect(await s.send('_R34717-1')).toBe('scanContainerPlace');
      expect(s.callsOf('findContainer')).toEqual([{ barcode: '_R34717-1' }]);
      expect(s.callsOf('searchBox')).toEqual([]);
      expect(s.sounds).toEqual([['tara']]);
      expect(s.context().prompt).toMatchObject({
        pre: { key: 'containerLine', params: { container: '_R34717-1' } },
        main: { key: 'scanContainerPlace' },
        extra: { key: 'containerIsAt', params: { location: 'Ворота 1' } },
      });
      expect(await s.send(A1.barcode)).toBe('scanWhat');
      expect(s.callsOf('searchCell')).toMatchObject([{ barcode: A1.barcode }]);
      expect(s.callsOf('moveContainer')).toEqual([
        { ContainerBarcode: '_R34717-1', LocationCode: A1.barcode, operationId: 'op-00000001' },
      ]);
      expect(s.callsOf('move')).toEqual([]);
      expect(s.context().prompt.pre).toEqual({
        key: 'movedContainer',
        params: { container: '_R34717-1', cell: A1.name },
      });
      // The cell is spoken as after a parcel's move.
      expect(s.sounds.at(-1)).toEqual(['success-small', 'letters/a', 'numbers/1']);
      expect(s.context().container).toBeNull();
    });

    it('a container without a location says so; another container, a parcel or cancel leave it', async () => {
      const s = await atScanWhat();
      await s.send('_R34717-2');
      expect(s.context().prompt.extra).toEqual({ key: 'containerNowhere' });
      expect(await s.send('_R34717-1')).toBe('scanContainerPlace');
      expect(s.context().container?.Barcode).toBe('_R34717-1');
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
      await s.send('_R34717-2');
      expect(await s.send('P1')).toBe('scanWhere');
      expect(s.context().container).toBeNull();
      // A container scanned while a parcel waits for its cell is that container, not a box for
      // the parcel; the same from the scan cell step of an empty box.
      expect(await s.send('_R34717-2')).toBe('scanContainerPlace');
      expect(s.callsOf('searchBox')).toEqual([]);
      await s.send('P1', '_B0');
      expect(s.screen()).toBe('scanCell');
      expect(await s.send('_R34717-1')).toBe('scanContainerPlace');
      expect(s.context().box).toBeNull();
    });

    it('unknown container: its text with f-0002; other refusals the message; no answer f-0001', async () => {
      const s = await atScanWhat();
      expect(await s.send('_R34717-9')).toBe('scanWhat');
      expect(s.lastError()).toMatchObject({
        key: 'containerNotFound',
        code: 'f-0002',
        params: { barcode: '_R34717-9' },
      });
      // With a container in hand, an unknown one keeps the one in hand.
      await s.send('_R34717-1', '_R34717-9');
      expect(s.screen()).toBe('scanContainerPlace');
      expect(s.context().container?.Barcode).toBe('_R34717-1');
      const refused = await atScanWhat({ failures: { findContainer: { errorCode: 403 } } });
      await refused.send('_R34717-1');
      expect(refused.lastError()).toMatchObject({ key: 'serverMessage', code: '403' });
      const failed = await atScanWhat({ failures: { findContainer: 'throw' } });
      await failed.send('_R34717-1');
      expect(failed.lastError()).toMatchObject({ key: 'f-0001' });
    });

    it('an unknown cell is f-0003 and never a location; a move refused or unanswered is f-0030; the container stays in hand', async () => {
      const s = await atScanWhat();
      await s.send('_R34717-1');
      expect(await s.send('=34717-9-a-01')).toBe('scanContainerPlace');
      expect(s.lastError()).toMatchObject({ key: 'f-0003', params: { barcode: '=34717-9-a-01' } });
      expect(s.callsOf('moveContainer')).toEqual([]);
      expect(await s.send(A1.barcode)).toBe('scanWhat');
      const refused = await atScanWhat({
        failures: { moveContainer: { errorCode: 304, message: 'Ячейка другого склада' } },
      });
      await refused.send('_R34717-1');
      expect(await refused.send(A1.barcode)).toBe('scanContainerPlace');
      expect(refused.lastError()).toMatchObject({
        key: 'f-0030',
        code: 'f-0030',
        params: { message: 'Ячейка другого склада' },
      });
      // The cell lookup refused otherwise, or unanswered: the server's message, f-0001.
      const cellRefused = await atScanWhat({ failures: { searchCell: { errorCode: 1 } } });
      await cellRefused.send('_R34717-1', A1.barcode);
      expect(cellRefused.lastError()).toMatchObject({ key: 'serverMessage', code: '1' });
      expect(cellRefused.screen()).toBe('scanContainerPlace');
      const cellFailed = await atScanWhat({ failures: { searchCell: 'throw' } });
      await cellFailed.send('_R34717-1', A1.barcode);
      expect(cellFailed.lastError()).toMatchObject({ key: 'f-0001' });
      const failed = await atScanWhat({ failures: { moveContainer: 'throw' } });
      await failed.send('_R34717-1');
      expect(await failed.send(A1.barcode)).toBe('scanContainerPlace');
      expect(failed.lastError()).toMatchObject({ key: 'f-0030', params: { message: '' } });
    });
  });

  describe('sorting screen machine: the sounds free, new and stop', () => {
    it('free when the best suggested cell is empty; new when the move opened a box there', async () => {
      const s = await atScanWhat();
      expect(await s.send('P13')).toBe('scanWhere');
      expect(s.sounds).toEqual([['free']]);
      await s.send(D5.barcode);
      expect(s.sounds.at(-1)).toEqual(['success-small', 'new', 'letters/d', 'numbers/5']);
      // A cell with a box: neither.
      await s.send('P1');
      expect(s.sounds.at(-1)).toEqual(['success-small', 'new', 'letters/d', 'numbers/5']);
      await s.send(A1.barcode);
      expect(s.sounds.at(-1)).toEqual(['success-small', 'letters/a', 'numbers/1']);
      await s.send('P9', B99.barcode);
      // Only P13's suggestion started with a free cell.
      expect(s.sounds.flat().filter((name) => name === 'free')).toHaveLength(1);
    });

    it('stop (not err) for a refused move and for a rescan that found another parcel', async () => {
      const s = await atScanWhat();
      await s.send('P1', A3.barcode);
      expect(s.lastError()).toMatchObject({ code: 'f-0014', sound: 'stop' });
      expect(s.sounds.at(-1)).toEqual(['stop']);
      const rescan = await atScanWhat({ lastParcel: { barcode: 'P1', id: 99 } });
      await rescan.send('P1');
      expect(rescan.lastError()).toMatchObject({ code: 'f-0004', sound: 'stop' });
      expect(rescan.sounds.at(-1)).toEqual(['stop']);
      // An error the worker only reads has no sound of its own (the toast plays err).
      const other = await atScanWhat();
      await other.send('_B2', '_B2');
      expect(other.lastError()).toMatchObject({ code: 'f-0006' });
      expect(other.lastError()?.sound).toBeUndefined();
    });
  });
}
