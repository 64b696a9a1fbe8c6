import type {
  DECONSOLIDATION_ROUTES,
  TDeconsolidated,
  TDeconsolidationBox,
} from '@sorting/contracts';
import type { CallResult, FlatCall } from '../../lib/api-client';

// The deconsolidation machine's types (deconsolidation.machine.ts; spec part 2 §2, §4, §8).

export type { CallResult };

/**
 * Spec part 2 §8 "Deconsolidation", the `deconsolidation` catalogue: store.a-000 generic (no
 * answer, unexpected, a scan of another kind), store.a-001 box load failure, store.a-002 cell
 * delete failure; each with the server message when there is one.
 */
export const DECONSOLIDATION_CODES = ['store.a-000', 'store.a-001', 'store.a-002'] as const;
export type DeconsolidationCode = (typeof DECONSOLIDATION_CODES)[number];

/** An error of the prompt line and its toast. */
export interface DeconsolidationError {
  code: DeconsolidationCode;
  /** a-001: the barcode scanned. */
  barcode?: string;
  /** a-002: the cell whose box was to be unpacked. */
  cell?: string;
  /** The server's message, or null without an answer. */
  message: string | null;
  /** a-000 for a scan that is no cell or box: the page says what to scan. */
  isWrongKind?: boolean;
}

/** What the screen talks to: the two calls and the worker's feedback. */
export interface DeconsolidationPorts {
  loadBox: FlatCall<typeof DECONSOLIDATION_ROUTES.box>;
  deconsolidate: FlatCall<typeof DECONSOLIDATION_ROUTES.deconsolidate>;
  createOperationId(): string;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: DeconsolidationError): void;
  /** The box was unpacked: ok toast and the ok-new sound (spec part 2 §8). */
  notifyDone(done: { box: string; count: number }): void;
}

export interface DeconsolidationInput {
  ports: DeconsolidationPorts;
  /** The user's default warehouse, as /returns (its number; the server takes number or code). */
  warehouseCode: string | null;
}

export interface DeconsolidationContext {
  ports: DeconsolidationPorts;
  warehouseCode: string;
  /** The barcode being loaded. */
  barcode: string | null;
  box: TDeconsolidationBox | null;
  /** The answer of the last unpacking (the close view). */
  done: TDeconsolidated | null;
  /** One id per confirmed unpacking: a retry of the same confirmation replays it. */
  operationId: string | null;
  error: DeconsolidationError | null;
}

export type DeconsolidationEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'DECONSOLIDATE' }
  | { type: 'CONFIRMED' }
  | { type: 'CANCELLED' }
  | { type: 'CANCEL' }
  | { type: 'NEXT' };

/** The views of spec part 2 §2 plus the page's transient ones (`data-view`). */
export type DeconsolidationView =
  'waiting' | 'loading' | 'info' | 'confirm' | 'deconsolidating' | 'close';

/** The parcels' total weight in grams; null when none is weighed. */
export function totalWeightGrams(box: TDeconsolidationBox): number | null {
  const weights = box.Details.map((detail) => detail.Weight).filter(
    (weight): weight is number => weight !== null,
  );
  return weights.length === 0 ? null : weights.reduce((sum, weight) => sum + weight, 0);
}
