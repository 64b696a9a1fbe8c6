// Barcode symbols as module geometry, so the PDF draws crisp vector bars and the ZPL side can
// size its native barcode commands from the same symbol.
// The default export (its named `raw` is the "raw" symbology, not the encoder); the /node
// entry because the package's bare entry lists no condition TypeScript's bundler mode picks.
import bwipjs from 'bwip-js/node';

/** Code128 for 1D labels, QR for QR labels. */
export type Symbology = 'code128' | 'qr';

export type BarcodeSymbol =
  /** bars[i] is [offset, width] in modules from the left edge of the first bar. */
  | { kind: 'linear'; bars: Array<[number, number]>; modules: number }
  /** dark[y * size + x] is 1 for a dark module. */
  | { kind: 'matrix'; dark: number[]; size: number };

/** Quiet zones in modules: Code128 needs 10 X on each side, QR 4 modules. */
export const QUIET_ZONE = { code128: 10, qr: 4 } as const;

// Code128 encodes ASCII (0–127); bwip-js would otherwise fail deep inside with a less useful
// message for a Cyrillic barcode.
const ASCII = /^[\x20-\x7e]+$/;

/** Encodes the text; throws an Error naming the text when it cannot be encoded. */
export function encodeBarcode(symbology: Symbology, text: string): BarcodeSymbol {
  if (symbology === 'code128') {
    if (!ASCII.test(text)) {
      throw new Error(`Code128 label barcode must be printable ASCII, got ${JSON.stringify(text)}`);
    }
    const [symbol] = bwipjs.raw({ bcid: 'code128', text });
    if (!symbol || !('sbs' in symbol)) throw new Error(`Cannot encode Code128 ${text}`);
    const bars: Array<[number, number]> = [];
    let offset = 0;
    symbol.sbs.forEach((width, index) => {
      // sbs alternates bar, space, bar, ... starting with a bar.
      if (index % 2 === 0) bars.push([offset, width]);
      offset += width;
    });
    return { kind: 'linear', bars, modules: offset };
  }
  // eclevel M: the usual balance of size and damage tolerance for shelf labels.
  const [symbol] = bwipjs.raw('qrcode', text, 'eclevel=M');
  if (!symbol || !('pixs' in symbol)) throw new Error(`Cannot encode QR ${text}`);
  return { kind: 'matrix', dark: symbol.pixs, size: symbol.pixx };
}

/** Width in modules of the symbol including its quiet zones. */
export function symbolModules(symbol: BarcodeSymbol): number {
  return symbol.kind === 'linear'
    ? symbol.modules + 2 * QUIET_ZONE.code128
    : symbol.size + 2 * QUIET_ZONE.qr;
}
