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

/**
 * The print grid: 203 dpi, the resolution of the common thermal label printers. Module widths
 * are whole dots of it, so every bar is equally wide on the printhead.
 */
export const PRINT_DPI = 203;
/** mm of one dot of the print grid. */
export const DOT_MM = 25.4 / PRINT_DPI;

/**
 * The narrowest module printed: 2 dots (0.25 mm). One-dot bars print and scan unreliably at
 * 203 dpi (dot gain turns them into uneven bars); they did not decode at 150 or 200 dpi.
 */
export const MIN_MODULE_DOTS = 2;
/** The widest: Code128 bars wider than 0.5 mm only use label; QR modules up to 10 dots. */
const MAX_MODULE_DOTS = { code128: 4, qr: 10 } as const;

/** Whole dots of the print grid that fit in a length in mm. */
export function dotsIn(mm: number): number {
  return Math.floor(mm / DOT_MM + 1e-6);
}

/**
 * The module size in whole dots for a symbol in a box (mm), quiet zones included: the largest
 * that fits, at most the symbology's widest; null when not even `MIN_MODULE_DOTS` fits.
 */
export function moduleDotsFor(
  symbology: Symbology,
  symbol: BarcodeSymbol,
  widthMm: number,
  heightMm: number,
): number | null {
  const modules = symbolModules(symbol);
  const room = symbol.kind === 'linear' ? dotsIn(widthMm) : dotsIn(Math.min(widthMm, heightMm));
  const dots = Math.min(MAX_MODULE_DOTS[symbology], Math.floor(room / modules));
  return dots >= MIN_MODULE_DOTS ? dots : null;
}
