import { assign, enqueueActions, fromPromise, raise, sendTo, setup } from 'xstate';
import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMoveResult,
  TParcel,
  TParcelSticker,
  TZone,
} from '@sorting/contracts';
import { recognizeBarcode, type RecognizedBarcode } from '@sorting/domain';
import { letterSound, numberSound, type SoundName } from '../../shell/sounds/sound-names';
import { sortingEntryMachine, type EntryError, type LookupResult } from './sorting-entry.machine';
import { INITIAL_PROMPT, entryPrompt, prompts } from './sorting.prompts';
import type {
  EntryView,
  LastMove,
  MeasureForm,
  PrintOutcome,
  PromptError,
  SortingContext,
  SortingEvent,
  SortingInput,
} from './sorting.types';

export type * from './sorting.types';

/**
 * The whole sorting screen (spec part 1 §2, §4, §5, §8): the entry (warehouse, zone) runs as
 * the invoked `sortingEntryMachine`; once it reaches its `scanWhat` this machine takes the
 * warehouse and zone and drives parcels, boxes, cells, the steps (check damage, measure,
 * sorting, acceptance report) and the moves. Every side effect goes through `ports` (input),
 * so the machine is tested with `createActor` and fakes. Decisions: docs/DECISIONS.md
 * "Sorting screen".
 */

/** Spec part 1 §8: parcel error codes that mean "not found". */
const PARCEL_NOT_FOUND_CODES = ['104', '404'];
/** Spec part 1 §8: f-0002 box not found. */
const OBJECT_NOT_FOUND_CODE = '104';
/** Spec part 1 §8: f-0003 cell not found (104, or 304 for another warehouse's cell). */
const CELL_NOT_FOUND_CODES = ['104', '304'];
const ZONE_NOT_FOUND_CODE = '204';
/** The server's `invalidMeasure` code (docs/DECISIONS.md "Sorting rules"). */
const INVALID_MEASURE_CODE = '422';

/**
 * The server's retryable answer (database unavailable, docs/DECISIONS.md "Faults and bad
 * input"): like a lost connection, the move is sent again with the same operation id.
 */
const UNAVAILABLE_CODE = '503';
/** How long a move waits for the connection before it is sent again (unless ONLINE first). */
export const MOVE_RETRY_DELAY_MS = 3_000;
const CONNECTION_LOST: PromptError = { key: 'connectionLost', code: null };

const EMPTY_MEASURE: MeasureForm = { length: '', width: '', height: '', weight: '' };
const NO_STEPS_DONE = { damage: false, measure: false, sticker: false };

function codeOf(result: LookupResult<unknown>): string | null {
  return result.errorCode === null ? null : String(result.errorCode);
}

function serverError(result: LookupResult<unknown>): PromptError {
  return { key: 'serverMessage', code: codeOf(result), message: result.message ?? '' };
}

function isOk(result: LookupResult<unknown>): boolean {
  return result.isSuccess && result.operationObject !== null;
}

/** The fail action of an f-code with fixed parameters (its catalogue key is the code). */
function fail(code: string, params?: Record<string, string>) {
  return {
    type: 'fail' as const,
    params: params ? { key: code, code, params } : { key: code, code },
  };
}

/** The fail action of an f-code that names the scanned barcode. */
function failScanned(code: string) {
  return {
    type: 'fail' as const,
    params: ({ context }: { context: SortingContext }) => ({
      key: code,
      code,
      params: { barcode: context.scanned },
    }),
  };
}

/** The fail action of an f-code that carries the server's message. */
function failWithMessage(code: string) {
  return {
    type: 'fail' as const,
    params: ({ event }: { event: { output: LookupResult<unknown> } }) => ({
      key: code,
      code,
      params: { message: event.output.message ?? '' },
    }),
  };
}

/** The fail action that shows the server's own message. */
function failFromServer() {
  return {
    type: 'fail' as const,
    params: ({ event }: { event: { output: LookupResult<unknown> } }) => serverError(event.output),
  };
}

/** A search's answer of spec part 1 §8 f-0002: no such parcel or box. */
function objectNotFound() {
  return {
    guard: ({ event }: { event: { output: LookupResult<unknown> } }) =>
      codeOf(event.output) === OBJECT_NOT_FOUND_CODE,
    target: 'resume',
    actions: failScanned('f-0002'),
  };
}

/** A search's last answers: any other server error, and no answer at all (f-0001). */
const serverFailure = () => ({ target: 'resume', actions: failFromServer() });
const noAnswer = () => ({ target: 'resume', actions: fail('f-0001') });

/**
 * A state that makes one call: success goes on to `done`; a refusal (`refused`) or no answer
 * (`unanswered`) goes `back` with its error.
 */
function callState<const TSrc extends string, TRefused, TUnanswered>(
  src: TSrc,
  to: { done: string; back: string; refused: TRefused; unanswered: TUnanswered },
) {
  return {
    tags: ['busy'],
    invoke: {
      src,
      input: ({ context }: { context: SortingContext }) => context,
      onDone: [
        {
          guard: ({ event }: { event: { output: LookupResult<unknown> } }) =>
            event.output.isSuccess,
          target: to.done,
        },
        { target: to.back, actions: to.refused },
      ],
      onError: { target: to.back, actions: to.unanswered },
    },
  };
}

/**
 * Spec part 1 §5: weight ≤ 0 (typed, empty, or refused by the server) is f-0027. The parcel
 * still needs its weight, so it stays in the measure step and never reaches placing
 * (issue 14 item 11; docs/DECISIONS.md "Sorting screen").
 */
const weightRejected = () => ({ target: 'waiting', actions: fail('f-0027') });

