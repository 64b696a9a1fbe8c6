/**
 * Keyboard-wedge scanner detection as a pure state function (no DOM, no clock of its own):
 * a scanner "types" a barcode as a burst of printable keys a few milliseconds apart and ends
 * it with Enter or Tab; a person types slower. XState would put ~15 kB gzip into the first
 * screen (budget 150 kB), so this is a hand-written reducer with the states of a machine,
 * named after what they wait for.
 */

/** What a key press means to the detector (the DOM adapter classifies `KeyboardEvent`s). */
export type WedgeKey =
  /** A printable character (`event.key` of length 1, no Ctrl/Meta). */
  | { type: 'CHAR'; char: string; at: number }
  /** Enter or Tab: the scanner's suffix. */
  | { type: 'END'; at: number }
  /** Shift, CapsLock and other modifiers alone: scanners press Shift for capitals. */
  | { type: 'MODIFIER'; at: number }
  /** Any other key (Backspace, arrows, Escape, shortcuts): a person is at the keyboard. */
  | { type: 'OTHER'; at: number };

export type WedgeState =
  { value: 'waitForFirstChar' } | { value: 'waitForNextCharOrEnd'; chars: string; lastAt: number };

export interface WedgeTiming {
  /** Longest gap between two keys of one burst, ms (the Enter included). */
  maxGapMs: number;
  /** Fewest characters a scan has. */
  minLength: number;
}

/** Defaults: scanners send keys 1–15 ms apart; people rarely type 3 keys under 35 ms apart. */
export const DEFAULT_WEDGE_TIMING: WedgeTiming = { maxGapMs: 35, minLength: 3 };

export const INITIAL_WEDGE_STATE: WedgeState = { value: 'waitForFirstChar' };

export interface WedgeStep {
  state: WedgeState;
  /** The scanned text when this key ended a scan. */
  scan?: string;
}

/** The next state after one key; `scan` is set when the key was the end of a scan. */
export function nextWedgeState(
  state: WedgeState,
  key: WedgeKey,
  timing: WedgeTiming = DEFAULT_WEDGE_TIMING,
): WedgeStep {
  switch (key.type) {
    case 'MODIFIER':
      return { state };
    case 'OTHER':
      return { state: INITIAL_WEDGE_STATE };
    case 'CHAR': {
      const isBurst =
        state.value === 'waitForNextCharOrEnd' && key.at - state.lastAt <= timing.maxGapMs;
      // A slow key starts a new burst with itself: the keys before it were typed by a person.
      const chars = isBurst ? state.chars + key.char : key.char;
      return { state: { value: 'waitForNextCharOrEnd', chars, lastAt: key.at } };
    }
    case 'END': {
      const isScan =
        state.value === 'waitForNextCharOrEnd' &&
        key.at - state.lastAt <= timing.maxGapMs &&
        state.chars.length >= timing.minLength;
      return isScan
        ? { state: INITIAL_WEDGE_STATE, scan: state.chars }
        : { state: INITIAL_WEDGE_STATE };
    }
  }
}

/** A detector that keeps its own state: `push` each key, get the scanned text back or null. */
export function createWedgeDetector(timing: WedgeTiming = DEFAULT_WEDGE_TIMING) {
  let state: WedgeState = INITIAL_WEDGE_STATE;
  return {
    push(key: WedgeKey): string | null {
      const step = nextWedgeState(state, key, timing);
      state = step.state;
      return step.scan ?? null;
    },
    get state(): WedgeState {
      return state;
    },
  };
}
