import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { A1, A2, A3, B99, C4, atScanWhat, start } from './sorting.machine.fixture';

/** The entry, parcel and box scenarios of sorting.machine.test.ts (they feed its coverage checks). */
export function describeParcelScenarios(): void {
  describe('sorting screen machine: entry', () => {
    it('init → scanWarehouse → scanZone → scanWhat by scan and by list, change warehouse', async () => {
      const s = start({ input: { defaultWarehouseNumber: null, lastZoneNumber: null } });
      expect(s.screen()).toBe('scanWarehouse');
      expect(s.context().prompt.main.key).toBe('scanWarehouse');
      expect(await s.send('~badge')).toBe('scanWarehouse'); // the shell's user switch
      expect(await s.send('34717')).toBe('scanZone');
      expect(s.context().prompt.main.key).toBe('scanZone');
      expect(s.context().prompt.pre?.params?.number).toBe(34717);
      expect(await s.send({ type: 'CHANGE_WAREHOUSE' })).toBe('scanWarehouse');
      expect(await s.send({ type: 'WAREHOUSE_PICKED', number: 34717 })).toBe('scanZone');
      expect(await s.send({ type: 'ZONE_PICKED', number: 1 })).toBe('scanWhat');
      expect(s.context().zone?.Number).toBe(1);
      expect(s.context().prompt.main.key).toBe('scanWhat');
      expect(s.context().prompt.bottom?.key).toBe('setWorkplace');
    });

    it('a non-cell scan in the zone step right after the warehouse is f-0015 (entry child)', async () => {
      const s = start({ input: { lastZoneNumber: null } });
      await s.settled();
      expect(s.screen()).toBe('scanZone');
      expect(await s.send('P1')).toBe('scanZone');
      expect(s.calls).toHaveLength(0);
    });

    it('change zone goes back to the zone step of the same warehouse; change warehouse to the first', async () => {
      const s = await atScanWhat();
      expect(await s.send({ type: 'CHANGE_ZONE' })).toBe('scanZone');
      expect(s.context().zone).toBeNull();
      expect(await s.send('%Z34717-2')).toBe('scanWhat');
      expect(s.context().zone?.Type).toBe('EXPEDITION');
      expect(await s.send({ type: 'CHANGE_WAREHOUSE' })).toBe('scanWarehouse');
      expect(s.context().warehouse).toBeNull();
    });
  });

  describe('sorting screen machine: parcels', () => {
    it('parcel → scanWhere with its cells → cell → move → scanWhat, success and the cell spoken', async () => {
      const s = await atScanWhat();
      expect(await s.send('P1')).toBe('scanWhere');
      expect(s.callsOf('scanParcel')).toEqual([
        { barcode: 'P1', warehouseId: 7, userId: 5, zoneId: 11 },
      ]);
      // One call per parcel scan: the scan's answer carries the cells (part 1 §7).
      expect(s.callsOf('suggestCells')).toEqual([]);
      const prompt = s.context().prompt;
      expect(prompt.main.key).toBe('putDownAndScan');
      expect(prompt.extra).toEqual({ key: 'routeNumber', params: { route: 'R-101' } });
      expect(prompt.isArrow).toBe(true);
      expect(s.context().cells.map((c) => c.name)).toEqual(['1-a-01']);
      expect(s.storage.value).toEqual({ barcode: 'P1', id: 1 });

      expect(await s.send(A1.barcode)).toBe('scanWhat');
      const [move] = s.callsOf('move');
      expect(move).toMatchObject({ parcelId: 1, boxId: null, cellId: 101, userId: 5 });
      expect(move?.operationId).toMatch(/^op-/);
      expect(s.sounds.at(-1)).toEqual(['success-small', 'letters/a', 'numbers/1']);
      expect(s.context().prompt.pre).toEqual({
        key: 'movedParcelToCell',
        params: { parcel: 'P1', cell: '1-a-01' },
      });
      expect(s.context().parcel).toBeNull();
      expect(s.errors).toEqual([]);
    });

    it('a column above 70 is not spoken; a full box asks to tie it up with success-big', async () => {
      const s = await atScanWhat();
      await s.send('P1', B99.barcode);
      expect(s.sounds.at(-1)).toEqual(['success-small']);
      await s.send('P1', C4.barcode);
      expect(s.sounds.at(-1)).toEqual(['success-big', 'letters/c', 'numbers/4']);
      expect(s.context().prompt.bottom).toEqual({ key: 'tieUpBox', params: { box: 1 } });
    });

    it('a rescan of the same parcel plays repeat and recommends other cells; cancel', async () => {
      const s = await atScanWhat({ lastParcel: { barcode: 'P1', id: 1 } });
      expect(await s.send('P1')).toBe('scanWhere');
      expect(s.sounds[0]).toEqual(['repeat']);
      expect(s.context().prompt.pre?.key).toBe('recommendOtherCells');
      expect(await s.send('P1')).toBe('scanWhere'); // rescan again from scan where
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
    });

    it('a rescan that returns another parcel is f-0004', async () => {
      const s = await atScanWhat({ lastParcel: { barcode: 'P9', id: 999 } });
      expect(await s.send('P9')).toBe('scanWhat');
      expect(s.lastError()).toMatchObject({ key: 'f-0004', params: { barcode: 'P9' } });
    });

    it('parcel codes 104/404 show not found with the barcode; other refusals the message; a failure f-0009', async () => {
      const s = await atScanWhat();
      await s.send('P404');
      // The f-code in small print, not the server's raw 404.
      expect(s.lastError()).toEqual({
        key: 'parcelNotFound',
        code: 'f-0001',
        params: { barcode: 'P404', warehouse: 34717 },
      });
      const s104 = await atScanWhat({ failures: { scanParcel: { errorCode: 104 } } });
      await s104.send('P1');
      expect(s104.lastError()).toMatchObject({ key: 'parcelNotFound', code: 'f-0001' });
      await s.send('P500');
      expect(s.lastError()).toMatchObject({ key: 'serverMessage', message: 'Сервер отказал' });
      await s.send('PTHROW');
      expect(s.lastError()).toMatchObject({ key: 'f-0009' });
      expect(s.errors).toHaveLength(3); // each also a toast
    });

    it('a parcel without cells asks for an empty box or a new cell', async () => {
      const s = await atScanWhat();
      expect(await s.send('P6')).toBe('scanWhere');
      expect(s.context().prompt.main.key).toBe('emptyBoxOrNewCell');
      expect(s.context().prompt.isArrow).toBe(false);
    });

    it('scanWhere: cell not found (104, 304 → f-0003), refusal, failure; then a new parcel', async () => {
      const s = await atScanWhat();
      await s.send('P1');
      expect(await s.send('=NOPE')).toBe('scanWhere');
      expect(s.lastError()).toMatchObject({ key: 'f-0003', params: { code: '104' } });
      await s.send('=OTHER');
      expect(s.lastError()).toMatchObject({ key: 'f-0003', params: { code: '304' } });
      await s.send('=CELL500');
      expect(s.lastError()).toMatchObject({ key: 'serverMessage' });
      await s.send('=THROW');
      expect(s.lastError()).toMatchObject({ key: 'f-0001' });
      expect(await s.send('P9')).toBe('scanWhere');
      expect(s.context().parcel?.number).toBe('P9');
      expect(s.lastError()).toBeNull();
    });

    it('a refused move is f-0014 without Retry (the same move would be refused again); a new scan is a new move', async () => {
      const s = await atScanWhat();
      await s.send('P1');
      expect(await s.send(A3.barcode)).toBe('scanWhere');
      expect(s.lastError()).toMatchObject({
        key: 'f-0014',
        params: { message: 'Состояние изменилось' },
      });
      expect(s.context().canRetryMove).toBe(false);
      expect(await s.send({ type: 'RETRY' })).toBe('scanWhere');
      expect(s.callsOf('move')).toHaveLength(1);
      expect(await s.send(A3.barcode)).toBe('scanWhat');
      const [first, second] = s.callsOf('move');
      expect(second?.operationId).not.toBe(first?.operationId);
      expect(s.sounds.at(-1)?.[0]).toBe('success-small');
    });

    it('a parcel already in a cell: the scan says where it lies; its own cell answers "already here" with the repeat sound, no error, no Retry', async () => {
      const s = await atScanWhat();
      expect(await s.send('P10')).toBe('scanWhere');
      expect(s.context().prompt.pre).toEqual({
        key: 'parcelLine',
        params: { number: 'P10', name: 'Санкт-Петербург' },
      });
      expect(s.context().prompt.bottom).toEqual({
        key: 'alreadyInCell',
        params: { parcel: 'P10', cell: '1-a-01', box: 1 },
      });
      expect(await s.send(A1.barcode)).toBe('scanWhat');
      expect(s.sounds.at(-1)).toEqual(['repeat']);
      expect(s.context().prompt.pre).toEqual({
        key: 'alreadyInCell',
        params: { parcel: 'P10', cell: '1-a-01', box: 1 },
      });
      expect(s.errors).toEqual([]);
      expect(s.context().canRetryMove).toBe(false);
      // Another cell re-sorts it as usual.
      await s.send('P10');
      expect(await s.send(A2.barcode)).toBe('scanWhat');
      expect(s.context().prompt.pre).toEqual({
        key: 'movedParcelToCell',
        params: { parcel: 'P10', cell: '1-a-02' },
      });
    });

    it('a parcel in a box that stands in no cell says so; a rescan of it keeps where it lies', async () => {
      const s = await atScanWhat({ lastParcel: { barcode: 'P11', id: 11 } });
      expect(await s.send('P11')).toBe('scanWhere');
      expect(s.context().prompt.pre).toEqual({ key: 'recommendOtherCells' });
      expect(s.context().prompt.bottom).toEqual({
        key: 'alreadyInBox',
        params: { parcel: 'P11', box: 5 },
      });
    });

    it('Retry after a move that got no answer and was cancelled resends the same operation', async () => {
      const s = await atScanWhat({ failures: { move: { times: 1, failure: 'throw' } } });
      await s.send('P1');
      s.actor.send({ type: 'SCANNED', text: A1.barcode });
      await waitFor(s.actor, (state) => state.matches({ work: 'connectionLost' }));
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhere');
      expect(s.context().canRetryMove).toBe(true);
      expect(await s.send({ type: 'RETRY' })).toBe('scanWhat');
      const [first, second] = s.callsOf('move');
      expect(second?.operationId).toBe(first?.operationId);
    });

    it('a move without an answer says the connection is lost, keeps the scan, resends the same operation when online', async () => {
      const s = await atScanWhat({ failures: { move: { times: 1, failure: 'throw' } } });
      await s.send('P1');
      s.actor.send({ type: 'SCANNED', text: A1.barcode });
      await waitFor(s.actor, (state) => state.matches({ work: 'connectionLost' }));
      expect(s.lastError()).toMatchObject({ key: 'connectionLost' });
      expect(s.errors.filter((error) => error.key === 'connectionLost')).toHaveLength(1);
      expect(s.context().parcel?.number).toBe('P1');
      expect(s.context().targetCell?.barcode).toBe(A1.barcode);
      expect(await s.send({ type: 'ONLINE' })).toBe('scanWhat');
      const [first, second] = s.callsOf('move');
      expect(first?.operationId).toEqual(expect.any(String));
      expect(second?.operationId).toBe(first?.operationId);
      expect(s.callsOf('move')).toHaveLength(2);
      expect(s.lastError()).toBeNull();
      expect(s.sounds.at(-1)?.[0]).toBe('success-small');
    });

    it('a retryable 503 is retried after the delay with the same id, the loss said once', async () => {
      const s = await atScanWhat({
        moveRetryDelayMs: 5,
        failures: { move: { times: 2, failure: { errorCode: 503, message: 'db down' } } },
      });
      await s.send('P1');
      s.actor.send({ type: 'SCANNED', text: A1.barcode });
      await waitFor(s.actor, (state) => state.matches({ work: 'scanWhat' }), { timeout: 2000 });
      const ids = s.callsOf('move').map((call) => call.operationId);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(s.errors.filter((error) => error.key === 'connectionLost')).toHaveLength(1);
    });

    it('cancelling while the connection is lost keeps the parcel in scan where', async () => {
      const s = await atScanWhat({ failures: { move: 'throw' } });
      await s.send('P1');
      s.actor.send({ type: 'SCANNED', text: A1.barcode });
      await waitFor(s.actor, (state) => state.matches({ work: 'connectionLost' }));
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhere');
      expect(s.context().parcel?.number).toBe('P1');
      expect(s.lastError()).toBeNull();
      expect(s.context().canRetryMove).toBe(true);
    });

    it('suggest refused or failed is f-0010, the cells of the scan stay', async () => {
      // Asked only after a step ran (here the sticker), since the scan's cells may not hold.
      const refused = await atScanWhat({ failures: { suggestCells: { errorCode: 1 } } });
      expect(await refused.send('P5')).toBe('scanWhere');
      expect(refused.callsOf('suggestCells')).toEqual([
        expect.objectContaining({ parcelId: 5, zoneId: 11 }),
      ]);
      expect(refused.lastError()).toMatchObject({ key: 'f-0010' });
      expect(refused.context().cells).toEqual([A1]);
      const failed = await atScanWhat({ failures: { suggestCells: 'throw' } });
      expect(await failed.send('P5')).toBe('scanWhere');
      expect(failed.lastError()).toMatchObject({ key: 'f-0010' });
    });

    it('asks cells/suggest again only when a damage, measure or sticker step ran', async () => {
      const s = await atScanWhat();
      expect(await s.send('P1')).toBe('scanWhere');
      expect(s.callsOf('suggestCells')).toEqual([]);
      await s.send({ type: 'CANCELLED' });
      await s.send('P2', { type: 'DAMAGE_CONFIRMED', isDamaged: false, comment: '' });
      expect(s.screen()).toBe('scanWhere');
      expect(s.callsOf('suggestCells')).toEqual([
        expect.objectContaining({ parcelId: 2, zoneId: 11 }),
      ]);
      await s.send({ type: 'CANCELLED' });
      expect(await s.send('P5')).toBe('scanWhere');
      expect(s.callsOf('suggestCells')).toHaveLength(2);
      expect(s.callsOf('suggestCells')[1]).toMatchObject({ parcelId: 5 });
    });
  });

  describe('sorting screen machine: boxes', () => {
    it('box in scanWhat → its cells → scanWhere; same box f-0006; parcel f-0031; cell → move', async () => {
      const s = await atScanWhat();
      expect(await s.send('_B1')).toBe('scanWhere');
      // The box's cells came with its answer: no second call.
      expect(s.callsOf('suggestCells')).toEqual([]);
      expect(s.context().cells.map((cell) => cell.id)).toEqual([102]);
      expect(s.context().prompt.pre).toEqual({ key: 'boxLine', params: { number: 301 } });
      await s.send('_B1');
      expect(s.lastError()).toMatchObject({ key: 'f-0006' });
      expect(await s.send('P1')).toBe('scanWhere');
      expect(s.lastError()).toMatchObject({ key: 'f-0031' });
      expect(await s.send(A2.barcode)).toBe('scanWhat');
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: null, boxId: 301, cellId: 102 });
      // Said in words with the plural of its parcels, not "301 → 1-a-02".
      expect(s.context().prompt.pre).toEqual({
        key: 'movedBox',
        params: { box: 301, cell: '1-a-02', count: 3 },
      });
    });

    it('a box scanned into the cell it stands in answers "already here", no error', async () => {
      const s = await atScanWhat();
      expect(await s.send('_B3')).toBe('scanWhere');
      expect(await s.send(A1.barcode)).toBe('scanWhat');
      expect(s.context().prompt.pre).toEqual({
        key: 'boxAlreadyInCell',
        params: { box: 303, cell: '1-a-01' },
      });
      expect(s.sounds.at(-1)).toEqual(['repeat']);
      expect(s.errors).toEqual([]);
    });

    it('box errors in scanWhat: empty f-0005, unknown f-0002, refusal, failure', async () => {
      const s = await atScanWhat();
      await s.send('_B0');
      expect(s.lastError()).toMatchObject({ key: 'f-0005', params: { barcode: '_B0' } });
      await s.send('_B404');
      expect(s.lastError()).toMatchObject({ key: 'f-0002' });
      await s.send('_B500');
      expect(s.lastError()).toMatchObject({ key: 'serverMessage' });
      await s.send('_BTHROW');
      expect(s.lastError()).toMatchObject({ key: 'f-0001' });
      expect(s.screen()).toBe('scanWhat');
    });

    it('a box scanned for the parcel: moved into it; the box cell is spoken', async () => {
      const s = await atScanWhat();
      await s.send('P1');
      expect(await s.send('_B1')).toBe('scanWhat');
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: 1, boxId: 301, cellId: null });
      expect(s.sounds.at(-1)).toEqual(['success-small', 'letters/a', 'numbers/2']);
    });

    it('an empty box for the parcel → scanCell → cell → move parcel, box and cell', async () => {
      const s = await atScanWhat();
      await s.send('P1');
      expect(await s.send('_B0')).toBe('scanCell');
      expect(s.context().prompt.main).toEqual({ key: 'putBoxInCell', params: { box: 300 } });
      expect(await s.send('P1')).toBe('scanCell'); // rescan with a box chosen
      expect(s.lastError()).toMatchObject({ key: 'f-0031' });
      expect(await s.send('=NOPE')).toBe('scanCell');
      expect(s.lastError()).toMatchObject({ key: 'f-0003' });
      expect(await s.send(A1.barcode)).toBe('scanWhat');
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: 1, boxId: 300, cellId: 101 });
    });

    it('scanCell: another box, cancel; box errors for the parcel', async () => {
      const s = await atScanWhat();
      await s.send('P1', '_B0');
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
      await s.send('P1', '_B0');
      expect(await s.send('_B2')).toBe('scanWhat');
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: 1, boxId: 302 });
      expect(s.context().prompt.pre).toEqual({
        key: 'movedParcelToBox',
        params: { parcel: 'P1', box: 302 },
      });
      await s.send('P1');
      await s.send('_B404');
      expect(s.lastError()).toMatchObject({ key: 'f-0002' });
      await s.send('_B500');
      expect(s.lastError()).toMatchObject({ key: 'serverMessage' });
      await s.send('_BTHROW');
      expect(s.lastError()).toMatchObject({ key: 'f-0001' });
      expect(s.screen()).toBe('scanWhere');
    });
  });
}
