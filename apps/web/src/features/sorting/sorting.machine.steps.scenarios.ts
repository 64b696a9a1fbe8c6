import { describe, expect, it } from 'vitest';
import { cellLocationSounds, screenStateOf, toGrams, type ScreenState } from './sorting.machine';
import {
  A1,
  type CallName,
  E1,
  type Failure,
  type Options,
  atScanWhat,
} from './sorting.machine.fixture';

/** The zone, step, sticker, acceptance and rule scenarios of sorting.machine.test.ts (they feed its coverage checks). */
export function describeStepScenarios(): void {
  describe('sorting screen machine: zones and expedition', () => {
    it('a cell scan in scanWhat sets the zone of that cell and keeps it in the cookie', async () => {
      const s = await atScanWhat();
      await s.send('P1', A1.barcode);
      expect(s.context().prompt.pre?.key).toBe('movedParcelToCell');
      expect(await s.send(E1.barcode)).toBe('scanWhat');
      expect(s.context().zone?.Number).toBe(2);
      expect(s.zoneCookie).toContain(2);
      // The prompt no longer tells the last move of the old zone: the page shows the new zone.
      expect(s.context().prompt.pre).toBeNull();
      await s.send('=34717-9-a-01');
      expect(s.lastError()).toMatchObject({ key: 'f-0012', params: { barcode: '=34717-9-a-01' } });
      await s.send('=Z500');
      expect(s.lastError()).toMatchObject({ key: 'serverMessage' });
      await s.send('=ZTHROW');
      expect(s.lastError()).toMatchObject({ key: 'f-0001' });
    });

    it('EXPEDITION with automove: the first cell is moved to at once → expeditionSuggestMove → scanWhat', async () => {
      const s = await atScanWhat({ input: { lastZoneNumber: 2 } });
      const seen: ScreenState[] = [];
      s.actor.subscribe((snapshot) => seen.push(screenStateOf(snapshot)));
      expect(await s.send('P7')).toBe('scanWhat');
      expect(seen).toContain('expeditionSuggestMove');
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: 7, cellId: 201 });
      expect(s.context().prompt.pre).toEqual({
        key: 'putInBoxInCell',
        params: { box: 1, cell: '2-a-01' },
      });
      expect(s.sounds.at(-1)).toEqual(['success-small', 'letters/a', 'numbers/1']);
    });

    it('EXPEDITION after a step: the cells asked again, the first moved to at once', async () => {
      const s = await atScanWhat({ input: { lastZoneNumber: 2 } });
      expect(await s.send('P5')).toBe('scanWhat');
      expect(s.callsOf('suggestCells')).toEqual([expect.objectContaining({ parcelId: 5 })]);
      expect(s.callsOf('move')[0]).toMatchObject({ parcelId: 5 });
    });

    it('automove refused or failed → scanWhere with f-0014; disabled automove waits for a cell', async () => {
      const refused = await atScanWhat({
        input: { lastZoneNumber: 2 },
        failures: { move: { errorCode: 409, message: 'moved meanwhile' } },
      });
      expect(await refused.send('P7')).toBe('scanWhere');
      expect(refused.lastError()).toMatchObject({ key: 'f-0014' });
      expect(refused.context().canRetryMove).toBe(false);
      const failed = await atScanWhat({
        input: { lastZoneNumber: 2 },
        failures: { move: 'throw' },
      });
      expect(await failed.send('P7')).toBe('scanWhere');
      expect(failed.context().canRetryMove).toBe(true);
      const disabled = await atScanWhat({
        input: { lastZoneNumber: 2 },
        warehouse: { DisableAutomove: true },
      });
      expect(await disabled.send('P7')).toBe('scanWhere');
      expect(disabled.callsOf('move')).toEqual([]);
    });
  });

  describe('sorting screen machine: check damage', () => {
    it('attention → checkDamage; damaged needs a comment (f-0020); confirm clears then reports', async () => {
      const s = await atScanWhat();
      expect(await s.send('P2')).toBe('checkDamage');
      expect(s.context().prompt.main.key).toBe('checkDamage');
      await s.send('P1');
      expect(s.lastError()).toMatchObject({ key: 'finishStep' });
      expect(await s.send('~badge', '')).toBe('checkDamage'); // the shell's, not an error
      expect(s.errors).toHaveLength(1);
      await s.send({ type: 'DAMAGE_CONFIRMED', isDamaged: true, comment: ' ' });
      expect(s.lastError()).toMatchObject({ key: 'f-0020' });
      expect(await s.send({ type: 'DAMAGE_CONFIRMED', isDamaged: true, comment: 'Вмятина' })).toBe(
        'scanWhere',
      );
      expect(s.calls.map((c) => c.name)).toEqual([
        'scanParcel',
        'clearAttention',
        'reportDamage',
        'suggestCells',
      ]);
      expect(s.callsOf('reportDamage')[0]).toMatchObject({ parcelId: 2, comment: 'Вмятина' });
    });

    it('not damaged: only the attention is cleared; cancel leaves the step', async () => {
      const s = await atScanWhat();
      await s.send('P2', { type: 'DAMAGE_CONFIRMED', isDamaged: false, comment: '' });
      expect(s.screen()).toBe('scanWhere');
      expect(s.callsOf('reportDamage')).toEqual([]);
      await s.send({ type: 'CANCELLED' }, 'P2');
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
    });

    it('attention removal refused f-0017 or failed f-0016; damage refused f-0019 or failed f-0018', async () => {
      const confirm = { type: 'DAMAGE_CONFIRMED', isDamaged: true, comment: 'x' } as const;
      const cases: [Partial<Record<CallName, Failure>>, string][] = [
        [{ clearAttention: { errorCode: 1 } }, 'f-0017'],
        [{ clearAttention: 'throw' }, 'f-0016'],
        [{ reportDamage: { errorCode: 1 } }, 'f-0019'],
        [{ reportDamage: 'throw' }, 'f-0018'],
      ];
      for (const [failures, code] of cases) {
        const s = await atScanWhat({ failures });
        expect(await s.send('P2', confirm)).toBe('checkDamage');
        expect(s.lastError()?.code).toBe(code);
      }
    });

    it('a retried confirmation reuses its operation id', async () => {
      const s = await atScanWhat({ failures: { reportDamage: 'throw' } });
      await s.send('P2', { type: 'DAMAGE_CONFIRMED', isDamaged: true, comment: 'x' });
      await s.send({ type: 'DAMAGE_CONFIRMED', isDamaged: true, comment: 'x' });
      const [first, second] = s.callsOf('clearAttention');
      expect(second?.operationId).toBe(first?.operationId);
    });
  });

  describe('sorting screen machine: measure', () => {
    it('.GL/.GW/.GH fill the dimensions, typed weight; measure then weight in grams', async () => {
      const s = await atScanWhat();
      expect(await s.send('P3')).toBe('measure');
      await s.send('.GL30', '.GW20,5', '.GH15', '   ');
      expect(s.context().measure).toMatchObject({ length: '30', width: '20,5', height: '15' });
      await s.send({ type: 'MEASURE_CHANGED', field: 'weight', value: '1,2345' });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')[0]).toMatchObject({
        parcelId: 3,
        length: 30,
        width: 20.5,
        height: 15,
      });
      expect(s.callsOf('weigh')[0]).toMatchObject({ parcelId: 3, weight: 1235 });
      expect(s.callsOf('measure')[0]?.operationId).not.toBe(s.callsOf('weigh')[0]?.operationId);
    });

    it('incomplete dimensions are refused without a call; other scans wait; cancel', async () => {
      const s = await atScanWhat();
      await s.send('P3', '.GL30', { type: 'MEASURE_SUBMITTED' });
      expect(s.lastError()).toMatchObject({ key: 'measureIncomplete' });
      // Another parcel is looked up as a dimension type (DIM-S …) and is none.
      await s.send('P1');
      expect(s.lastError()).toMatchObject({ key: 'dimensionNotFound', params: { barcode: 'P1' } });
      expect(s.screen()).toBe('measure');
      await s.send('_B1');
      expect(s.lastError()).toMatchObject({ key: 'finishStep' });
      expect(s.callsOf('measure')).toEqual([]);
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
    });

    it('measure only: no weight call', async () => {
      const s = await atScanWhat();
      await s.send('P8', '.GL1', '.GW2', '.GH3');
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')).toHaveLength(1);
      expect(s.callsOf('weigh')).toEqual([]);
    });

    it('the scale fills the weight; no scale is an error; weight only skips the measure call', async () => {
      const s = await atScanWhat({ scaleKg: 2.5 });
      await s.send('P4', { type: 'READ_WEIGHT' });
      expect(s.context().measure.weight).toBe('2,5'); // the interface's decimals (ru);
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')).toEqual([]);
      expect(s.callsOf('weigh')[0]).toMatchObject({ weight: 2500 });
      const none = await atScanWhat();
      await none.send('P4', { type: 'READ_WEIGHT' });
      expect(none.lastError()).toMatchObject({ key: 'scaleFailed' });
    });

    it('weight empty or ≤ 0 is f-0027 and the parcel stays in the measure step: it never reaches placing', async () => {
      const s = await atScanWhat();
      await s.send('P4');
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('measure');
      expect(s.lastError()).toMatchObject({ key: 'f-0027' });
      await s.send({ type: 'MEASURE_CHANGED', field: 'weight', value: '0' });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('measure');
      expect(s.lastError()).toMatchObject({ key: 'f-0027' });
      expect(s.callsOf('weigh')).toEqual([]);
      expect(s.callsOf('suggestCells')).toEqual([]);
      expect(s.callsOf('move')).toEqual([]);
      // A cell scan meanwhile does not place it either.
      await s.send(A1.barcode);
      expect(s.lastError()).toMatchObject({ key: 'finishStep' });
      expect(s.callsOf('move')).toEqual([]);
      await s.send({ type: 'MEASURE_CHANGED', field: 'weight', value: '1,5' });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('weigh')).toEqual([expect.objectContaining({ parcelId: 4, weight: 1500 })]);
    });

    it('measure saved but weight missing: only the weight is asked again, the sizes are not resent', async () => {
      const s = await atScanWhat();
      await s.send('P3', '.GL30', '.GW20', '.GH15');
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('measure');
      expect(s.lastError()).toMatchObject({ key: 'f-0027' });
      expect(s.callsOf('measure')).toHaveLength(1);
      expect(s.context().parcel).toMatchObject({ isNeedMeasure: false, isNeedWeight: true });
      await s.send({ type: 'MEASURE_CHANGED', field: 'weight', value: '2' });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')).toHaveLength(1);
      expect(s.callsOf('weigh')).toHaveLength(1);
    });

    it('a dimension type scan (DIM-S) fills the three sizes; the weight is still needed', async () => {
      const s = await atScanWhat();
      await s.send('P3', 'DIM-S');
      expect(s.callsOf('dimension')).toEqual([{ barcode: 'DIM-S' }]);
      expect(s.context().measure).toEqual({ length: '30', width: '20', height: '15', weight: '' });
      expect(s.errors).toEqual([]);
      expect(s.screen()).toBe('measure');
      // Not a dimension type (another parcel, say), or no answer: said without an f-code
      // (f-0021/f-0022 are the parcel's measures load, spec part 1 §8).
      await s.send('P1');
      expect(s.lastError()).toMatchObject({
        key: 'dimensionNotFound',
        code: null,
        params: { barcode: 'P1' },
      });
      await s.send('DIMTHROW');
      expect(s.lastError()).toMatchObject({ key: 'dimensionLookupFailed', code: null });
      expect(s.context().measure.length).toBe('30');
      await s.send({ type: 'MEASURE_CHANGED', field: 'weight', value: '0,8' });
      expect(await s.send({ type: 'MEASURE_SUBMITTED' })).toBe('scanWhere');
      expect(s.callsOf('measure')[0]).toMatchObject({ length: 30, width: 20, height: 15 });
      // A parcel needing weight only has no sizes to fill: the scan waits for the step.
      const weightOnly = await atScanWhat();
      await weightOnly.send('P4', 'DIM-S');
      expect(weightOnly.callsOf('dimension')).toEqual([]);
      expect(weightOnly.lastError()).toMatchObject({ key: 'finishStep' });
    });

    it('server refusals: measure 422 f-0028, other f-0007; weight 422 f-0027, other f-0008', async () => {
      const submit = [
        '.GL1',
        '.GW1',
        '.GH1',
        { type: 'MEASURE_CHANGED', field: 'weight', value: '1' },
        { type: 'MEASURE_SUBMITTED' },
      ] as const;
      const cases: [Partial<Record<CallName, Failure>>, string, ScreenState][] = [
        [{ measure: { errorCode: 422 } }, 'f-0028', 'measure'],
        [{ measure: { errorCode: 1 } }, 'f-0007', 'measure'],
        [{ measure: 'throw' }, 'f-0007', 'measure'],
        [{ weigh: { errorCode: 422 } }, 'f-0027', 'measure'],
        [{ weigh: { errorCode: 1 } }, 'f-0008', 'measure'],
        [{ weigh: 'throw' }, 'f-0008', 'measure'],
      ];
      for (const [failures, code, screen] of cases) {
        const s = await atScanWhat({ failures });
        expect(await s.send('P3', ...submit)).toBe(screen);
        expect(s.lastError()?.code).toBe(code);
      }
    });
  });

  describe('sorting screen machine: sticker', () => {
    it('prints the sticker through the port, then marks it printed', async () => {
      const s = await atScanWhat();
      expect(await s.send('P5')).toBe('scanWhere');
      expect(s.printed).toEqual([
        { barcodeName: 'parcel', barcodeData: [{ name: 'number', value: 'P5' }], copies: 1 },
      ]);
      expect(s.callsOf('getSticker')[0]).toEqual({ parcelId: 5, lang: 'ru' });
      expect(s.callsOf('markStickerPrinted')[0]).toMatchObject({ parcelId: 5 });
    });

    it('no printer → f-0024 and the printer settings; print failures f-0025; load failures f-0023', async () => {
      const none = await atScanWhat({ print: 'noPrinter' });
      await none.send('P5');
      expect(none.lastError()?.code).toBe('f-0024');
      expect(none.printerSettingsOpened()).toBe(1);
      expect(none.callsOf('markStickerPrinted')).toEqual([]);
      const cases: [Options, string][] = [
        [{ print: 'failed' }, 'f-0025'],
        [{ print: 'throw' }, 'f-0025'],
        [{ failures: { markStickerPrinted: { errorCode: 1 } } }, 'f-0025'],
        [{ failures: { markStickerPrinted: 'throw' } }, 'f-0025'],
        [{ failures: { getSticker: { errorCode: 104 } } }, 'f-0023'],
        [{ failures: { getSticker: 'throw' } }, 'f-0023'],
      ];
      for (const [options, code] of cases) {
        const s = await atScanWhat(options);
        expect(await s.send('P5')).toBe('scanWhere');
        expect(s.lastError()?.code).toBe(code);
      }
    });
  });

  describe('sorting screen machine: acceptance, urls, users', () => {
    it('.69. → acceptance report with name and quantity; the next scan goes on; close', async () => {
      const s = await atScanWhat();
      expect(await s.send('.69.IN-1')).toBe('acceptanceReport');
      expect(s.callsOf('arriveInbound')[0]).toMatchObject({ barcode: '.69.IN-1' });
      expect(s.context().prompt.pre).toEqual({
        key: 'acceptanceLine',
        // The plural forms of the catalogue choose "12 позиций" / "12 items" by count.
        params: { name: 'ООО «Автодеталь»', count: 12 },
      });
      expect(await s.send({ type: 'CANCELLED' })).toBe('scanWhat');
      await s.send('.69.IN-1');
      expect(await s.send('P1')).toBe('scanWhere');
    });

    it('acceptance refused f-0026, failed f-0011', async () => {
      const s = await atScanWhat();
      await s.send('.69.NOPE');
      expect(s.lastError()).toMatchObject({ key: 'f-0026', params: { message: 'Акт не найден' } });
      const failed = await atScanWhat({ failures: { arriveInbound: 'throw' } });
      await failed.send('.69.IN-1');
      expect(failed.lastError()?.code).toBe('f-0011');
    });

    it('a url with a barcode is that scan; other urls are refused; tokens, empties are ignored', async () => {
      const s = await atScanWhat();
      expect(await s.send('https://example.org/p?barcode=P1')).toBe('scanWhere');
      await s.send({ type: 'CANCELLED' });
      await s.send('https://example.org/p?x=1');
      expect(s.lastError()).toMatchObject({ key: 'urlNotSupported' });
      await s.send('https://example.org/p?lkdToken=abc', '   ', '.GL10');
      expect(s.lastError()).toMatchObject({ key: 'measureOutsideStep' });
      expect(s.screen()).toBe('scanWhat');
    });

    it('a user badge is ignored unless allowed; allowed → logout → the new user', async () => {
      const s = await atScanWhat({ lastParcel: { barcode: 'P1', id: 1 } });
      expect(await s.send('~badge')).toBe('scanWhat');
      expect(s.errors).toEqual([]); // the shell plays the error sound, not the screen
      const allowed = await atScanWhat({
        input: { isUserScanAllowed: true },
        lastParcel: { barcode: 'P1', id: 1 },
      });
      expect(await allowed.send('~badge')).toBe('logout');
      expect(allowed.storage.value).toBeNull();
      expect(await allowed.send({ type: 'USER_CHANGED', userId: 8 })).toBe('scanWhat');
      expect(allowed.context().userId).toBe(8);
      await allowed.send('~badge');
      expect(await allowed.send({ type: 'CANCELLED' })).toBe('scanWhat');
      // Allowed badges switch the user from the steps too.
      expect(await allowed.send('P2', '~badge')).toBe('logout');
      await allowed.send({ type: 'CANCELLED' });
      expect(await allowed.send('P3', '~badge')).toBe('logout');
      expect(allowed.context().parcel).toBeNull();
    });
  });

  describe('sorting screen machine: rules', () => {
    it('speaks a cell only with a numeric column up to 70', () => {
      expect(cellLocationSounds({ row: 'b', col: 70 })).toEqual(['letters/b', 'numbers/70']);
      expect(cellLocationSounds({ row: 'b', col: 71 })).toEqual([]);
      expect(cellLocationSounds(null)).toEqual([]);
    });

    it('sends weight in grams, rounded', () => {
      expect(toGrams(1.2345)).toBe(1235);
      expect(toGrams(0.0004)).toBe(0);
    });
  });
}
