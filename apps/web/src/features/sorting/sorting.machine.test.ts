import { describe, expect, it } from 'vitest';
import { stateNodesOf, transitionsOf } from '../../test/machine-graph';
import { createActor, fromPromise, waitFor, type AnyStateNode, type InspectionEvent } from 'xstate';
import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMoveResult,
  TParcel,
  TWarehouse,
  TZone,
} from '@sorting/contracts';
import type { SoundName } from '../../shell/sounds/sound-names';
import {
  sortingEntryMachine,
  type LookupResult,
  type WarehouseLookupInput,
  type ZoneLookupInput,
} from './sorting-entry.machine';
import {
  cellLocationSounds,
  screenStateOf,
  sortingMachine,
  toGrams,
  type LastParcel,
  type PrintOutcome,
  type PromptError,
  type ScreenState,
  type SortingEvent,
  type SortingInput,
  type StickerJob,
} from './sorting.machine';
import type { SortingCalls } from './sorting.service';

// Model-based tests of the whole sorting screen (conventions §4): a table of event sequences
// from init, run against a fake server; together they must visit every state node and fire
// every transition of the machine, which the last test checks through xstate's inspection.

const WAREHOUSE: TWarehouse = {
  Id: 7,
  Name: 'СЦ Москва — Север',
  Number: 34717,
  Code: 'MSK-SC1',
  DefaultZoneNumber: 1,
  LastBoxNumber: 0,
  Version: 1,
  SortingMode: 'SortingCenter',
  IsSinglePickingPerDevice: false,
  DisableAutomove: false,
  MenuType: 0,
};
const ZONES: TZone[] = [
  { Id: 11, Number: 1, Name: 'Сито', Type: 'SITO' },
  { Id: 12, Number: 2, Name: 'Экспедиция', Type: 'EXPEDITION' },
];

function cell(id: number, zoneNumber: number, row: string, col: number): TCell {
  const name = `${zoneNumber}-${row}-${String(col).padStart(2, '0')}`;
  return {
    id,
    name,
    number: id,
    zoneNumber,
    zoneType: zoneNumber === 2 ? 'expedition' : 'sito',
    row,
    col,
    isEmpty: false,
    barcode: `=34717-${name}`,
  };
}
const A1 = cell(101, 1, 'a', 1);
const A2 = cell(102, 1, 'a', 2);
const A3 = cell(103, 1, 'a', 3); // moves into it fail once
const B99 = cell(104, 1, 'b', 99); // column above 70: not spoken
const C4 = cell(105, 1, 'c', 4); // its box fills up: "tie up the box"
const E1 = cell(201, 2, 'a', 1);
const CELLS = [A1, A2, A3, B99, C4, E1];

function parcel(id: number, number: string, extra: Partial<TParcel> = {}): TParcel {
  return {
    id,
    name: 'Колодки',
    number,
    sortingKey: 'SPB-01',
    sortingName: 'Санкт-Петербург',
    boxNumber: null,
    cellName: null,
    isBoxReceipted: false,
    inboundNumber: null,
    isInboundReceipted: false,
    isNeedMeasure: false,
    isNeedWeight: false,
    isNeedStickerPrint: false,
    attentionMessage: null,
    routeNumber: 'R-101',
    cells: [A1],
    notReceiptedQuantity: 0,
    isReceipted: false,
    clientName: null,
    makeName: null,
    detailNumber: null,
    detailName: null,
    quantity: 1,
    ...extra,
  };
}
const PARCELS: TParcel[] = [
  parcel(1, 'P1'),
  parcel(2, 'P2', { attentionMessage: 'Упаковка вскрыта' }),
  parcel(3, 'P3', { isNeedMeasure: true, isNeedWeight: true }),
  parcel(4, 'P4', { isNeedWeight: true }),
  parcel(5, 'P5', { isNeedStickerPrint: true }),
  parcel(6, 'P6', { cells: [] }),
  parcel(7, 'P7', { cells: [E1] }),
  parcel(8, 'P8', { isNeedMeasure: true }),
  parcel(9, 'P9'),
  // Already sorted: lies in box 1 in cell 1-a-01, or in box 5 that stands in no cell.
  parcel(10, 'P10', { boxNumber: 1, cellName: A1.name, isReceipted: true }),
  parcel(11, 'P11', { boxNumber: 5, isReceipted: true }),
];

function box(id: number, barcode: string, isEmpty: boolean, cells: TCell[]): TBox {
  return {
    id,
    name: barcode,
    number: id,
    isEmpty,
    cells,
    barcode,
    sortingKey: isEmpty ? null : 'SPB-01',
    isClosed: false,
    parcelsCount: isEmpty ? 0 : 3,
  };
}
const BOXES = [
  box(300, '_B0', true, []),
  box(301, '_B1', false, [A2]),
  box(302, '_B2', false, []),
  box(303, '_B3', false, [A1]),
];
/** Where the fake server keeps things already: parcel P10 and box _B3 stand in 1-a-01. */
const IN_PLACE = { parcelId: 10, boxId: 303, cellId: A1.id };

