import { expect } from 'vitest';
import { transitionsOf } from '../../test/machine-graph';
import { createActor, fromPromise, waitFor, type AnyStateNode, type InspectionEvent } from 'xstate';
import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMeasures,
  TMoveResult,
  TParcel,
  TReturnableBox,
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
  screenStateOf,
  sortingMachine,
  type LastParcel,
  type PrintOutcome,
  type PromptError,
  type ScreenState,
  type SortingEvent,
  type SortingInput,
  type StickerJob,
} from './sorting.machine';
import type { SortingCalls } from './sorting.service';

// The sorting machine's test fixture: catalogue data, a fake server, `start` (an actor with
// fake ports, recording visited state nodes, fired transitions and f-codes) for the scenarios
// of sorting.machine.test.ts.

export const WAREHOUSE: TWarehouse = {
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
export const ZONES: TZone[] = [
  { Id: 11, Number: 1, Name: 'Сито', Type: 'SITO' },
  { Id: 12, Number: 2, Name: 'Экспедиция', Type: 'EXPEDITION' },
];

export function cell(id: number, zoneNumber: number, row: string, col: number): TCell {
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
export const A1 = cell(101, 1, 'a', 1);
export const A2 = cell(102, 1, 'a', 2);
export const A3 = cell(103, 1, 'a', 3); // moves into it fail once
export const B99 = cell(104, 1, 'b', 99); // column above 70: not spoken
export const C4 = cell(105, 1, 'c', 4); // its box fills up: "tie up the box"
export const E1 = cell(201, 2, 'a', 1);
/** A free cell: no box stands in it, a move opens a new box there. */
export const D5 = { ...cell(106, 1, 'd', 5), isEmpty: true };
export const CELLS = [A1, A2, A3, B99, C4, E1, D5];

export function parcel(id: number, number: string, extra: Partial<TParcel> = {}): TParcel {
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
export const PARCELS: TParcel[] = [
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
  // Measured once (sizes and weight known), asked again.
  parcel(12, 'P12', { isNeedMeasure: true, isNeedWeight: true }),
  // Its best cell is a free one.
  parcel(13, 'P13', { cells: [D5, A1] }),
];

export function box(id: number, barcode: string, isEmpty: boolean, cells: TCell[]): TBox {
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
export const BOXES = [
  box(300, '_B0', true, []),
  box(301, '_B1', false, [A2]),
  box(302, '_B2', false, []),
  box(303, '_B3', false, [A1]),
];
/** Where the fake server keeps things already: parcel P10 and box _B3 stand in 1-a-01. */
export const IN_PLACE = { parcelId: 10, boxId: 303, cellId: A1.id };

/** What `Parcels/{barcode}/measures` knows: P12 was measured and weighed once. */
export const KNOWN_MEASURES: Record<string, TMeasures> = {
  P12: { length: 40, width: 30, height: 20.5, weight: 1250 },
};

/** Returnable boxes: R1 stands in gate 1, R2 has no location yet. */
export function container(barcode: string, location: string | null): TReturnableBox {
  return {
    Number: Number(barcode.split('-')[1]),
    Barcode: barcode,
    LengthCm: 60,
    WidthCm: 40,
    HeightCm: 30,
    ChangeDate: '2026-11-01T10:00:00.000Z',
    CurrentLocationName: location,
    CurrentLocationCode: location === null ? null : `CODE-${location}`,
    ExternalBarcode: null,
  };
}
export const CONTAINERS = [container('_R34717-1', 'Ворота 1'), container('_R34717-2', null)];

/** Spec part 2 §3 dimension type DIM-S of the demo seed. */
export const DIM_S: TDimension = {
  DimensionId: 1,
  Name: 'Короб S',
  Barcode: 'DIM-S',
  Length: 30,
  Width: 20,
  Height: 15,
  WarehouseCode: null,
  IsCommon: true,
};

const NO_MEASURES: TMeasures = { length: null, width: null, height: null, weight: null };

export const ok = <T>(value: T): LookupResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
});
export const refuse = <T>(errorCode: number, message = 'refused'): LookupResult<T> => ({
  isSuccess: false,
  message,
  errorCode,
  operationObject: null,
});

/** How a call misbehaves in one test: refuses with a code, or throws (network). */
export type Failure =
  | { errorCode: number; message?: string }
  | 'throw'
  /** Misbehaves on the first `times` calls only, then answers normally. */
  | { times: number; failure: { errorCode: number; message?: string } | 'throw' };
export type CallName = keyof SortingCalls;

/** A fake of the server's sorting rules over the fixtures above; records every call. */
export function createFakeServer(failures: Partial<Record<CallName, Failure>>) {
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
          isNewBox: target?.isEmpty === true && input.boxId === null,
        };
        return ok(result);
      }),
    dimension: (input) =>
      answer('dimension', input, () => {
        const fromBarcode = byBarcode(input.barcode);
        if (fromBarcode) return fromBarcode;
        return input.barcode === DIM_S.Barcode ? ok(DIM_S) : refuse(104, 'not found');
      }),
    measures: (input) =>
      answer('measures', input, () => ok(KNOWN_MEASURES[input.barcode] ?? NO_MEASURES)),
    findContainer: (input) =>
      answer('findContainer', input, () => {
        const found = CONTAINERS.find((item) => item.Barcode === input.barcode);
        return found ? ok(found) : refuse(104, 'not found');
      }),
    moveContainer: (input) =>
      answer('moveContainer', input, () => {
        const found = CONTAINERS.find((item) => item.Barcode === input.ContainerBarcode);
        const target = CELLS.find((item) => item.barcode === input.LocationCode);
        if (!found) return refuse(104, 'not found');
        return ok({
          ...found,
          CurrentLocationCode: input.LocationCode,
          CurrentLocationName: target?.name ?? input.LocationCode,
        });
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
export const visitedNodes = new Set<string>();
export const firedTransitions = new Set<string>();
export const firedCodes = new Set<string>();

export interface Options {
  input?: Partial<SortingInput>;
  lastParcel?: LastParcel | null;
  failures?: Partial<Record<CallName, Failure>>;
  print?: PrintOutcome | 'throw';
  scaleKg?: number | 'throw';
  warehouse?: Partial<TWarehouse>;
  /** MOVE_RETRY_DELAY in ms (the machine's default is seconds). */
  moveRetryDelayMs?: number;
}

export function start(options: Options = {}) {
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
export async function atScanWhat(options: Options = {}) {
  const screen = start(options);
  await screen.settled();
  expect(screen.screen()).toBe('scanWhat');
  return screen;
}
