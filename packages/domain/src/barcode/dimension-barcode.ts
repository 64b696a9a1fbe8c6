import { recognizeBarcode } from './recognize-barcode.js';

// The barcode of a dimension type (docs/DECISIONS.md "Dimension types"): scanned on
// the measure step and in the returnable boxes' form, it must never be taken for anything else.

/** The longest dimension type barcode. */
export const DIMENSION_BARCODE_MAX = 50;

/** Printable characters without spaces: no whitespace, no control, no format character. */
const PRINTABLE_WITHOUT_SPACES = /^[^\s\p{C}]+$/u;

export type DimensionBarcodeProblem = 'empty' | 'tooLong' | 'notPrintable' | 'notParcelType';

/**
 * Why a text cannot be a dimension type barcode, or null when it can: 1–50 printable characters
 * without spaces, recognised as a parcel-type code by the scan rules of spec part 1 §4 (so it is
 * never a cell, box, badge, acceptance report, URL or `.GL/.GW/.GH` measure).
 */
export function dimensionBarcodeProblem(barcode: string): DimensionBarcodeProblem | null {
  if (barcode.length === 0) return 'empty';
  if ([...barcode].length > DIMENSION_BARCODE_MAX) return 'tooLong';
  if (!PRINTABLE_WITHOUT_SPACES.test(barcode)) return 'notPrintable';
  if (recognizeBarcode(barcode).type !== 'parcel') return 'notParcelType';
  return null;
}

/** The largest size of a dimension type, in cm (the measure rule of spec part 1 §5). */
export const DIMENSION_SIZE_MAX_CM = 10_000;

/** A size of a dimension type: more than 0 and at most 10,000 cm. */
export function isDimensionSize(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= DIMENSION_SIZE_MAX_CM;
}