/** Spec part 2 §3 dimension type DIM-S of the demo seed. */
const DIM_S: TDimension = {
  DimensionId: 1,
  Name: 'Короб S',
  Barcode: 'DIM-S',
  Length: 30,
  Width: 20,
  Height: 15,
  WarehouseCode: null,
  IsCommon: true,
};

const ok = <T>(value: T): LookupResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
});
const refuse = <T>(errorCode: number, message = 'refused'): LookupResult<T> => ({
  isSuccess: false,
  message,
  errorCode,
  operationObject: null,
});

/** How a call misbehaves in one test: refuses with a code, or throws (network). */
type Failure =
  | { errorCode: number; message?: string }
  | 'throw'
  /** Misbehaves on the first `times` calls only, then answers normally. */
  | { times: number; failure: { errorCode: number; message?: string } | 'throw' };
type CallName = keyof SortingCalls;

/** A fake of the server's sorting rules over the fixtures above; records every call. */
function createFakeServer(failures: Partial<Record<CallName, Failure>>) {
  const calls: { name: CallName; input: Record<string, unknown> }[] = [];
  async function answer<T>(
    name: CallName,
    input: object,
    run: () => LookupResult<T>,
  ): Promise<LookupResult<T>> {
    calls.push({ name, input: input as Record<string, unknown> });
    let failure = failures[name];
    if (failure && typeof failure === 'object' && 'times' in failure) {
      const count = calls.filter((call) => call.name === name).length;
      failure = count <= failure.times ? failure.failure : undefined;
    }
    if (failure === 'throw') throw new Error('network');
    if (failure) return refuse<T>(failure.errorCode, failure.message);
    return run();
  }
  const failedOnce = new Set<string>();
  const byBarcode = (barcode: string) => {
    if (barcode.endsWith('THROW')) throw new Error('network');
    if (barcode.endsWith('500')) return refuse<never>(1, 'Сервер отказал');
    return null;
  };
  const server: SortingCalls = {
    scanParcel: (input) =>
      answer('scanParcel', input, () => {
        const found = PARCELS.find((item) => item.number === input.barcode);
        return byBarcode(input.barcode) ?? (found ? ok(found) : refuse(404, 'not found'));
      }),
    searchBox: (input) =>
      answer('searchBox', input, () => {
        const found = BOXES.find((item) => item.barcode === input.barcode);
        return byBarcode(input.barcode) ?? (found ? ok(found) : refuse(104, 'not found'));
      }),
    searchCell: (input) =>
      answer('searchCell', input, () => {
        if (input.barcode === '=OTHER') return refuse(304, 'other warehouse');
        const found = CELLS.find((item) => item.barcode === input.barcode);
        return byBarcode(input.barcode) ?? (found ? ok(found) : refuse(104, 'not found'));
      }),
    suggestCells: (input) =>
      answer('suggestCells', input, () => {
        if (input.parcelId !== null) {
          return ok(PARCELS.find((item) => item.id === input.parcelId)?.cells ?? []);
        }
        return ok(BOXES.find((item) => item.id === input.boxId)?.cells ?? []);
      }),
    move: (input) =>
      answer('move', input, () => {
        // The first move into A3 is refused (moved meanwhile); later ones go through.
        if (input.cellId === A3.id && !failedOnce.has('A3')) {
          failedOnce.add('A3');
          return refuse<TMoveResult>(409, 'Состояние изменилось');
        }
        const target = CELLS.find((item) => item.id === input.cellId);
        const isAlreadyInPlace =
          input.cellId === IN_PLACE.cellId &&
          (input.parcelId === IN_PLACE.parcelId ||
            (input.parcelId === null && input.boxId === IN_PLACE.boxId));
        const result: TMoveResult = {
          boxNumber: input.boxId ?? 1,
          isBoxReceipted: input.cellId === C4.id,
          inboundNumber: null,
          isInboundReceipted: false,
          parcelId: input.parcelId,
          boxId: input.boxId,
          cellId: input.cellId,
          cellName: target?.name ?? null,
          isAlreadyInPlace,
        };
        return ok(result);
      }),
    dimension: (input) =>
      answer('dimension', input, () => {
        const fromBarcode = byBarcode(input.barcode);
        if (fromBarcode) return fromBarcode;
        return input.barcode === DIM_S.Barcode ? ok(DIM_S) : refuse(104, 'not found');
      }),
    measure: (input) => answer('measure', input, () => ok({})),
    weigh: (input) => answer('weigh', input, () => ok({})),
    arriveInbound: (input) =>
      answer('arriveInbound', input, () =>
        input.barcode === '.69.IN-1'
          ? ok<TAcceptanceReport>({
              detailsQuantity: 12,
              name: 'ООО «Автодеталь»',
              inboundNumber: 'IN-1',
            })
          : refuse(104, 'Акт не найден'),
      ),
    getSticker: (input) =>
      answer('getSticker', input, () =>
        ok({ barcodeName: 'parcel' as const, barcodeData: [{ name: 'number', value: 'P5' }] }),
      ),
    markStickerPrinted: (input) => answer('markStickerPrinted', input, () => ok({})),
    clearAttention: (input) => answer('clearAttention', input, () => ok({})),
    reportDamage: (input) => answer('reportDamage', input, () => ok({})),
    searchZone: (input) =>
      answer('searchZone', input, () => {
        const fromBarcode = byBarcode(input.barcode);
        if (fromBarcode) return fromBarcode;
        const zone = ZONES.find((item) => input.barcode.startsWith(`=34717-${item.Number}-`));
        return zone ? ok(zone) : refuse(204, 'zone not found');
      }),
  };
  return { server, calls };
}

