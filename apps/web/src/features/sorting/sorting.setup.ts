import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMeasures,
  TMoveResult,
  TParcel,
  TParcelSticker,
  TReturnableBox,
  TZone,
} from '@sorting/contracts';
import { isReturnableBoxBarcode, recognizeBarcode, type RecognizedBarcode } from '@sorting/domain';
import { formDecimal } from '../../lib/number-format';
import { letterSound } from '../../shell/sounds/letter-sound';
import { numberSound, type SoundName } from '../../shell/sounds/sound-names';
import { sortingEntryMachine, type EntryError, type LookupResult } from './sorting-entry.machine';
import type {
  EntryView,
  FCode,
  LastMove,
  MeasureForm,
  PrintOutcome,
  PromptError,
  SortingContext,
  SortingEvent,
  SortingInput,
} from './sorting.types';

// The sorting machine's setup (actors, actions, delays) and the transition helpers its step
// files share; the steps are composed in sorting.machine.ts.

/** Spec part 1 §8: parcel error codes that mean "not found". */
export const PARCEL_NOT_FOUND_CODES = ['104', '404'];
/** Spec part 1 §8: f-0002 box not found. */
export const OBJECT_NOT_FOUND_CODE = '104';
/** Spec part 1 §8: f-0003 cell not found (104, or 304 for another warehouse's cell). */
export const CELL_NOT_FOUND_CODES = ['104', '304'];
export const ZONE_NOT_FOUND_CODE = '204';
/** The server's `invalidMeasure` code (docs/DECISIONS.md "Sorting rules"). */
export const INVALID_MEASURE_CODE = '422';

/**
 * The server's retryable answer (database unavailable, docs/DECISIONS.md "Faults and bad
 * input"): like a lost connection, the move is sent again with the same operation id.
 */
export const UNAVAILABLE_CODE = '503';
/** How long a move waits for the connection before it is sent again (unless ONLINE first). */
export const MOVE_RETRY_DELAY_MS = 3_000;
export const CONNECTION_LOST: PromptError = { key: 'connectionLost', code: null };

export const EMPTY_MEASURE: MeasureForm = { length: '', width: '', height: '', weight: '' };
export const NO_STEPS_DONE = { damage: false, measure: false, sticker: false };

export function codeOf(result: LookupResult<unknown>): string | null {
  return result.errorCode === null ? null : String(result.errorCode);
}

export function serverError(result: LookupResult<unknown>): PromptError {
  return { key: 'serverMessage', code: codeOf(result), message: result.message ?? '' };
}

export function isOk(result: LookupResult<unknown>): boolean {
  return result.isSuccess && result.operationObject !== null;
}

/** The fail action of an f-code with fixed parameters (its catalogue key is the code). */
export function fail(code: FCode, params?: Record<string, string>) {
  const error: PromptError = params ? { key: code, code, params } : { key: code, code };
  return { type: 'fail' as const, params: error };
}

/**
 * A refusal that must halt the worker: it sounds `stop` instead of `err` (docs/DECISIONS.md
 * "Sorting screen", sounds).
 */
export const HALT = { sound: 'stop' } as const satisfies Pick<PromptError, 'sound'>;

/** The fail action of an f-code that names the scanned barcode. */
export function failScanned(code: FCode, extra: Pick<PromptError, 'sound'> = {}) {
  return {
    type: 'fail' as const,
    params: ({ context }: { context: SortingContext }): PromptError => ({
      key: code,
      code,
      params: { barcode: context.scanned },
      ...extra,
    }),
  };
}

/** The fail action of an f-code that carries the server's message. */
export function failWithMessage(code: FCode, extra: Pick<PromptError, 'sound'> = {}) {
  return {
    type: 'fail' as const,
    params: ({ event }: { event: { output: LookupResult<unknown> } }): PromptError => ({
      key: code,
      code,
      params: { message: event.output.message ?? '' },
      ...extra,
    }),
  };
}

/** The fail action that shows the server's own message. */
export function failFromServer() {
  return {
    type: 'fail' as const,
    params: ({ event }: { event: { output: LookupResult<unknown> } }) => serverError(event.output),
  };
}

/** A search's answer of spec part 1 §8 f-0002: no such parcel or box. */
export function objectNotFound() {
  return {
    guard: ({ event }: { event: { output: LookupResult<unknown> } }) =>
      codeOf(event.output) === OBJECT_NOT_FOUND_CODE,
    target: 'resume',
    actions: failScanned('f-0002'),
  };
}

/** A search's last answers: any other server error, and no answer at all (f-0001). */
export const serverFailure = () => ({ target: 'resume', actions: failFromServer() });
export const noAnswer = () => ({ target: 'resume', actions: fail('f-0001') });

/**
 * A state that makes one call: success goes on to `done`; a refusal (`refused`) or no answer
 * (`unanswered`) goes `back` with its error.
 */
