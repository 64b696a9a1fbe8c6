// Text recognition of /extract-text in headless Chromium (docs/PERFORMANCE.md "OCR"): the first
// use (worker, core and both languages from our server) until ready, an 800×300 crop of a
// parcel label read 20 times, the bytes of the first use and of a later one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { renderLabel } from '@sorting/labels';
import { startServer, type RunningServer } from '../e2e/server-process.js';
import { quantile } from './stats.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OcrResult {
  /** Opening /extract-text → the engine ready (worker, core, rus and eng loaded), ms. */
  firstReadyMs: number;
  runs: number;
  /** «Прочитать» → the text shown, for an 800×300 crop. */
  readP50Ms: number;
  readP95Ms: number;
  /** Bytes over the wire on the first use, the page included, and those of /ocr/ alone. */
  firstUseBytes: number;
  firstUseOcrBytes: number;
  /** Bytes of /ocr/ fetched from the server when the page is opened again. */
  laterUseOcrBytes: number;
}

/** An 800×300 picture of a parcel label's text (packages/labels, rasterised by poppler). */
async function writeCrop(): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-ocr-'));
  const pdf = path.join(folder, 'label.pdf');
  const parameters = Object.entries({
    barcode: 'P470001',
    name: 'Фара левая Hella',
    destination: 'Санкт-Петербург',
    route: 'SPB-01',
    client: 'Клиент Smith J.',
  }).map(([name, value]) => ({ name, value }));
  writeFileSync(pdf, await renderLabel({ template: 'parcel', copies: 1, parameters }, 'pdf'));
  // 350 dpi: the 58 mm label is 800 px wide; the 300 px under the bars hold its text.
  const out = path.join(folder, 'crop');
  const args = ['-r', '350', '-x', '0', '-y', '180', '-W', '800', '-H', '300'];
  execFileSync('pdftoppm', [...args, '-png', '-singlefile', pdf, out]);
  return `${out}.png`;
}

/** Bytes over the wire of every response from now on, and of /ocr/ alone. */
function countBytes(page: Page): () => Promise<{ all: number; ocr: number }> {
  const pending: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  return async () => {
    const done = await Promise.all(pending);
    const sum = (list: typeof done) => list.reduce((total, item) => total + item.bytes, 0);
    return {
      all: sum(done),
      ocr: sum(done.filter((item) => new URL(item.url).pathname.startsWith('/ocr/'))),
    };
  };
}

async function openReady(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('[data-testid="text-reader"][data-engine="ready"]', {
    timeout: 120_000,
  });
  return Date.now() - started;
}

/** One «Прочитать» until its text is shown, ms. */
async function readOnce(page: Page): Promise<number> {
  const previous = await page.$('[data-testid="text-reader-result"]');
  const started = Date.now();
  await page.click('[data-testid="text-reader-read"]');
  if (previous) await page.waitForFunction((element) => !element.isConnected, previous);
  await page.waitForSelector('[data-testid="text-reader-result"]', { timeout: 60_000 });
  return Date.now() - started;
}

export async function runOcrBench(options: {
  quick: boolean;
  log: (message: string) => void;
}): Promise<OcrResult> {
  const runs = options.quick ? 5 : 20;
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('web app not built: run npm run build');
  const crop = await writeCrop();
  let server: RunningServer | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    server = await startServer({ LOG_LEVEL: 'warn' });
    const context = await browser.newContext({ baseURL: server.url, locale: 'ru-RU' });
    const page = await context.newPage();
    const firstBytes = countBytes(page);
    options.log('ocr: first use');
    const firstReadyMs = await openReady(page, '/extract-text');
    const first = await firstBytes();

    await page.setInputFiles('[data-testid="text-reader-file"]', crop);
    await page.click('[data-testid="text-reader-whole"]');
    await readOnce(page); // warm-up: the first recognition allocates the engine's buffers
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await readOnce(page));
    options.log(`ocr: ${runs} reads of an 800×300 crop`);

    // A later use: the same browser opens the page again (a new page, HTTP cache and IndexedDB kept).
    const later = await context.newPage();
    const laterBytes = countBytes(later);
    await openReady(later, '/extract-text');
    const second = await laterBytes();
    await context.close();
    return {
      firstReadyMs,
      runs,
      readP50Ms: quantile(times, 0.5),
      readP95Ms: quantile(times, 0.95),
      firstUseBytes: first.all,
      firstUseOcrBytes: first.ocr,
      laterUseOcrBytes: second.ocr,
    };
  } finally {
    await browser.close();
    await server?.stop();
  }
}
