// The independent check of labels: the PDF is rasterised by poppler (pdftoppm) and its
// barcode read back by zbar (zbarimg), neither of which is our code.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LabelTemplate } from '@sorting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandCellRange, renderLabel, type LabelRequest } from './index.js';
import { LONG_LABELS, sampleRequest } from './testing/long-labels.js';

const run = promisify(execFile);

function hasTool(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const hasTools = hasTool('pdftoppm') && hasTool('pdftotext') && hasTool('zbarimg');
const isCi = Boolean(process.env.CI);

if (!hasTools && !isCi) {
  console.warn(
    'SKIPPED PDF barcode decoding: pdftoppm and zbarimg are missing ' +
      '(apt-get install poppler-utils zbar-tools); in CI they are required.',
  );
}

describe('decoding tools', () => {
  it.runIf(isCi)('are installed in CI (poppler-utils, zbar-tools)', () => {
    expect(hasTools).toBe(true);
  });
});

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'labels-decode-'));
});
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * 203 dpi: the resolution of the common thermal label printers. A label
 * that reads back here reads back on a 300 dpi printer too.
 */
const DPI = '203';

/** Renders the label's PDF at 203 dpi and returns what zbarimg reads on each page. */
async function decodePdf(request: LabelRequest, name: string): Promise<string[]> {
  const pdfPath = path.join(folder, `${name}.pdf`);
  await writeFile(pdfPath, await renderLabel(request, 'pdf'));
  await run('pdftoppm', ['-r', DPI, '-png', pdfPath, path.join(folder, name)]);
  const pages = (await readdir(folder))
    .filter((file) => file.startsWith(`${name}-`) && file.endsWith('.png'))
    .sort();
  const decoded: string[] = [];
  for (const page of pages) {
    const { stdout } = await run('zbarimg', ['--raw', '-q', path.join(folder, page)]);
    decoded.push(stdout.replace(/\n$/, ''));
  }
  return decoded;
}

interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words poppler's pdftotext finds on the first page, with their boxes (points). */
async function pdfWords(request: LabelRequest, name: string) {
  const pdfPath = path.join(folder, `${name}.pdf`);
  await writeFile(pdfPath, await renderLabel(request, 'pdf'));
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdfPath, '-']);
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout);
  const words: WordBox[] = [
    ...stdout.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: (match[5] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
  }));
  return { width: Number(page?.[1]), height: Number(page?.[2]), words };
}

const CASES: Array<[LabelTemplate, string, Record<string, string>]> = [
  ['user', '~W1001-7KQ2', { name: 'Иванов Пётр', number: '1001' }],
  ['user', '>S2001-9TB4', { name: 'Петрова Мария' }],
  ['cell-bar-long', '=34717-1-a-01', { name: '1-a-01', zone: '1', row: 'a', col: '01' }],
  ['cell-bar-short', '=34717-1-a-01', { name: '1-a-01' }],
  ['cell-qr-long', '=34717-5-z-70', { name: '5-z-70', zone: '5', row: 'z', col: '70' }],
  ['cell-qr-short', '=34717-1-a-01', { name: '1-a-01' }],
  ['box', '_B00012345', { number: '12345', route: 'МСК-7', client: 'ООО «Ромашка»', dims: '40x30x20' }],
  ['returnable-box', '_R000777', { number: '777', dims: '60x40x30' }],
  ['parcel', '4650012345678', { name: 'Фара левая', destination: 'Направление Казань', route: 'Маршрут ЮГ-3', client: 'Клиент Сидоров А. В.' }],
  ['inbound-detail', 'D-000123-7', { name: 'Фильтр масляный', number: '123', make: 'Bosch', quantity: '12' }],
  ['delivery-package', 'DLV12-01', { place: '1/3', client: 'Фёдоров Дмитрий', destination: 'Подольск, ул. Садовая, 5', delivery: '12', date: '2026-03-02' }],
  ...LONG_LABELS.map(({ template, parameters: { barcode, ...captions } }): [LabelTemplate, string, Record<string, string>] => [template, barcode ?? '', captions]),
]; // prettier-ignore

describe.skipIf(!hasTools && !isCi)('PDF labels read back by zbarimg at 203 dpi', () => {
  it.each(CASES)('%s %s', async (template, barcode, captions) => {
    const request: LabelRequest = {
      template,
      copies: 2,
      parameters: [
        { name: 'barcode', value: barcode },
        ...Object.entries(captions).map(([name, value]) => ({ name, value })),
      ],
    };
    const name = `${template}-${barcode.replace(/\W/g, '_')}-${Object.keys(captions).length}`;
    expect(await decodePdf(request, name)).toEqual([barcode, barcode]);
  });

  it('every label of a cell range reads back as its cell barcode', async () => {
    const requests = expandCellRange({
      warehouseNumber: 34717,
      zoneNumber: 2,
      rowFrom: 'y',
      rowTo: 'z',
      colFrom: 11,
      colTo: 12,
      form: 'qr',
      length: 'short',
    });
    const decoded = [];
    for (const [index, request] of requests.entries()) {
      decoded.push(...(await decodePdf(request, `range-${index}`)));
    }
    expect(decoded).toEqual(['=34717-2-y-11', '=34717-2-y-12', '=34717-2-z-11', '=34717-2-z-12']);
  });
});

describe.skipIf(!hasTools && !isCi)('PDF captions as poppler reads them', () => {
  it.each(LONG_LABELS.map((sample) => [sample.template, sample] as const))(
    '%s: every caption whole, on the label, no two words over each other',
    async (template, sample) => {
      const { width, height, words } = await pdfWords(
        sampleRequest(sample),
        `words-${template}-${Object.keys(sample.parameters).length}`,
      );
      const text = words.map((word) => word.text).join(' ');
      expect(text).not.toContain('…');
      for (const [name, value] of Object.entries(sample.parameters)) {
        expect(text, name).toContain(value.replace(/\s+/g, ' '));
      }
      // 0.5 pt of tolerance: the font's box is a little taller than its line.
      for (const [index, word] of words.entries()) {
        expect(word.xMin, word.text).toBeGreaterThanOrEqual(0);
        expect(word.yMin, word.text).toBeGreaterThanOrEqual(0);
        expect(word.xMax, word.text).toBeLessThanOrEqual(width);
        expect(word.yMax, word.text).toBeLessThanOrEqual(height);
        for (const other of words.slice(index + 1)) {
          const overlapX = Math.min(word.xMax, other.xMax) - Math.max(word.xMin, other.xMin);
          const overlapY = Math.min(word.yMax, other.yMax) - Math.max(word.yMin, other.yMin);
          expect(overlapX > 0.5 && overlapY > 0.5, `"${word.text}" over "${other.text}"`).toBe(
            false,
          );
        }
      }
    },
  );
});
