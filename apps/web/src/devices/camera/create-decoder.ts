import { browserBarcodeDetector, chooseDecoderKind, type FrameDecoder } from './decoder';
import { createNativeDecoder } from './native-decoder';
import { createZxingDecoder } from './zxing-decoder';

/**
 * The decoder for this browser: its BarcodeDetector when it reads every camera format, else
 * zxing-wasm (whose .wasm is then fetched from our server). Part of the viewfinder's lazy
 * chunk, never of the first screen.
 */
export async function createDecoder(): Promise<FrameDecoder> {
  const kind = await chooseDecoderKind(browserBarcodeDetector());
  return kind === 'native' ? createNativeDecoder() : createZxingDecoder();
}
