/**
 * What the camera reads: the 1D codes of labels and goods and the 2D codes of badges, cells
 * and sign-on links. Names of the Barcode Detection API.
 */
export const CAMERA_FORMATS = [
  'code_128',
  'code_39',
  'ean_13',
  'ean_8',
  'itf',
  'qr_code',
  'data_matrix',
] as const;

export type CameraFormat = (typeof CAMERA_FORMATS)[number];

/** Reads the barcodes of one video frame; answers their texts. */
export interface FrameDecoder {
  readonly kind: DecoderKind;
  decode(video: HTMLVideoElement): Promise<string[]>;
}

/** The browser's BarcodeDetector, or the zxing-wasm fallback. */
export type DecoderKind = 'native' | 'zxing';

/** The part of the browser's `BarcodeDetector` class the choice looks at. */
export interface BarcodeDetectorClass {
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * The browser's BarcodeDetector only when it reads every format of `CAMERA_FORMATS`
 * (Chrome on Android and macOS does; desktop Linux and Windows have the class with no
 * formats, Firefox and older Safari have none); otherwise zxing-wasm.
 */
export async function chooseDecoderKind(
  detector: BarcodeDetectorClass | undefined,
): Promise<DecoderKind> {
  if (!detector || typeof detector.getSupportedFormats !== 'function') return 'zxing';
  try {
    const supported = new Set(await detector.getSupportedFormats());
    return CAMERA_FORMATS.every((format) => supported.has(format)) ? 'native' : 'zxing';
  } catch {
    return 'zxing';
  }
}

/** The page's BarcodeDetector class, if any. */
export function browserBarcodeDetector(): BarcodeDetectorClass | undefined {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : undefined;
}