/**
 * Spec part 1 §5: the cell location is spoken (row letter, column number) only when the
 * column is numeric and at most 70; otherwise only the success sound plays.
 */
export function cellLocationSounds(cell: Pick<TCell, 'row' | 'col'> | null): SoundName[] {
  if (!cell) return [];
  const column = numberSound(Number(cell.col));
  if (!/^\d+$/.test(String(cell.col)) || column === null) return [];
  const row = letterSound(cell.row);
  return row ? [row, column] : [column];
}

/** Spec part 1 §5: weight is sent in grams, kg × 1000 rounded. */
export function toGrams(kg: number): number {
  return Math.round(kg * 1000);
}

/** A decimal typed with a comma or a point. */
export function parseAmount(text: string): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' ? Number.NaN : value;
}

function recognize(text: string): RecognizedBarcode {
  return recognizeBarcode(text);
}

/** The scan a url carries in its query (barcode, parcel or code parameter), if any. */
export function scanInUrl(text: string): string | null {
  const scan = recognize(text);
  if (scan.type !== 'url') return null;
  return scan.params.barcode ?? scan.params.parcel ?? scan.params.code ?? null;
}

const scanIs =
  (...types: RecognizedBarcode['type'][]) =>
  ({ event }: { event: SortingEvent }) =>
    event.type === 'SCANNED' && types.includes(recognize(event.text).type);

function scannedText(event: SortingEvent): string {
  return event.type === 'SCANNED' ? recognize(event.text).raw : '';
}

function entryViewOf(snapshot: {
  value: unknown;
  context: { error: EntryError | null };
  hasTag(tag: 'busy'): boolean;
}): EntryView {
  const top =
    typeof snapshot.value === 'string'
      ? snapshot.value
      : Object.keys(snapshot.value as Record<string, unknown>)[0];
  const state = (['init', 'scanWarehouse', 'scanZone', 'scanWhat'] as const).find(
    (name) => name === top,
  );
  return {
    state: state ?? 'init',
    isBusy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
  };
}

/**
 * Scans a step does not take: a badge (the shell's user switch; allowed → logout), a login
 * token, an empty scan.
 */
const scansOutsideTheScreen = [
  {
    guard: ({ context, event }: { context: SortingContext; event: SortingEvent }) =>
      scanIs('user')({ event }) && context.isUserScanAllowed,
    target: '#sorting.logout',
  },
  { guard: scanIs('empty', 'user', 'token') },
];

/** Parcel/box/cell inputs every call shares. */
function where(context: SortingContext) {
  return {
    warehouseId: context.warehouse?.Id ?? 0,
    userId: context.userId,
    zoneId: context.zone?.Id ?? null,
  };
}

/** What a new parcel or box starts from. */
const clearWork: Pick<
  SortingContext,
  | 'parcel'
  | 'box'
  | 'cells'
  | 'targetCell'
  | 'isRescan'
  | 'stepsDone'
  | 'measure'
  | 'damage'
  | 'sticker'
  | 'operationId'
  | 'canRetryMove'
> = {
  parcel: null,
  box: null,
  cells: [],
  targetCell: null,
  isRescan: false,
  stepsDone: NO_STEPS_DONE,
  measure: EMPTY_MEASURE,
  damage: { isDamaged: false, comment: '' },
  sticker: null,
  operationId: null,
  canRetryMove: false,
};

