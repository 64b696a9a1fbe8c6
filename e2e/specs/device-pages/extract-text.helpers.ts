import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { renderLabel, type LabelRequest } from '@sorting/labels';

/** The parcel label read by /extract-text: Russian and Latin text and the number P470001. */
export const LABEL_PARCEL = 'P470001';
const CAPTIONS = {
  name: 'Фара левая Hella',
  destination: 'Санкт-Петербург',
  route: 'SPB-01',
  client: 'Клиент Smith J.',
};
/** The label's printed text under its barcode, line by line (templates.ts `parcel`). */
export const LABEL_TEXT = [
  LABEL_PARCEL,
  CAPTIONS.name,
  `${CAPTIONS.destination} · ${CAPTIONS.route}`,
  CAPTIONS.client,
].join('\n');

const DPI = 400;
const LABEL_MM = { width: 58, height: 40 };
/** Where the printed text starts under the bars (templates.ts: the caption at 13.6 mm). */
const TEXT_TOP_MM = 13.2;
const FRAME = { width: 1280, height: 720 };

/** A rectangle in fractions of an image, as a user drags the reader's crop. */
export interface Fractions {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The label's text in a picture of the label alone. */
export const TEXT_IN_LABEL: Fractions = {
  x0: 0.01,
  y0: TEXT_TOP_MM / LABEL_MM.height,
  x1: 0.99,
  y1: 0.99,
};

function labelRequest(): LabelRequest {
  return {
    template: 'parcel',
    copies: 1,
    parameters: [
      { name: 'barcode', value: LABEL_PARCEL },
      ...Object.entries(CAPTIONS).map(([name, value]) => ({ name, value })),
    ],
  };
}

/** The label rendered by packages/labels and rasterised by poppler at 400 dpi. */
async function rasterise(format: 'png' | 'gray'): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sorting-ocr-'));
  const pdf = path.join(folder, 'label.pdf');
  writeFileSync(pdf, await renderLabel(labelRequest(), 'pdf'));
  const out = path.join(folder, 'label');
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    format === 'png' ? '-png' : '-gray',
    '-singlefile',
    pdf,
    out,
  ]);
  return `${out}.${format === 'png' ? 'png' : 'pgm'}`;
}

/** The label as a PNG file, as a user picks it. */
export function writeLabelPng(): Promise<string> {
  return rasterise('png');
}

/** A binary PGM (P5) read into its size and gray levels. */
function readPgm(file: string): { width: number; height: number; gray: Uint8Array } {
  const bytes = readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), gray: bytes.subarray(whole.length) };
}

/**
 * A Y4M video (Chromium's fake camera file) of the label lying centred on a white desk, and
 * where its text is in the camera's frame.
 */
export async function writeLabelVideo(): Promise<{ video: string; text: Fractions }> {
  const label = readPgm(await rasterise('gray'));
  const luma = new Uint8Array(FRAME.width * FRAME.height).fill(255);
  const left = Math.round((FRAME.width - label.width) / 2);
  const top = Math.round((FRAME.height - label.height) / 2);
  for (let y = 0; y < label.height; y++)
    luma.set(
      label.gray.subarray(y * label.width, (y + 1) * label.width),
      (top + y) * FRAME.width + left,
    );
  const chroma = new Uint8Array((FRAME.width / 2) * (FRAME.height / 2)).fill(128);
  const header = `YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\n`;
  const frame = [Buffer.from('FRAME\n', 'ascii'), luma, chroma, chroma];
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'sorting-ocr-')), 'label.y4m');
  writeFileSync(video, Buffer.concat([Buffer.from(header, 'ascii'), ...frame, ...frame]));
  const textTop = top + (TEXT_TOP_MM / LABEL_MM.height) * label.height;
  return {
    video,
    text: {
      x0: (left - 8) / FRAME.width,
      y0: textTop / FRAME.height,
      x1: (left + label.width + 8) / FRAME.width,
      y1: (top + label.height + 8) / FRAME.height,
    },
  };
}

/** Levenshtein distance, by characters. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 1 − Levenshtein ÷ length of the expected text, both with their white space collapsed. */
export function characterAccuracy(read: string, expected: string): number {
  const normal = (text: string) => text.replace(/\s+/gu, ' ').trim();
  return 1 - distance(normal(read), normal(expected)) / normal(expected).length;
}

/** Drags the reader's crop across `area` (fractions of the shown image). */
export async function dragCrop(page: Page, area: Fractions): Promise<void> {
  const box = await page.getByTestId('text-reader-crop-area').boundingBox();
  if (!box) throw new Error('no crop area');
  await page.mouse.move(box.x + area.x0 * box.width, box.y + area.y0 * box.height);
  await page.mouse.down();
  await page.mouse.move(box.x + area.x1 * box.width, box.y + area.y1 * box.height, { steps: 8 });
  await page.mouse.up();
}

/**
 * Every request to another origin refused: the reader's worker, core and language data all
 * come from our server (docs/DECISIONS.md "Device pages"). Answers the refused addresses.
 */
export async function blockOtherOrigins(page: Page, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const refused: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      refused.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return refused;
}