export function callState<const TSrc extends string, TRefused, TUnanswered>(
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
 * (docs/DECISIONS.md "Sorting screen").
 */
export const weightRejected = () => ({ target: 'waiting', actions: fail('f-0027') });

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

export function recognize(text: string): RecognizedBarcode {
  return recognizeBarcode(text);
}

/** The scan a url carries in its query (barcode, parcel or code parameter), if any. */
export function scanInUrl(text: string): string | null {
  const scan = recognize(text);
  if (scan.type !== 'url') return null;
  return scan.params.barcode ?? scan.params.parcel ?? scan.params.code ?? null;
}

export const scanIs =
  (...types: RecognizedBarcode['type'][]) =>
  ({ event }: { event: SortingEvent }) =>
    event.type === 'SCANNED' && types.includes(recognize(event.text).type);

/** A returnable container's barcode (`_R…`): a box scan the screen handles as a container. */
export const scanIsContainer = ({ event }: { event: SortingEvent }) =>
  scanIs('box')({ event }) && isReturnableBoxBarcode(scannedText(event));

/** A box scan that is no returnable container. */
export const scanIsSortingBox = ({ event }: { event: SortingEvent }) =>
  scanIs('box')({ event }) && !scanIsContainer({ event });

/** A number as the form shows it, in the locale's decimals («1,25» in ru, "1.25" in en). */
/**
 * The known measures (spec part 1 §3 "Measure") as the form's text, in the locale's decimals
 * (`parseAmount` reads both); weight grams → kg. Unknown ones keep what the form has.
 */
export function measureFormOf(
  known: TMeasures,
  form: MeasureForm,
  locale: 'ru' | 'en',
): MeasureForm {
  const text = (value: number | null, current: string) =>
    value === null ? current : formDecimal(value, locale);
  return {
    length: text(known.length, form.length),
    width: text(known.width, form.width),
    height: text(known.height, form.height),
    weight: text(known.weight === null ? null : known.weight / 1000, form.weight),
  };
}

export function scannedText(event: SortingEvent): string {
  return event.type === 'SCANNED' ? recognize(event.text).raw : '';
}

export function entryViewOf(snapshot: {
  value: unknown;
  context: { error: EntryError | null; isRestoring?: boolean };
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
    isRestoring: state !== 'scanWhat' && snapshot.context.isRestoring === true,
    error: snapshot.context.error,
  };
}

/**
 * Scans a step does not take: a badge (the shell's user switch; allowed → logout), a login
 * token, an empty scan.
 */
export const scansOutsideTheScreen = [
  {
    guard: ({ context, event }: { context: SortingContext; event: SortingEvent }) =>
      scanIs('user')({ event }) && context.isUserScanAllowed,
    target: '#sorting.logout',
  },
  { guard: scanIs('empty', 'user', 'token') },
];

/** Parcel/box/cell inputs every call shares. */
export function where(context: SortingContext) {
  return {
    warehouseId: context.warehouse?.Id ?? 0,
    userId: context.userId,
    zoneId: context.zone?.Id ?? null,
  };
}

/** What a new parcel or box starts from. */
export const clearWork: Pick<
  SortingContext,
  | 'parcel'
  | 'box'
  | 'container'
  | 'cells'
  | 'cellsFromScan'
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
  container: null,
  cells: [],
  cellsFromScan: false,
  targetCell: null,
  isRescan: false,
  stepsDone: NO_STEPS_DONE,
  measure: EMPTY_MEASURE,
  damage: { isDamaged: false, comment: '' },
  sticker: null,
  operationId: null,
  canRetryMove: false,
};

export const sortingSetup = setup({
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
    loadMeasures: fromPromise<LookupResult<TMeasures>, SortingContext>(({ input: c }) =>
      c.ports.calls.measures({ barcode: c.parcel?.number ?? '' }),
    ),
    findContainer: fromPromise<LookupResult<TReturnableBox>, SortingContext>(({ input: c }) =>
      c.ports.calls.findContainer({ barcode: c.scanned }),
    ),
    moveContainer: fromPromise<LookupResult<TReturnableBox>, SortingContext>(({ input: c }) =>
      c.ports.calls.moveContainer({
        ContainerBarcode: c.container?.Barcode ?? '',
        LocationCode: c.targetCell?.barcode ?? c.scanned,
        operationId: c.operationId ?? c.ports.createOperationId(),
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
      // A refusal that must halt the worker sounds `stop` instead (its toast is muted).
      const sound = error.sound;
      if (sound) enqueue(() => context.ports.play([sound]));
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
          containerBarcode: null,
        };
        enqueue.assign({ lastMove, error: null, operationId: null, canRetryMove: false });
        // Already there: the repeat sound; nothing to speak or tie up.
        if (lastMove.isAlreadyInPlace) {
          enqueue(() => context.ports.play(['repeat']));
          return;
        }
        const success: SoundName = lastMove.isBoxReceipted ? 'success-big' : 'success-small';
        // A new box opened in the cell: `new` says "put a new box there" (docs/DECISIONS.md
        // "Sorting screen", sounds).
        const opened: SoundName[] = result?.isNewBox === true ? ['new'] : [];
        enqueue(() => context.ports.play([success, ...opened, ...cellLocationSounds(cell)]));
      },
    ),
    /** A returnable container was moved: back to scan what, the success sound, the cell spoken. */
    containerMoved: enqueueActions(
      ({ context, enqueue }, params: { container: TReturnableBox | null }) => {
        const cell = context.targetCell;
        const lastMove: LastMove = {
          parcelNumber: null,
          boxNumber: null,
          cellName: params.container?.CurrentLocationName ?? cell?.name ?? context.scanned,
          parcelsInBox: null,
          isBoxReceipted: false,
          isAutomove: false,
          isAlreadyInPlace: false,
          containerBarcode: params.container?.Barcode ?? context.container?.Barcode ?? '',
        };
        enqueue.assign({ lastMove, error: null, operationId: null });
        enqueue(() => context.ports.play(['success-small', ...cellLocationSounds(cell)]));
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
});
