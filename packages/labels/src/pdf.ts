// PDF labels for CUPS (`lp`) and the PDF folder: page size = label size, one page per copy,
// vector barcodes, DejaVu Sans embedded for Cyrillic.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { DOT_MM, dotsIn, QUIET_ZONE, symbolModules } from './barcode.js';
import { fitText, LINE_HEIGHT } from './fit-text.js';
import type { BarcodeElement, LabelLayout, TextElement } from './templates.js';

const POINTS_PER_MM = 72 / 25.4;
const BLACK = rgb(0, 0, 0);
/** DejaVu Sans ascent as a share of the em: where the baseline sits under a text's top. */
const ASCENT = 0.76;

const require = createRequire(import.meta.url);

// The fonts come from the dejavu-fonts-ttf package, never from the system, so every machine
// renders the same label.
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function loadFonts(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

function pt(mm: number): number {
  return mm * POINTS_PER_MM;
}

function drawText(page: PDFPage, heightMm: number, element: TextElement, font: PDFFont): void {
  const fitted = fitText(element.text, element.width, element.height, element.size, (text, size) =>
    font.widthOfTextAtSize(text, size),
  );
  for (const [index, text] of fitted.lines.entries()) {
    const width = font.widthOfTextAtSize(text, fitted.size);
    const x = element.align === 'center' ? element.x + (element.width - width) / 2 : element.x;
    const top = element.y + fitted.offset + index * fitted.size * LINE_HEIGHT;
    page.drawText(text, {
      x: pt(x),
      y: pt(heightMm - top - fitted.size * ASCENT),
      size: pt(fitted.size),
      font,
      color: BLACK,
    });
  }
}

/** A dark rectangle given in dots of the print grid from the label's top-left corner. */
function drawDots(
  page: PDFPage,
  heightMm: number,
  box: { left: number; top: number; width: number; height: number },
): void {
  page.drawRectangle({
    x: pt(box.left * DOT_MM),
    y: pt(heightMm - (box.top + box.height) * DOT_MM),
    width: pt(box.width * DOT_MM),
    height: pt(box.height * DOT_MM),
    color: BLACK,
  });
}

/**
 * Bars and QR modules are whole dots of the 203 dpi grid and start on it (counted from the
 * label's top-left corner, as a printer rasterises), so each prints exactly as wide as its
 * neighbours: a module of 2.4 dots would print as 2 or 3.
 */
function drawBarcode(page: PDFPage, heightMm: number, element: BarcodeElement): void {
  const { symbol, moduleDots: dot } = element;
  const boxLeft = Math.round(element.x / DOT_MM);
  const boxTop = Math.round(element.y / DOT_MM);
  if (symbol.kind === 'linear') {
    const total = symbolModules(symbol) * dot;
    const left =
      boxLeft + Math.floor((dotsIn(element.width) - total) / 2) + QUIET_ZONE.code128 * dot;
    const height = dotsIn(element.height);
    for (const [offset, width] of symbol.bars) {
      drawDots(page, heightMm, {
        left: left + offset * dot,
        top: boxTop,
        width: width * dot,
        height,
      });
    }
    return;
  }
  const side = symbol.size * dot;
  const left = boxLeft + Math.floor((dotsIn(element.width) - side) / 2);
  const top = boxTop + Math.floor((dotsIn(element.height) - side) / 2);
  for (let y = 0; y < symbol.size; y += 1) {
    // Runs of dark modules in a row become one rectangle: fewer seams between modules.
    let x = 0;
    while (x < symbol.size) {
      if (symbol.dark[y * symbol.size + x] !== 1) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < symbol.size && symbol.dark[y * symbol.size + x] === 1) x += 1;
      drawDots(page, heightMm, {
        left: left + start * dot,
        top: top + y * dot,
        width: (x - start) * dot,
        height: dot,
      });
    }
  }
}

/** A PDF whose every page is one copy of the label. */
export async function renderPdf(layout: LabelLayout): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  document.setTitle(`Label ${layout.template}`);
  document.setProducer('Sorting @sorting/labels');
  // Fixed dates keep the bytes of the same label identical from run to run.
  document.setCreationDate(new Date(0));
  document.setModificationDate(new Date(0));
  const { regular, bold } = await loadFonts();
  // Subsetting keeps a label a few kilobytes instead of the whole 700 kB font.
  const regularFont = await document.embedFont(regular, { subset: true });
  const boldFont = await document.embedFont(bold, { subset: true });
  for (let copy = 0; copy < layout.copies; copy += 1) {
    const page = document.addPage([pt(layout.widthMm), pt(layout.heightMm)]);
    for (const element of layout.elements) {
      if (element.kind === 'text') {
        drawText(page, layout.heightMm, element, element.isBold ? boldFont : regularFont);
      } else {
        drawBarcode(page, layout.heightMm, element);
      }
    }
  }
  return document.save();
}
