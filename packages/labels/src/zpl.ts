// ZPL II for Zebra-type printers at 203 dpi: native barcode commands, so the printer draws
// every bar at its own resolution.
import { QUIET_ZONE, symbolModules } from './barcode.js';
import { fitText, LINE_HEIGHT } from './fit-text.js';
import type { BarcodeElement, LabelLayout, TextElement } from './templates.js';

/** 203 dpi printheads: 8 dots per mm. */
export const ZPL_DOTS_PER_MM = 8;

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

/** One field per line, so the printer never wraps (or overprints) a line itself. */
function renderText(element: TextElement): string {
  const fitted = fitText(
    element.text,
    element.width,
    element.height,
    element.size,
    (text, size) => Array.from(text).length * size * FONT0_WIDTH_RATIO,
    '...',
  );
  const height = dots(fitted.size);
  const align = element.align === 'center' ? 'C' : 'L';
  return fitted.lines
    .map((text, index) => {
      const top = element.y + fitted.offset + index * fitted.size * LINE_HEIGHT;
      return (
        `^FO${dots(element.x)},${dots(top)}^A0N,${height},${height}` +
        `^FB${dots(element.width)},1,0,${align}^FH\\^FD${escapeZplField(text)}^FS`
      );
    })
    .join('\n');
}

/** The barcode with the module the layout chose (whole dots, at least 2), centred in its box. */
function renderBarcode(element: BarcodeElement): string {
  const boxWidth = dots(element.width);
  const boxHeight = dots(element.height);
  const data = escapeZplField(element.text);
  const module = element.moduleDots;
  if (element.symbol.kind === 'linear') {
    const modules = symbolModules(element.symbol);
    const left = Math.round((boxWidth - modules * module) / 2) + QUIET_ZONE.code128 * module;
    // ^BC orientation N, no interpretation line (we print our own), mode A: automatic subsets,
    // so '>' in a badge is data, not a subset switch.
    return (
      `^BY${module},3,${boxHeight}` +
      `^FO${dots(element.x) + left},${dots(element.y)}^BCN,${boxHeight},N,N,N,A` +
      `^FH\\^FD${data}^FS`
    );
  }
  const side = element.symbol.size * module;
  const left = Math.round((boxWidth - side) / 2);
  const top = Math.round((boxHeight - side) / 2);
  // ^BQ model 2; field data "MA,": error correction M, automatic input mode.
  return (
    `^FO${dots(element.x) + left},${dots(element.y) + top}^BQN,2,${module}` +
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