// ---------------------------------------------------------------------------------------
// Coverage of the machine's own graph (the entry child has its own tests).

// Names (state node id, event, index) are the same in every `provide`d copy of the machine.
const visitedNodes = new Set<string>();
const firedTransitions = new Set<string>();
const firedCodes = new Set<string>();

interface Options {
  input?: Partial<SortingInput>;
  lastParcel?: LastParcel | null;
  failures?: Partial<Record<CallName, Failure>>;
  print?: PrintOutcome | 'throw';
  scaleKg?: number | 'throw';
  warehouse?: Partial<TWarehouse>;
  /** MOVE_RETRY_DELAY in ms (the machine's default is seconds). */
  moveRetryDelayMs?: number;
}

function start(options: Options = {}) {
  const { server, calls } = createFakeServer(options.failures ?? {});
  const warehouse = { ...WAREHOUSE, ...options.warehouse };
  const errors: PromptError[] = [];
  const sounds: SoundName[][] = [];
  const printed: StickerJob[] = [];
  const storage: { value: LastParcel | null } = { value: options.lastParcel ?? null };
  const zoneCookie: number[] = [];
  let printerSettingsOpened = 0;
  let operation = 0;

  const entry = sortingEntryMachine.provide({
    actors: {
      searchWarehouse: fromPromise<LookupResult<TWarehouse>, WarehouseLookupInput>(
        async ({ input }) =>
          input.number === String(warehouse.Number)
            ? ok(warehouse)
            : refuse(104, 'Object not found'),
      ),
      searchZone: fromPromise<LookupResult<TZone>, ZoneLookupInput>(async ({ input }) => {
        const zone = ZONES.find((item) =>
          'barcode' in input
            ? `%Z34717-${item.Number}` === input.barcode
            : item.Number === input.number,
        );
        return zone ? ok(zone) : refuse(204, 'not found');
      }),
    },
    actions: {
      rememberZone: (_, params) => zoneCookie.push(params.number),
      forgetZone: () => undefined,
      notifyError: () => undefined,
      playError: () => undefined,
    },
  });
  const machine = sortingMachine.provide({
    actors: { entry },
    ...(options.moveRetryDelayMs === undefined
      ? {}
      : { delays: { MOVE_RETRY_DELAY: options.moveRetryDelayMs } }),
  });
  const transitionNames = transitionsOf(machine);

  const actor = createActor(machine, {
    input: {
      defaultWarehouseNumber: String(WAREHOUSE.Number),
      lastZoneNumber: 1,
      userId: 5,
      isUserScanAllowed: false,
      ...options.input,
      ports: {
        calls: server,
        printSticker: async (job) => {
          printed.push(job);
          if (options.print === 'throw') throw new Error('agent gone');
          return options.print ?? 'printed';
        },
        readStableWeightKg: async () => {
          if (options.scaleKg === 'throw' || options.scaleKg === undefined)
            throw new Error('no scale');
          return options.scaleKg;
        },
        createOperationId: () => `op-${String(++operation).padStart(8, '0')}`,
        notifyError: (error) => {
          errors.push(error);
          if (error.code) firedCodes.add(error.code);
        },
        play: (names) => sounds.push(names),
        readLastParcel: () => storage.value,
        writeLastParcel: (value) => {
          storage.value = value;
        },
        rememberZone: (number) => zoneCookie.push(number),
        openPrinterSettings: () => {
          printerSettingsOpened += 1;
        },
        locale: 'ru',
      },
    },
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of event._transitions) {
        const name = transitionNames.get(transition);
        if (name) firedTransitions.add(name);
      }
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
      if (snapshot.machine === machine) {
        for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
      }
    },
  });
  actor.start();
  const settled = () =>
    waitFor(
      actor,
      (state) => !state.hasTag('busy') && !(state.matches('entry') && state.context.entry.isBusy),
      { timeout: 2000 },
    );
  return {
    actor,
    calls,
    errors,
    sounds,
    printed,
    storage,
    zoneCookie,
    printerSettingsOpened: () => printerSettingsOpened,
    settled,
    screen: (): ScreenState => screenStateOf(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
    async send(...events: (SortingEvent | string)[]) {
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return screenStateOf(actor.getSnapshot());
    },
    lastError: () => actor.getSnapshot().context.error,
    callsOf: (name: CallName) => calls.filter((call) => call.name === name).map((c) => c.input),
  };
}

