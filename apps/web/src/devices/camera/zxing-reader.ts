import type { ReadResult, ReaderOptions } from 'zxing-wasm/reader';

/** The camera formats (`CAMERA_FORMATS`) in zxing's names. */
export const ZXING_FORMATS = [
  'Code128',
  'Code39',
  'EAN13',
  'EAN8',
  'ITF',
  'QRCode',
  'DataMatrix',
] as const satisfies ReaderOptions['formats'];

/**
 * Options for camera frames: rotated and inverted labels are tried, a few labels per frame at
 * most (a frame with more is a shelf, not a scan).
 */
export const ZXING_READER_OPTIONS: ReaderOptions = {
  formats: [...ZXING_FORMATS],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 4,
};

/** The texts of the valid results. */
export function textsOf(results: readonly ReadResult[]): string[] {
  return results.filter((result) => result.isValid && result.text).map((result) => result.text);
}