export const sortingMachine = setup({
  types: {
    input: {} as SortingInput,
    context: {} as SortingContext,
    events: {} as SortingEvent,
  },
  actors: {
    entry: sortingEntryMachine,
    scanParcel: fromPromise<LookupResult<TParcel>, SortingContext>(({ input: c }) =>
      c.ports.calls.scanParcel({ barcode: c.scanned, ...where(c) }),
    ),
    searchBox: fromPromise<LookupResult<TBox>, SortingContext>(({ input: c }) =>
      c.ports.calls.searchBox({
        barcode: c.scanned,
        ...where(c),
        zoneType: c.zone?.Type ?? null,
        parcelId: c.parcel?.id ?? null,
        boxId: c.box?.id ?? null,
      }),
    ),
    searchCell: fromPromise<LookupResult<TCell>, SortingContext>(({ input: c }) =>
      c.ports.calls.searchCell({
        barcode: c.scanned,
        warehouseId: c.warehouse?.Id ?? 0,
        parcelId: c.parcel?.id ?? null,
        userId: c.userId,
        boxId: c.box?.id ?? null,
      }),
    ),
    suggestCells: fromPromise<LookupResult<TCell[]>, SortingContext>(({ input: c }) =>
      c.ports.calls.suggestCells({
        ...where(c),
        parcelId: c.parcel?.id ?? null,
        barcode: null,
        boxId: c.parcel ? null : (c.box?.id ?? null),
      }),
    ),
    move: fromPromise<LookupResult<TMoveResult>, SortingContext>(({ input: c }) =>
      c.ports.calls.move({
        parcelId: c.parcel?.id ?? null,
        boxId: c.box?.id ?? null,
        cellId: c.targetCell?.id ?? null,
        userId: c.userId,
        operationId: c.operationId ?? c.ports.createOperationId(),
      }),
    ),
    measure: fromPromise<LookupResult<unknown>, SortingContext>(({ input: c }) =>
      c.ports.calls.measure({
        parcelId: c.parcel?.id ?? 0,
        height: parseAmount(c.measure.height),
        width: parseAmount(c.measure.width),
        length: parseAmount(c.measure.length),
        operationId: `${c.operationId ?? ''}:measure`,
      }),
    ),
    weigh: fromPromise<LookupResult<unknown>, SortingContext>(({ input: c }) =>
      c.ports.calls.weigh({
        parcelId: c.parcel?.id ?? 0,
        weight: toGrams(parseAmount(c.measure.weight)),
        operationId: `${c.operationId ?? ''}:weight`,
      }),
    ),
    lookUpDimension: fromPromise<LookupResult<TDimension>, SortingContext>(({ input: c }) =>
      c.ports.calls.dimension({ barcode: c.scanned }),
    ),
    readWeight: fromPromise<number, SortingContext>(({ input: c, signal }) =>
      c.ports.readStableWeightKg(signal),
    ),
    clearAttention: fromPromise<LookupResult<unknown>, SortingContext>(({ input: c }) =>
      c.ports.calls.clearAttention({
        parcelId: c.parcel?.id ?? 0,
        operationId: `${c.operationId ?? ''}:attention`,
      }),
    ),
    reportDamage: fromPromise<LookupResult<unknown>, SortingContext>(({ input: c }) =>
      c.ports.calls.reportDamage({
        parcelId: c.parcel?.id ?? 0,
        comment: c.damage.comment.trim(),
        operationId: `${c.operationId ?? ''}:damage`,
      }),
    ),
    getSticker: fromPromise<LookupResult<TParcelSticker>, SortingContext>(({ input: c }) =>
      c.ports.calls.getSticker({ parcelId: c.parcel?.id ?? 0, lang: c.ports.locale }),
    ),
    printSticker: fromPromise<PrintOutcome, SortingContext>(({ input: c }) =>
      c.ports.printSticker({
        barcodeName: c.sticker?.barcodeName ?? 'parcel',
        barcodeData: c.sticker?.barcodeData ?? [],
        copies: 1,
      }),
    ),
    markStickerPrinted: fromPromise<LookupResult<unknown>, SortingContext>(({ input: c }) =>
      c.ports.calls.markStickerPrinted({
        parcelId: c.parcel?.id ?? 0,
        operationId: `${c.operationId ?? ''}:sticker`,
      }),
    ),
    searchZone: fromPromise<LookupResult<TZone>, SortingContext>(({ input: c }) =>
      c.ports.calls.searchZone({ warehouseId: c.warehouse?.Id ?? 0, barcode: c.scanned }),
    ),
    arriveInbound: fromPromise<LookupResult<TAcceptanceReport>, SortingContext>(({ input: c }) =>
      c.ports.calls.arriveInbound({
        barcode: c.scanned,
        operationId: c.operationId ?? c.ports.createOperationId(),
      }),
    ),
  },
  actions: {
    /** Shows the error in the prompt area and as a toast (which plays the error sound). */
    fail: enqueueActions(({ context, enqueue }, error: PromptError) => {
      enqueue.assign({ error });
      enqueue(() => context.ports.notifyError(error));
    }),
    clearError: assign({ error: null }),
    /** A scan taken for the next lookup: the barcode is kept for the call. */
    takeScan: assign({ scanned: ({ event }) => scannedText(event) }),
    /** The measure step is over: measured and weighed as the parcel needed. */
    measureDone: assign({
      stepsDone: ({ context }) => ({ ...context.stepsDone, measure: true }),
      parcel: ({ context }) =>
        context.parcel && { ...context.parcel, isNeedMeasure: false, isNeedWeight: false },
    }),
    /** The sizes are saved; a weight still missing is asked alone, the sizes not resent. */
    measureSaved: assign({
      parcel: ({ context }) => context.parcel && { ...context.parcel, isNeedMeasure: false },
    }),
    /** A new user action: a new operation id (spec: one id per action, kept for a retry). */
    startOperation: assign({
      operationId: ({ context }) => context.ports.createOperationId(),
      canRetryMove: false,
    }),
    /** The same action again (a resubmitted form): the id it had, if any. */
    keepOperation: assign({
      operationId: ({ context }) => context.operationId ?? context.ports.createOperationId(),
    }),
    /** A move succeeded: back to scan what with the success sound and the cell spoken. */
    moved: enqueueActions(
      ({ context, enqueue }, params: { result: TMoveResult | null; isAutomove: boolean }) => {
        const cell = context.targetCell ?? context.box?.cells[0] ?? null;
        const result = params.result;
        const lastMove: LastMove = {
          parcelNumber: context.parcel?.number ?? null,
          boxNumber: result?.boxNumber ?? context.box?.number ?? null,
          cellName: result?.cellName ?? cell?.name ?? null,
          parcelsInBox: context.parcel ? null : (context.box?.parcelsCount ?? null),
          isBoxReceipted: result?.isBoxReceipted ?? false,
          isAutomove: params.isAutomove,
          isAlreadyInPlace: result?.isAlreadyInPlace === true,
        };
        enqueue.assign({ lastMove, error: null, operationId: null, canRetryMove: false });
        // Already there (issue 14 item 11): the repeat sound; nothing to speak or tie up.
        if (lastMove.isAlreadyInPlace) {
          enqueue(() => context.ports.play(['repeat']));
          return;
        }
        const success: SoundName = lastMove.isBoxReceipted ? 'success-big' : 'success-small';
        enqueue(() => context.ports.play([success, ...cellLocationSounds(cell)]));
      },
    ),
    endOperation: assign({ operationId: null, canRetryMove: false }),
    /** Says once (toast and sound) that the connection is lost; the retries stay quiet. */
    connectionLost: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ canRetryMove: true });
      if (context.error?.key === CONNECTION_LOST.key) return;
      enqueue.assign({ error: CONNECTION_LOST });
      enqueue(() => context.ports.notifyError(CONNECTION_LOST));
    }),
  },
  delays: {
    MOVE_RETRY_DELAY: MOVE_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'sorting',
  initial: 'entry',
  context: ({ input }) => ({
    ports: input.ports,
    userId: input.userId,
    isUserScanAllowed: input.isUserScanAllowed,
    entryInput: {
      defaultWarehouseNumber: input.defaultWarehouseNumber,
      lastZoneNumber: input.lastZoneNumber,
    },
    entry: { state: 'init', isBusy: true, error: null },
    warehouse: null,
    zone: null,
    ...clearWork,
    scanned: '',
    acceptance: null,
    lastMove: null,
    lastParcel: input.ports.readLastParcel(),
    prompt: INITIAL_PROMPT,
    error: null,
  }),
  states: {
    /** Spec part 1 §4 "Sorting entry": init, scanWarehouse, scanZone in the child machine. */
    entry: {
      invoke: {
        id: 'entry',
        src: 'entry',
        input: ({ context }) => context.entryInput,
        onSnapshot: [
          {
            guard: ({ event }) => event.snapshot.matches('scanWhat'),
            target: 'work.scanWhat',
            actions: assign({
              warehouse: ({ event }) => event.snapshot.context.warehouse,
              zone: ({ event }) => event.snapshot.context.zone,
              entry: ({ event }) => entryViewOf(event.snapshot),
              error: null,
            }),
          },
          {
            actions: assign(({ event }) => {
              const entry = entryViewOf(event.snapshot);
              return {
                entry,
                warehouse: event.snapshot.context.warehouse,
                prompt: entryPrompt(entry, event.snapshot.context.warehouse),
              };
            }),
          },
        ],
      },
      on: {
        // User and token scans belong to the shell's user switch
        // (docs/DECISIONS.md "Sorting screen").
        SCANNED: {
          guard: ({ event }) => !['user', 'token'].includes(recognize(event.text).type),
          actions: sendTo('entry', ({ event }) => event),
        },
        WAREHOUSE_PICKED: { actions: sendTo('entry', ({ event }) => event) },
        ZONE_PICKED: { actions: sendTo('entry', ({ event }) => event) },
        CHANGE_WAREHOUSE: { actions: sendTo('entry', ({ event }) => event) },
      },
    },

    /** A user badge while user scans are allowed: the shell switches the user (spec §4). */
    logout: {
      entry: [
        assign({ ...clearWork, lastParcel: null, prompt: prompts.logout }),
        ({ context }) => context.ports.writeLastParcel(null),
      ],
      on: {
        USER_CHANGED: {
          target: 'work.scanWhat',
          actions: assign({ userId: ({ event }) => event.userId, error: null }),
        },
        CANCELLED: 'work.scanWhat',
      },
    },

    work: {
      initial: 'scanWhat',
      on: {
        CHANGE_ZONE: {
          target: 'entry',
          actions: assign(({ context }) => ({
            ...clearWork,
            zone: null,
            error: null,
            entryInput: {
              defaultWarehouseNumber: context.warehouse ? String(context.warehouse.Number) : null,
              lastZoneNumber: null,
            },
          })),
        },
        CHANGE_WAREHOUSE: {
          target: 'entry',
          actions: assign({
            ...clearWork,
            warehouse: null,
            zone: null,
            error: null,
            entryInput: { defaultWarehouseNumber: null, lastZoneNumber: null },
          }),
        },
        RETRY: {
          guard: ({ context }) => context.canRetryMove,
          target: '.moving',
          actions: 'clearError',
        },
        // Spec part 1 §4 "Sorting scan flow by scanned object type"; states refine it.
        SCANNED: [
          { guard: scanIs('empty') },
          {
            guard: ({ context, event }) => scanIs('user')({ event }) && context.isUserScanAllowed,
            target: '#sorting.logout',
          },
          // Not allowed: the shell's user switch plays the error sound
          // (docs/DECISIONS.md "Sorting screen").
          { guard: scanIs('user') },
          { guard: scanIs('token') },
          {
            guard: ({ event }) => event.type === 'SCANNED' && scanInUrl(event.text) !== null,
            actions: raise(({ event }) => ({
              type: 'SCANNED' as const,
              text: scanInUrl(scannedText(event)) ?? '',
            })),
          },
          {
            guard: scanIs('url'),
            actions: [{ type: 'fail', params: { key: 'urlNotSupported', code: null } }],
          },
          {
            guard: scanIs('acceptance-report'),
            target: '.arriving',
            actions: [
              'clearError',
              'startOperation',
              assign({ scanned: ({ event }) => scannedText(event) }),
            ],
          },
          {
            guard: scanIs('box'),
            target: '.searchingBox',
            actions: ['clearError', 'takeScan'],
          },
          {
            // Spec part 1 §8 f-0031: a parcel scan while a box is chosen.
            guard: ({ context, event }) => scanIs('parcel')({ event }) && context.box !== null,
            actions: fail('f-0031'),
          },
          {
            guard: scanIs('parcel'),
            target: '.scanningParcel',
            actions: [
              'clearError',
              assign({
                scanned: ({ event }) => scannedText(event),
                isRescan: ({ context, event }) =>
                  context.lastParcel !== null && context.lastParcel.barcode === scannedText(event),
              }),
            ],
          },
          {
            guard: scanIs('cell'),
            target: '.changingZone',
            actions: ['clearError', 'takeScan'],
          },
          {
            // .GL/.GW/.GH outside the measure step.
            actions: { type: 'fail', params: { key: 'measureOutsideStep', code: null } },
          },
        ],
      },
      states: {
        /** Back to where the worker was after a refusal. */
        resume: {
          always: [
            {
              guard: ({ context }) => context.parcel !== null && context.box?.isEmpty === true,
              target: 'scanCell',
            },
            {
              guard: ({ context }) => context.parcel !== null || context.box !== null,
              target: 'scanWhere',
            },
            { target: 'scanWhat' },
          ],
        },

        scanWhat: {
          entry: assign({ ...clearWork, prompt: prompts.scanWhat }),
        },

        scanningParcel: {
          tags: ['busy'],
          entry: ({ context }) => {
            if (context.isRescan) context.ports.play(['repeat']);
          },
          invoke: {
            src: 'scanParcel',
            input: ({ context }) => context,
            onDone: [
              {
                // Spec part 1 §4, §8 f-0004: a rescan returned another parcel.
                guard: ({ context, event }) =>
                  isOk(event.output) &&
                  context.isRescan &&
                  event.output.operationObject?.id !== context.lastParcel?.id,
                target: 'resume',
                actions: [assign({ isRescan: false }), failScanned('f-0004')],
              },
              {
                guard: ({ event }) => isOk(event.output),
                target: 'nextStep',
                actions: [
                  assign(({ context, event }) => {
                    const parcel = event.output.operationObject as TParcel;
                    return {
                      ...clearWork,
                      isRescan: context.isRescan,
                      parcel,
                      cells: parcel.cells,
                      lastParcel: { barcode: context.scanned, id: parcel.id },
                    };
                  }),
                  ({ context }) => context.ports.writeLastParcel(context.lastParcel),
                ],
              },
              {
                // Spec part 1 §8: parcel error codes 104 and 404 show the barcode.
                guard: ({ event }) => PARCEL_NOT_FOUND_CODES.includes(codeOf(event.output) ?? ''),
                target: 'resume',
                actions: [
                  assign({ isRescan: false }),
                  {
                    // Issue 14 item 15: the f-code in small print, not the server's 404.
                    type: 'fail',
                    params: ({ context }) => ({
                      key: 'parcelNotFound',
                      code: 'f-0001',
                      params: {
                        barcode: context.scanned,
                        warehouse: context.warehouse?.Number ?? '',
                      },
                    }),
                  },
                ],
              },
              {
                target: 'resume',
                actions: [assign({ isRescan: false }), failFromServer()],
              },
            ],
            onError: {
              target: 'resume',
              actions: [assign({ isRescan: false }), fail('f-0009')],
            },
          },
        },

        /** The steps a parcel needs before it is sorted, in this order. */
        nextStep: {
          always: [
            {
              guard: ({ context }) =>
                !!context.parcel?.attentionMessage && !context.stepsDone.damage,
              target: 'checkDamage',
            },
            {
              guard: ({ context }) =>
                !!(context.parcel?.isNeedMeasure || context.parcel?.isNeedWeight) &&
                !context.stepsDone.measure,
              target: 'measure',
            },
            { target: 'sorting' },
          ],
        },

        /** Spec part 1 §4: the attention message; confirm clears it, damage is reported. */
        checkDamage: {
          initial: 'waiting',
          entry: assign({ prompt: prompts.step('checkDamage') }),
          on: {
            CANCELLED: { target: 'scanWhat', actions: 'endOperation' },
            // A parcel, box or cell scan waits until the check is done.
            SCANNED: [
              ...scansOutsideTheScreen,
              { actions: { type: 'fail', params: { key: 'finishStep', code: null } } },
            ],
          },
          states: {
            waiting: {
              on: {
                DAMAGE_CONFIRMED: [
                  {
                    guard: ({ event }) => event.isDamaged && event.comment.trim() === '',
                    actions: fail('f-0020'),
                  },
                  {
                    target: 'clearing',
                    actions: [
                      'clearError',
                      assign({
                        damage: ({ event }) => ({
                          isDamaged: event.isDamaged,
                          comment: event.comment,
                        }),
                        operationId: ({ context }) =>
                          context.operationId ?? context.ports.createOperationId(),
                      }),
                    ],
                  },
                ],
              },
            },
            clearing: {
              tags: ['busy'],
              invoke: {
                src: 'clearAttention',
                input: ({ context }) => context,
                onDone: [
                  {
                    // Spec part 1 §4: after confirmation the damage flag is deleted...
                    guard: ({ context, event }) =>
                      event.output.isSuccess && context.damage.isDamaged,
                    target: 'reporting',
                  },
                  { guard: ({ event }) => event.output.isSuccess, target: 'done' },
                  {
                    target: 'waiting',
                    actions: failWithMessage('f-0017'),
                  },
                ],
                onError: {
                  target: 'waiting',
                  actions: fail('f-0016'),
                },
              },
            },
            reporting: callState('reportDamage', {
              done: 'done',
              back: 'waiting',
              refused: failWithMessage('f-0019'),
              unanswered: fail('f-0018'),
            }),
            done: {
              always: {
                target: '#sorting.work.nextStep',
                actions: [
                  'endOperation',
                  assign({
                    stepsDone: ({ context }) => ({ ...context.stepsDone, damage: true }),
                  }),
                ],
              },
            },
          },
        },

        /** Spec part 1 §4, §5: dimensions (.GL/.GW/.GH or typed) and weight (scale or typed). */
        measure: {
          initial: 'waiting',
          entry: assign({ prompt: prompts.step('measureStep'), measure: EMPTY_MEASURE }),
          on: {
            CANCELLED: { target: 'scanWhat', actions: 'endOperation' },
            MEASURE_CHANGED: {
              actions: assign({
                measure: ({ context, event }) => ({
                  ...context.measure,
                  [event.field]: event.value,
                }),
              }),
            },
            SCANNED: [
              {
                guard: scanIs('length', 'width', 'height'),
                actions: assign({
                  measure: ({ context, event }) => {
                    const scan = recognize(scannedText(event));
                    if (scan.type !== 'length' && scan.type !== 'width' && scan.type !== 'height')
                      return context.measure;
                    return { ...context.measure, [scan.type]: scan.value };
                  },
                }),
              },
              {
                // A dimension type (DIM-S …) fills the three sizes (spec part 1 §7 dimension).
                guard: ({ context, event }) =>
                  scanIs('parcel')({ event }) && context.parcel?.isNeedMeasure === true,
                target: '.lookingUpDimension',
                actions: ['clearError', 'takeScan'],
              },
              ...scansOutsideTheScreen,
              { actions: { type: 'fail', params: { key: 'finishStep', code: null } } },
            ],
          },
          states: {
            waiting: {
              on: {
                READ_WEIGHT: 'weighing',
                MEASURE_SUBMITTED: [
                  {
                    guard: ({ context }) =>
                      !!context.parcel?.isNeedMeasure &&
                      !(['length', 'width', 'height'] as const).every(
                        (field) => parseAmount(context.measure[field]) > 0,
                      ),
                    actions: { type: 'fail', params: { key: 'measureIncomplete', code: null } },
                  },
                  {
                    guard: ({ context }) => !!context.parcel?.isNeedMeasure,
                    target: 'sendingMeasure',
                    actions: ['clearError', 'keepOperation'],
                  },
                  { target: 'checkingWeight', actions: ['clearError', 'keepOperation'] },
                ],
              },
            },
            lookingUpDimension: {
              tags: ['busy'],
              invoke: {
                src: 'lookUpDimension',
                input: ({ context }) => context,
                onDone: [
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: 'waiting',
                    actions: assign({
                      measure: ({ context, event }) => {
                        const type = event.output.operationObject as TDimension;
                        return {
                          ...context.measure,
                          length: String(type.Length),
                          width: String(type.Width),
                          height: String(type.Height),
                        };
                      },
                    }),
                  },
                  // Spec part 1 §8 f-0022: no sizes for that barcode (not a dimension type).
                  { target: 'waiting', actions: failScanned('f-0022') },
                ],
                onError: { target: 'waiting', actions: fail('f-0021') },
              },
            },
            weighing: {
              invoke: {
                src: 'readWeight',
                input: ({ context }) => context,
                onDone: {
                  target: 'waiting',
                  actions: assign({
                    measure: ({ context, event }) => ({
                      ...context.measure,
                      weight: String(event.output),
                    }),
                  }),
                },
                onError: {
                  target: 'waiting',
                  actions: { type: 'fail', params: { key: 'scaleFailed', code: null } },
                },
              },
            },
            sendingMeasure: {
              tags: ['busy'],
              invoke: {
                src: 'measure',
                input: ({ context }) => context,
                onDone: [
                  {
                    // Saved: the form keeps only what is still needed (the weight).
                    guard: ({ event }) => event.output.isSuccess,
                    target: 'checkingWeight',
                    actions: 'measureSaved',
                  },
                  {
                    guard: ({ event }) => codeOf(event.output) === INVALID_MEASURE_CODE,
                    target: 'waiting',
                    actions: fail('f-0028'),
                  },
                  {
                    target: 'waiting',
                    actions: failWithMessage('f-0007'),
                  },
                ],
                onError: {
                  target: 'waiting',
                  actions: fail('f-0007', { message: '' }),
                },
              },
            },
            checkingWeight: {
              always: [
                { guard: ({ context }) => !context.parcel?.isNeedWeight, target: 'done' },
                {
                  // Spec part 1 §5: weight must be > 0, else f-0027.
                  guard: ({ context }) => !(parseAmount(context.measure.weight) > 0),
                  ...weightRejected(),
                },
                { target: 'sendingWeight' },
              ],
            },
            sendingWeight: {
              tags: ['busy'],
              invoke: {
                src: 'weigh',
                input: ({ context }) => context,
                onDone: [
                  { guard: ({ event }) => event.output.isSuccess, target: 'done' },
                  {
                    guard: ({ event }) => codeOf(event.output) === INVALID_MEASURE_CODE,
                    ...weightRejected(),
                  },
                  {
                    target: 'waiting',
                    actions: failWithMessage('f-0008'),
                  },
                ],
                onError: {
                  target: 'waiting',
                  actions: fail('f-0008', { message: '' }),
                },
              },
            },
            done: {
              always: {
                target: '#sorting.work.nextStep',
                actions: ['endOperation', 'measureDone'],
              },
            },
          },
        },

        /** The sorting step: the sticker when the parcel needs one, then the cells. */
        sorting: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: ({ context }) =>
                    !!context.parcel?.isNeedStickerPrint && !context.stepsDone.sticker,
                  target: 'loadingSticker',
                },
                { target: 'suggesting' },
              ],
            },
            loadingSticker: {
              tags: ['busy'],
              entry: assign({ prompt: prompts.step('printingSticker') }),
              invoke: {
                src: 'getSticker',
                input: ({ context }) => context,
                onDone: [
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: 'printing',
                    actions: [
                      'startOperation',
                      assign({ sticker: ({ event }) => event.output.operationObject }),
                    ],
                  },
                  {
                    target: 'suggesting',
                    actions: fail('f-0023'),
                  },
                ],
                onError: {
                  target: 'suggesting',
                  actions: fail('f-0023'),
                },
              },
            },
            printing: {
              tags: ['busy'],
              invoke: {
                src: 'printSticker',
                input: ({ context }) => context,
                onDone: [
                  { guard: ({ event }) => event.output === 'printed', target: 'marking' },
                  {
                    // Spec part 1 §5: a sticker print needs a printer.
                    guard: ({ event }) => event.output === 'noPrinter',
                    target: 'suggesting',
                    actions: [fail('f-0024'), ({ context }) => context.ports.openPrinterSettings()],
                  },
                  {
                    target: 'suggesting',
                    actions: fail('f-0025'),
                  },
                ],
                onError: {
                  target: 'suggesting',
                  actions: fail('f-0025'),
                },
              },
            },
            marking: callState('markStickerPrinted', {
              done: 'suggesting',
              back: 'suggesting',
              refused: fail('f-0025'),
              unanswered: fail('f-0025'),
            }),
            suggesting: {
              tags: ['busy'],
              entry: [
                'endOperation',
                assign({
                  stepsDone: ({ context }) => ({ ...context.stepsDone, sticker: true }),
                  prompt: prompts.step('sortingStep'),
                }),
              ],
              invoke: {
                src: 'suggestCells',
                input: ({ context }) => context,
                onDone: [
                  {
                    // Spec part 1 §4: EXPEDITION with automove → the first cell at once.
                    guard: ({ context, event }) =>
                      isOk(event.output) &&
                      context.parcel !== null &&
                      context.zone?.Type === 'EXPEDITION' &&
                      context.warehouse?.DisableAutomove !== true &&
                      (event.output.operationObject ?? []).length > 0,
                    target: '#sorting.work.expeditionSuggestMove',
                    actions: [
                      'startOperation',
                      assign(({ event }) => {
                        const cells = event.output.operationObject ?? [];
                        return { cells, targetCell: cells[0] ?? null };
                      }),
                    ],
                  },
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: '#sorting.work.scanWhere',
                    actions: assign({ cells: ({ event }) => event.output.operationObject ?? [] }),
                  },
                  {
                    target: '#sorting.work.scanWhere',
                    actions: failWithMessage('f-0010'),
                  },
                ],
                onError: {
                  target: '#sorting.work.scanWhere',
                  actions: fail('f-0010', { message: '' }),
                },
              },
            },
          },
        },

        /** Spec part 1 §2, §4: the parcel (or box) is known; where does it go. */
        scanWhere: {
          entry: assign({ prompt: prompts.scanWhere }),
          on: {
            CANCELLED: { target: 'scanWhat', actions: 'clearError' },
            SCANNED: [
              {
                guard: scanIs('cell'),
                target: 'searchingCell',
                actions: ['clearError', 'takeScan'],
              },
              {
                guard: ({ context, event }) => scanIs('box')({ event }) && context.parcel !== null,
                target: 'searchingBoxForParcel',
                actions: ['clearError', 'takeScan'],
              },
            ],
          },
        },

        /** Spec part 1 §4: an empty box was taken for the parcel; which cell does it go to. */
        scanCell: {
          entry: assign({ prompt: prompts.scanCell }),
          on: {
            CANCELLED: { target: 'scanWhat', actions: 'clearError' },
            SCANNED: [
              {
                guard: scanIs('cell'),
                target: 'searchingCell',
                actions: ['clearError', 'takeScan'],
              },
              {
                guard: scanIs('box'),
                target: 'searchingBoxForParcel',
                actions: ['clearError', 'takeScan'],
              },
            ],
          },
        },

        searchingCell: {
          tags: ['busy'],
          invoke: {
            src: 'searchCell',
            input: ({ context }) => context,
            onDone: [
              {
                guard: ({ event }) => isOk(event.output),
                target: 'moving',
                actions: [
                  'startOperation',
                  assign({ targetCell: ({ event }) => event.output.operationObject }),
                ],
              },
              {
                // Spec part 1 §8 f-0003: cell not found (104 or 304).
                guard: ({ event }) => CELL_NOT_FOUND_CODES.includes(codeOf(event.output) ?? ''),
                target: 'resume',
                actions: {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    key: 'f-0003',
                    code: 'f-0003',
                    params: { barcode: context.scanned, code: codeOf(event.output) ?? '' },
                  }),
                },
              },
              serverFailure(),
            ],
            onError: noAnswer(),
          },
        },

        /** A box scanned for the parcel: into it, or an empty one goes to a cell first. */
        searchingBoxForParcel: {
          tags: ['busy'],
          invoke: {
            src: 'searchBox',
            input: ({ context }) => ({ ...context, box: null }),
            onDone: [
              {
                guard: ({ event }) =>
                  isOk(event.output) && event.output.operationObject?.isEmpty === true,
                target: 'scanCell',
                actions: assign({ box: ({ event }) => event.output.operationObject }),
              },
              {
                guard: ({ event }) => isOk(event.output),
                target: 'moving',
                actions: [
                  'startOperation',
                  assign({
                    box: ({ event }) => event.output.operationObject,
                    targetCell: null,
                  }),
                ],
              },
              objectNotFound(),
              serverFailure(),
            ],
            onError: noAnswer(),
          },
        },

        /** A box scanned to sort the box itself (scan what, or another box in scan where). */
        searchingBox: {
          tags: ['busy'],
          invoke: {
            src: 'searchBox',
            input: ({ context }) => context,
            onDone: [
              {
                // Spec part 1 §8 f-0005: an empty box cannot be sorted.
                guard: ({ event }) =>
                  isOk(event.output) && event.output.operationObject?.isEmpty === true,
                target: 'resume',
                actions: failScanned('f-0005'),
              },
              {
                // Spec part 1 §8 f-0006: this box is the one already chosen.
                guard: ({ context, event }) =>
                  isOk(event.output) && event.output.operationObject?.id === context.box?.id,
                target: 'resume',
                actions: failScanned('f-0006'),
              },
              {
                guard: ({ event }) => isOk(event.output),
                target: 'sorting',
                actions: assign(({ event }) => {
                  const box = event.output.operationObject as TBox;
                  return { ...clearWork, box, cells: box.cells };
                }),
              },
              objectNotFound(),
              serverFailure(),
            ],
            onError: noAnswer(),
          },
        },

        /** Spec part 1 §7 move: the parcel or box into the target cell or box. */
        moving: {
          tags: ['busy'],
          invoke: {
            src: 'move',
            input: ({ context }) => context,
            onDone: [
              {
                guard: ({ event }) => event.output.isSuccess,
                target: 'scanWhat',
                actions: {
                  type: 'moved',
                  params: ({ event }) => ({
                    result: event.output.operationObject,
                    isAutomove: false,
                  }),
                },
              },
              {
                guard: ({ event }) => codeOf(event.output) === UNAVAILABLE_CODE,
                target: 'connectionLost',
              },
              {
                // A refusal would be refused again: no Retry (issue 14 item 11); a new scan
                // is a new move.
                target: 'resume',
                actions: failWithMessage('f-0014'),
              },
            ],
            // The request never got an answer (network lost, or the answer lost after the
            // server committed): keep the scan and send the same operation again.
            onError: { target: 'connectionLost' },
          },
        },

        /**
         * The move got no answer. The parcel and the target stay; the same move (same
         * X-Operation-Id, so a move the server did make answers IsRepeat) is sent again when the
         * browser is back online or after MOVE_RETRY_DELAY. Scans meanwhile wait (busy).
         */
        connectionLost: {
          tags: ['busy'],
          entry: 'connectionLost',
          after: { MOVE_RETRY_DELAY: { target: 'moving' } },
          on: {
            ONLINE: { target: 'moving' },
            CANCELLED: { target: 'resume', actions: 'clearError' },
          },
        },

        /** Spec part 1 §4: EXPEDITION zone with automove: the first suggested cell, at once. */
        expeditionSuggestMove: {
          tags: ['busy'],
          entry: assign({
            prompt: ({ context }) => ({
              ...prompts.scanWhere({ context }),
              main: {
                key: 'putInBoxInCell',
                params: { box: '', cell: context.targetCell?.name ?? '' },
              },
            }),
          }),
          invoke: {
            src: 'move',
            input: ({ context }) => context,
            onDone: [
              {
                guard: ({ event }) => event.output.isSuccess,
                target: 'scanWhat',
                actions: {
                  type: 'moved',
                  params: ({ event }) => ({
                    result: event.output.operationObject,
                    isAutomove: true,
                  }),
                },
              },
              { target: 'scanWhere', actions: failWithMessage('f-0014') },
            ],
            // No answer: the same move may still go through, so Retry resends it.
            onError: {
              target: 'scanWhere',
              actions: [assign({ canRetryMove: true }), fail('f-0014', { message: '' })],
            },
          },
        },

        /** Spec part 1 §4: a cell scan outside scan where sets the zone of that cell. */
        changingZone: {
          tags: ['busy'],
          invoke: {
            src: 'searchZone',
            input: ({ context }) => context,
            onDone: [
              {
                guard: ({ event }) => isOk(event.output),
                target: 'scanWhat',
                actions: [
                  // The last move was in the old zone: the prompt shows the new zone instead.
                  assign({ zone: ({ event }) => event.output.operationObject, lastMove: null }),
                  ({ context }) => {
                    if (context.zone) context.ports.rememberZone(context.zone.Number);
                  },
                ],
              },
              {
                guard: ({ event }) => codeOf(event.output) === ZONE_NOT_FOUND_CODE,
                target: 'resume',
                actions: failScanned('f-0012'),
              },
              serverFailure(),
            ],
            onError: noAnswer(),
          },
        },

        /** Spec part 1 §7 documents/inbound/arrive: the acceptance report `.69.` scan. */
        arriving: {
          tags: ['busy'],
          invoke: {
            src: 'arriveInbound',
            input: ({ context }) => context,
            onDone: [
              {
                guard: ({ event }) => isOk(event.output),
                target: 'acceptanceReport',
                actions: [
                  'endOperation',
                  assign({ acceptance: ({ event }) => event.output.operationObject }),
                  ({ context }) => context.ports.play(['success-small']),
                ],
              },
              {
                target: 'resume',
                actions: ['endOperation', failWithMessage('f-0026')],
              },
            ],
            onError: {
              target: 'resume',
              actions: ['endOperation', fail('f-0011')],
            },
          },
        },

        /** Spec part 1 §2 step "acceptance report": name and detailsQuantity. */
        acceptanceReport: {
          entry: assign({ ...clearWork, prompt: prompts.acceptanceReport }),
          on: { CANCELLED: 'scanWhat' },
        },
      },
    },
  },
});