/** Starts at scan what in zone 1 (the last zone cookie) and waits there. */
async function atScanWhat(options: Options = {}) {
  const screen = start(options);
  await screen.settled();
  expect(screen.screen()).toBe('scanWhat');
  return screen;
}

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
    expect(s.callsOf('suggestCells')[0]).toMatchObject({ parcelId: 1, zoneId: 11 });
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
    // Issue 14 item 15: the f-code in small print, not the server's raw 404.
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
    const refused = await atScanWhat({ failures: { suggestCells: { errorCode: 1 } } });
    expect(await refused.send('P1')).toBe('scanWhere');
    expect(refused.lastError()).toMatchObject({ key: 'f-0010' });
    expect(refused.context().cells).toEqual([A1]);
    const failed = await atScanWhat({ failures: { suggestCells: 'throw' } });
    expect(await failed.send('P1')).toBe('scanWhere');
    expect(failed.lastError()).toMatchObject({ key: 'f-0010' });
  });
});

describe('sorting screen machine: boxes', () => {
  it('box in scanWhat → suggest → scanWhere; same box f-0006; parcel f-0031; cell → move', async () => {
    const s = await atScanWhat();
    expect(await s.send('_B1')).toBe('scanWhere');
    expect(s.callsOf('suggestCells')[0]).toMatchObject({ boxId: 301, parcelId: null });
    expect(s.context().prompt.pre).toEqual({ key: 'boxLine', params: { number: 301 } });
    await s.send('_B1');
    expect(s.lastError()).toMatchObject({ key: 'f-0006' });
    expect(await s.send('P1')).toBe('scanWhere');
    expect(s.lastError()).toMatchObject({ key: 'f-0031' });
    expect(await s.send(A2.barcode)).toBe('scanWhat');
    expect(s.callsOf('move')[0]).toMatchObject({ parcelId: null, boxId: 301, cellId: 102 });
    // Issue 14 item 15: said in words with the plural of its parcels, not "301 → 1-a-02".
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

  it('automove refused or failed → scanWhere with f-0014; disabled automove waits for a cell', async () => {
    const refused = await atScanWhat({
      input: { lastZoneNumber: 2 },
      failures: { move: { errorCode: 409, message: 'moved meanwhile' } },
    });
    expect(await refused.send('P7')).toBe('scanWhere');
    expect(refused.lastError()).toMatchObject({ key: 'f-0014' });
    expect(refused.context().canRetryMove).toBe(false);
    const failed = await atScanWhat({ input: { lastZoneNumber: 2 }, failures: { move: 'throw' } });
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
    // Another parcel is looked up as a dimension type (DIM-S …) and is none (f-0022).
    await s.send('P1');
    expect(s.lastError()).toMatchObject({ key: 'f-0022', params: { barcode: 'P1' } });
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
    expect(s.context().measure.weight).toBe('2.5');
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
    // Not a dimension type (another parcel, say): f-0022; no answer: f-0021.
    await s.send('P1');
    expect(s.lastError()).toMatchObject({ key: 'f-0022', params: { barcode: 'P1' } });
    await s.send('DIMTHROW');
    expect(s.lastError()).toMatchObject({ key: 'f-0021' });
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

describe('sorting screen machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    const nodes = stateNodesOf(sortingMachine).map((node) => node.id);
    expect(nodes.filter((id) => !visitedNodes.has(id))).toEqual([]);
    const all = [...transitionsOf(sortingMachine).values()];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((name) => !firedTransitions.has(name))).toEqual([]);
  });

  it('every f-code of the sorting list that the screen raises fired', () => {
    const expected = [
      'f-0002',
      'f-0003',
      'f-0004',
      'f-0005',
      'f-0006',
      'f-0007',
      'f-0008',
      'f-0009',
      'f-0010',
      'f-0011',
      'f-0014',
      'f-0016',
      'f-0017',
      'f-0018',
      'f-0019',
      'f-0020',
      'f-0021',
      'f-0022',
      'f-0023',
      'f-0024',
      'f-0025',
      'f-0026',
      'f-0027',
      'f-0028',
      'f-0031',
      'f-0001',
      'f-0012',
    ];
    expect(expected.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
