import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TParcel,
  TParcelSticker,
  TReturnableBox,
  TWarehouse,
  TZone,
} from '@sorting/contracts';
import type { SoundName } from '../../shell/sounds/sound-names';
import type { EntryError, SortingEntryInput } from './sorting-entry.machine';
import type { SortingCalls } from './sorting.service';
import type catalogue from './locales/ru.json';

// The types of the sorting screen machine (sorting.machine.ts): its ports, input, context,
// events and the prompt model the page renders.

/** What the sticker port prints: the parcel label of `GET .../sticker` (spec part 1 §3 Print job). */
export interface StickerJob {
  barcodeName: TParcelSticker['barcodeName'];
  barcodeData: TParcelSticker['barcodeData'];
  copies: number;
}

export type PrintOutcome = 'printed' | 'noPrinter' | 'failed';

/** Spec part 1 §9 LAST_PARCEL_SCANNED: the last parcel the worker scanned on this device. */
export interface LastParcel {
  barcode: string;
  id: number;
}

/** A catalogue key without its plural suffix (i18next picks `_one`, `_few`… by `count`). */
type PluralBase<TKey> =
  TKey extends `${infer TBase}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? TBase : TKey;

/** A key of the sorting catalogue; the ru catalogue is the source of the keys (conventions §8). */
export type SortingTextKey = PluralBase<keyof typeof catalogue>;

/** An f-code of spec part 1 §8 that is its own catalogue key. */
export type FCode = Extract<SortingTextKey, `f-${string}`>;

/** A text of the sorting catalogue with its parameters. */
export interface Text {
  key: SortingTextKey;
  params?: Record<string, string | number>;
}

/**
 * The error line of the prompt area (and of the toast): a catalogue key with parameters, or
 * the server's own message (key 'serverMessage'); `code` is shown in small print.
 */
export interface PromptError {
  key: SortingTextKey | 'serverMessage';
  params?: Text['params'];
  code: string | null;
  message?: string;
  /**
   * Played instead of the error sound: `stop` for a refusal that must halt the worker
   * (docs/DECISIONS.md "Sorting screen", sounds).
   */
  sound?: 'stop';
}

/** Spec part 1 §2: the prompt area. */
export interface Prompt {
  pre: Text | null;
  main: Text;
  extra: Text | null;
  bottom: Text | null;
  isArrow: boolean;
}

export interface SortingPorts {
  calls: SortingCalls;
  /** The entry's two lookups and effects are provided to the child machine by the caller. */
  printSticker(job: StickerJob): Promise<PrintOutcome>;
  /** Resolves the scale's stable weight in kg; rejects when there is no scale. */
  readStableWeightKg(signal: AbortSignal): Promise<number>;
  /** One id per user action (X-Operation-Id); a retry of that action reuses it. */
  createOperationId(): string;
  /** An error toast; the toast plays the error sound unless the error has its own `sound`. */
  notifyError(error: PromptError): void;
  /** Plays the sounds one after another. */
  play(sounds: SoundName[]): void;
  readLastParcel(): LastParcel | null;
  writeLastParcel(value: LastParcel | null): void;
  /** The LAST_ZONE_NUMBER cookie (a cell scan chose a new zone). */
  rememberZone(number: number): void;
  /** Spec part 1 §5: no printer → the printer service's settings. */
  openPrinterSettings(): void;
  locale: 'ru' | 'en';
}

export interface SortingInput extends SortingEntryInput {
  ports: SortingPorts;
  userId: number | null;
  /** Runtime settings features.userBarcodeAuthorization. */
  isUserScanAllowed: boolean;
}

/** The view of the entry child the page renders while it runs. */
export interface EntryView {
  state: 'init' | 'scanWarehouse' | 'scanZone' | 'scanWhat';
  isBusy: boolean;
  /** Restoring the warehouse and zone by itself: the screen shows a neutral loading state. */
  isRestoring: boolean;
  error: EntryError | null;
}

/** The measure form: typed or scanned text, weight in kg. */
export interface MeasureForm {
  length: string;
  width: string;
  height: string;
  weight: string;
}

export type MeasureField = keyof MeasureForm;

/** What the last move did, for the prompt after it (and "tie up the box"). */
export interface LastMove {
  /** The parcel moved; null when a box was moved (box flow). */
  parcelNumber: string | null;
  boxNumber: number | null;
  cellName: string | null;
  /** The parcels of the box moved (box flow), for the plural of the prompt. */
  parcelsInBox: number | null;
  isBoxReceipted: boolean;
  isAutomove: boolean;
  /** Nothing moved: it already lay there (the server's isAlreadyInPlace). */
  isAlreadyInPlace: boolean;
  /** The returnable container moved (ContainerAccounting/move); null for a parcel or box. */
  containerBarcode: string | null;
}

export interface SortingContext {
  ports: SortingPorts;
  userId: number | null;
  isUserScanAllowed: boolean;
  entryInput: SortingEntryInput;
  entry: EntryView;
  warehouse: TWarehouse | null;
  zone: TZone | null;
  parcel: TParcel | null;
  /** The box being sorted (box flow), or the empty box taken for the parcel (scanCell). */
  box: TBox | null;
  /** The returnable container scanned (`_R…`): where it is, and the cell it goes to. */
  container: TReturnableBox | null;
  cells: TCell[];
  /**
   * `cells` came with the scan's answer (parcel or box) and no damage, measure or sticker step
   * ran since: the sorting step uses them instead of asking `cells/suggest` again (one call
   * per parcel scan; part 1 §7 keeps both calls). Used once.
   */
  cellsFromScan: boolean;
  /** The cell the next move goes to. */
  targetCell: TCell | null;
  /** The scanned text being handled. */
  scanned: string;
  isRescan: boolean;
  stepsDone: { damage: boolean; measure: boolean; sticker: boolean };
  measure: MeasureForm;
  /** The check-damage answer being sent. */
  damage: { isDamaged: boolean; comment: string };
  sticker: TParcelSticker | null;
  acceptance: TAcceptanceReport | null;
  lastMove: LastMove | null;
  lastParcel: LastParcel | null;
  operationId: string | null;
  /** The failed move can be sent again with the same operation id. */
  canRetryMove: boolean;
  prompt: Prompt;
  error: PromptError | null;
}

export type SortingEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'WAREHOUSE_PICKED'; number: number }
  | { type: 'ZONE_PICKED'; number: number }
  | { type: 'CHANGE_ZONE' }
  | { type: 'CHANGE_WAREHOUSE' }
  | { type: 'CANCELLED' }
  | { type: 'RETRY' }
  /** The browser is online again (window 'online'): a move waiting for the network goes. */
  | { type: 'ONLINE' }
  | { type: 'DAMAGE_CONFIRMED'; isDamaged: boolean; comment: string }
  | { type: 'MEASURE_CHANGED'; field: MeasureField; value: string }
  | { type: 'READ_WEIGHT' }
  | { type: 'MEASURE_SUBMITTED' }
  | { type: 'USER_CHANGED'; userId: number | null };