export type SortingMachine = typeof sortingMachine;

/** The screen states of spec part 1 §2, the entry child's included. */
export type ScreenState =
  | 'init'
  | 'scanWarehouse'
  | 'scanZone'
  | 'scanWhat'
  | 'scanWhere'
  | 'scanCell'
  | 'logout'
  | 'expeditionSuggestMove'
  | 'checkDamage'
  | 'measure'
  | 'sorting'
  | 'acceptanceReport'
  | 'busy';

/** The screen state (or step) a snapshot shows; 'busy' while a call of scan what runs. */
export function screenStateOf(snapshot: {
  value: unknown;
  context: Pick<SortingContext, 'entry' | 'parcel' | 'box'>;
}): ScreenState {
  const value = snapshot.value;
  if (value === 'entry') {
    return snapshot.context.entry.state === 'scanWhat' ? 'scanWhat' : snapshot.context.entry.state;
  }
  if (value === 'logout') return 'logout';
  const work = (value as { work?: unknown }).work;
  const name = typeof work === 'string' ? work : Object.keys(work as object)[0];
  switch (name) {
    case 'scanWhat':
    case 'scanWhere':
    case 'scanCell':
    case 'expeditionSuggestMove':
    case 'checkDamage':
    case 'measure':
    case 'sorting':
    case 'acceptanceReport':
      return name;
    default:
      return 'busy';
  }
}
