// ZPL II for Zebra-type printers at 203 dpi: native barcode commands, so the printer draws
// every bar at its own resolution.
import { QUIET_ZONE } from './barcode.js';
import { fitText } from './fit-text.js';
import type { BarcodeElement, LabelLayout, TextElement } from './templates.js';

/** 203 dpi printheads: 8 dots per mm. */
export const ZPL_DOTS_PER_MM = 8;

/** Widest Code128 module we print (0.5 mm); wider bars only waste label. */
const MAX_MODULE_DOTS = 4;

// Font 0 is proportional; 0.6 of its height is a safe upper bound of an average glyph's width
// (the printer cannot be asked), so an estimated fit never overflows.
const FONT0_WIDTH_RATIO = 0.6;

function dots(mm: number): number {
  return Math.round(mm * ZPL_DOTS_PER_MM);
}

/**
 * Field data under ^FH\: the command prefixes ^ and ~ and the escape itself are written as
 * hex, control characters dropped; Cyrillic stays UTF-8 (^CI28).
 */
export function escapeZplField(text: string): string {
  return Array.from(text)
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/[\\^~]/g, (char) => `\\${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function renderText(element: TextElement): string {
  const fitted = fitText(
    element.text,
    element.width,
    element.size,
    (text, size) => Array.from(text).length * size * FONT0_WIDTH_RATIO,
    '...',
  );
  const height = dots(fitted.size);
  const align = element.align === 'center' ? 'C' : 'L';
  return (
    `^FO${dots(element.x)},${dots(element.y)}^A0N,${height},${height}` +
    `^FB${dots(element.width)},1,0,${align}^FH\\^FD${escapeZplField(fitted.text)}^FS`
  );
}

function renderBarcode(element: BarcodeElement): string {
  const boxWidth = dots(element.width);
  const boxHeight = dots(element.height);
  const data = escapeZplField(element.text);
  if (element.symbol.kind === 'linear') {
    const modules = element.symbol.modules + 2 * QUIET_ZONE.code128;
    const module = Math.min(MAX_MODULE_DOTS, Math.max(1, Math.floor(boxWidth / modules)));
    const left = Math.round((boxWidth - modules * module) / 2) + QUIET_ZONE.code128 * module;
    // ^BC orientation N, no interpretation line (we print our own), mode A: automatic subsets,
    // so '>' in a badge is data, not a subset switch.
    return (
      `^BY${module},3,${boxHeight}` +
      `^FO${dots(element.x) + left},${dots(element.y)}^BCN,${boxHeight},N,N,N,A` +
      `^FH\\^FD${data}^FS`
    );
  }
  const modules = element.symbol.size + 2 * QUIET_ZONE.qr;
  const magnification = Math.min(
    10,
    Math.max(1, Math.floor(Math.min(boxWidth, boxHeight) / modules)),
  );
  const side = element.symbol.size * magnification;
  const left = Math.round((boxWidth - side) / 2);
  const top = Math.round((boxHeight - side) / 2);
  // ^BQ model 2; field data "MA,": error correction M, automatic input mode.
  return (
    `^FO${dots(element.x) + left},${dots(element.y) + top}^BQN,2,${magnification}` +
    `^FH\\^FDMA,${data}^FS`
  );
}

/** One ZPL label format printing all copies (^PQ). */
export function renderZpl(layout: LabelLayout): string {
  const lines = [
    '^XA',
    '^CI28',
    `^PW${dots(layout.widthMm)}`,
    `^LL${dots(layout.heightMm)}`,
    '^LH0,0',
  ];
  for (const element of layout.elements) {
    lines.push(element.kind === 'text' ? renderText(element) : renderBarcode(element));
  }
  lines.push(`^PQ${layout.copies},0,1,Y`, '^XZ');
  return `${lines.join('\n')}\n`;
}
