import type { TVisionFragment, VISION_ROUTES } from '@sorting/contracts';
import type { CallResult, FlatCallInput } from '../../lib/api-client';

// The vision machine's types (vision.machine.ts; spec part 2 §2 views scanVisionUnits and
// visionUnitInfo, §4, §7; docs/DECISIONS.md "Vision screen").

export type { CallResult };

/**
 * The spec names no vision codes (part 2 §8); ours, in the `vision` catalogue: store.v-000 no
 * answer or an unexpected one, store.v-001 the unit's history was refused (an unknown unit: the
 * server's 104 with its message).
 */
export const VISION_CODES = ['store.v-000', 'store.v-001'] as const;
export type VisionCode = (typeof VISION_CODES)[number];

/** An error of the prompt line and its toast. */
export interface VisionError {
  code: VisionCode;
  /** The barcode looked up. */
  barcode: string;
  /** The server's message, or null without an answer. */
  message: string | null;
}

/** What the screen talks to: the one call and the worker's feedback. */
export interface VisionPorts {
  /** Spec part 2 §7 `VISION_ROUTES.boxes`: the warehouse (path) and the unit's barcode. */
  loadHistory(
    input: FlatCallInput<typeof VISION_ROUTES.boxes>,
  ): Promise<CallResult<{ visionFragments: TVisionFragment[] }>>;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: VisionError): void;
  /** A unit was found: the ok sound (its history is the screen's answer). */
  notifyFound(found: { barcode: string; count: number }): void;
}

export interface VisionInput {
  ports: VisionPorts;
  /** The user's default warehouse, as /returns (its number; the server takes number or code). */
  warehouseCode: string | null;
}

export interface VisionContext {
  ports: VisionPorts;
  warehouseCode: string;
  /** The barcode being looked up. */
  barcode: string | null;
  /** The unit shown and its history, newest first. */
  unit: { barcode: string; fragments: TVisionFragment[] } | null;
  error: VisionError | null;
}

export type VisionEvent = { type: 'SCANNED'; text: string } | { type: 'NEW_SEARCH' };

/** The views of spec part 2 §2 plus the transient loading one (`data-view`). */
export type VisionView = 'scanVisionUnits' | 'loading' | 'visionUnitInfo';
