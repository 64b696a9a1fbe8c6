import { existsSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Scanner } from '../e2e/scanner.js';
import { startServer, type RunningServer } from '../e2e/server-process.js';
import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  benchParcel,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { startDelayingProxy } from './delaying-proxy.js';
import { PAGE_PROBE, timeScan, type BenchWindow, type ScanTiming } from './browser-probe.js';
import { timeTransitTask } from './browser-transit.js';
import { quantile } from './stats.js';
import { benchBox, seedBoxes } from './workflow.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BrowserResult {
  scans: number;
  /** Enter keystroke → the frame painting the prompt with the server's answer. */
  p50Ms: number;
  p99Ms: number;
  /** Enter → start of the result sound (cell scans: the move's success sound). */
  soundP50Ms: number;
  soundP99Ms: number;
  /** Enter → the local acknowledgement (`sound:scan`, before any server call). */
  ackP50Ms: number;
  ackP99Ms: number;
  longTaskScans: number;
  longTasksOver50Ms: number;
  longestTaskMs: number;
  heapScans: number;
  heapGrowthMb: number;
  cpuSlowdown: number;
  addedLatencyMs: number;
  /** API calls the page made per sorted parcel (its scan, the cell scan and the move). */
  apiCallsPerParcel: number;
  /** The placing workflow's screen, same page and throttling: Enter → painted prompt. */
  workflowScans: number;
  workflowP50Ms: number;
  workflowP99Ms: number;
  /** Gzip KiB of the scripts /placing loads that the signed-in home page does not. */
  workflowRouteKiB: number;
  /** Transit picking v2 over a 200-box task at 360×740: Enter → painted prompt and list. */
  transitScans: number;
  transitP50Ms: number;
  transitP99Ms: number;
  /** The 200-box list scrolled top to bottom: long tasks over 50 ms, the longest. */
  transitScrollLongTasks: number;
  transitScrollLongestMs: number;
}

const CPU_SLOWDOWN = 4;
const ADDED_LATENCY_MS = 20;

/** Gzip bytes of every script a fresh page of `context` fetches for `url` until idle. */
async function scriptsOf(context: BrowserContext, url: string): Promise<Map<string, number>> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return scripts;
}

/**
 * The placing workflow on the same page (CPU slowed, +20 ms): a box scan (→ WaitCell), a cell
 * scan (the box placed, → WaitBox), on and on between two cells of the second bench zone.
 */
async function timeWorkflowScans(page: Page, scanner: Scanner, scans: number): Promise<number[]> {
  await page.goto('/placing');
  const screen = page.getByTestId('workflow-screen');
  await screen.locator('xpath=self::*[@data-state="WaitBox"]').waitFor();
  const zone = BENCH_FIRST_ZONE + 1;
  const cells = [1, 2].map((col) => `=${BENCH_WAREHOUSE_NUMBER}-${zone}-a-0${col}`);
  const prompt: number[] = [];
  const mark = 'workflow:prompt';
  for (let step = 0; prompt.length < scans + 6; step += 1) {
    const box = await timeScan(page, scanner, benchBox(1), 'WaitCell', null, mark);
    const cell = cells[step % 2] ?? '';
    const placed = await timeScan(page, scanner, cell, 'WaitBox', null, mark);
    prompt.push(box.promptMs, placed.promptMs);
  }
  // The first three cycles warm the lazy chunks and the server's caches.
  return prompt.slice(6);
}

/**
 * Scan to feedback in Chromium (§5): the sorting screen of a signed-in bench user
 * behind a proxy adding 20 ms, CPU slowed 4×, the Scanner driver typing parcel then cell.
 */
export async function runBrowserBench(options: {
  quick: boolean;
  log: (message: string) => void;
}): Promise<BrowserResult> {
  const measuredScans = options.quick ? 40 : 200;
  const longTaskScans = options.quick ? 40 : 100;
  const heapScans = options.quick ? 100 : 1000;
  const parcels = heapScans / 2 + 20;
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    options.log('building the web app');
    await run('npm', ['run', 'build', '-w', '@sorting/web'], { cwd: repoRoot });
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const bench = await createBenchPostgres(serverUrl);
  let server: RunningServer | undefined;
  let proxy: Awaited<ReturnType<typeof startDelayingProxy>> | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    // Zone 101 for sorting; zone 102's empty cells and one empty box for the placing workflow.
    await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 2, parcelsPerZone: parcels });
    await seedBoxes(bench.url, 1);
    server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
    proxy = await startDelayingProxy(server.url, ADDED_LATENCY_MS);
    const context = await browser.newContext({ baseURL: proxy.url, locale: 'ru-RU' });
    await context.addInitScript(PAGE_PROBE);
    await context.addCookies([{ name: 'lkdToken', value: benchBadge(1), url: proxy.url }]);
    const page = await context.newPage();
    const signIn = await page.request.post('/auth-api/users/search', {
      headers: { 'X-Requested-With': 'sorting' },
    });
    if (!signIn.ok()) throw new Error(`bench sign-in failed: ${signIn.status()}`);
    const cdp = await context.newCDPSession(page);
    await page.goto('/sorting');
    const screen = page.getByTestId('sorting-entry');
    await screen
      .locator('xpath=self::*[@data-state="scanZone" or @data-state="scanWarehouse"]')
      .waitFor();
    const scanner = new Scanner(page as never);
    if ((await screen.getAttribute('data-state')) === 'scanWarehouse') {
      await scanner.scan(String(BENCH_WAREHOUSE_NUMBER));
      await screen.locator('xpath=self::*[@data-state="scanZone"]').waitFor();
    }
    await scanner.scan(`%Z${BENCH_WAREHOUSE_NUMBER}-${BENCH_FIRST_ZONE}`);
    await screen.locator('xpath=self::*[@data-state="scanWhat"]').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('HeapProfiler.enable');

    const heapUsed = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    let parcel = 1;
    const cycle = async (): Promise<ScanTiming[]> => {
      const parcelTiming = await timeScan(
        page,
        scanner,
        benchParcel(BENCH_FIRST_ZONE, parcel),
        'scanWhere',
        null,
      );
      parcel += 1;
      const cell = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
      if (!cell) throw new Error('no suggested cell on the screen');
      const cellTiming = await timeScan(
        page,
        scanner,
        `=${BENCH_WAREHOUSE_NUMBER}-${cell}`,
        'scanWhat',
        // success-small, or success-big when the move closes the box
        'sound:success*',
      );
      return [parcelTiming, cellTiming];
    };

    // Warm-up: the lazy chunks, sounds and the server's caches.
    for (let i = 0; i < 3; i += 1) await cycle();
    const heapBefore = await heapUsed();
    options.log(
      `browser: ${measuredScans} measured scans (CPU ÷${CPU_SLOWDOWN}, +${ADDED_LATENCY_MS} ms)`,
    );
    // BROWSER_PROFILE=<file>: a CPU profile of the page over the measured scans (a
    // development aid: open it in Chrome's DevTools).
    const profileFile = process.env.BROWSER_PROFILE;
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // Every API call of the measured cycles (one cycle sorts one parcel).
    let apiCalls = 0;
    const countApiCall = (request: { url(): string }) => {
      if (/-api\//.test(new URL(request.url()).pathname)) apiCalls += 1;
    };
    page.on('request', countApiCall);
    const timings: ScanTiming[] = [];
    while (timings.length < measuredScans) timings.push(...(await cycle()));
    page.off('request', countApiCall);
    const sortedParcels = timings.length / 2;
    if (profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    const longTaskWindow = timings.slice(0, longTaskScans);
    const windowStart = longTaskWindow[0]?.enterAt ?? 0;
    const windowEnd = (timings[longTaskScans]?.enterAt ?? Number.POSITIVE_INFINITY) - 0.001;
    const longTasks = (
      await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks())
    ).filter((task) => task.at >= windowStart && task.at <= windowEnd && task.ms > 50);
    let scans = timings.length;
    options.log(`browser: heap over ${heapScans} scans`);
    while (scans < heapScans) {
      await cycle();
      scans += 2;
    }
    const heapAfter = await heapUsed();

    options.log(`browser: the placing workflow, ${measuredScans} measured scans`);
    const workflowPrompt = await timeWorkflowScans(page, scanner, measuredScans);
    const transitScans = options.quick ? 20 : 100;
    options.log(`browser: transit picking v2 over a 200-box task, ${transitScans} measured scans`);
    const transit = await timeTransitTask(page, scanner, bench.url, transitScans);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const shell = await scriptsOf(context, '/');
    const placing = await scriptsOf(context, '/placing');
    const addedBytes = [...placing].reduce(
      (sum, [url, bytes]) => (shell.has(url) ? sum : sum + bytes),
      0,
    );

    const prompt = timings.map((t) => t.promptMs);
    const ack = timings.map((t) => t.ackMs);
    const sound = timings.flatMap((t) => (t.soundMs === null ? [] : [t.soundMs]));
    const r = (value: number) => Math.round(value * 10) / 10;
    return {
      scans: timings.length,
      p50Ms: r(quantile(prompt, 0.5)),
      p99Ms: r(quantile(prompt, 0.99)),
      soundP50Ms: r(quantile(sound, 0.5)),
      soundP99Ms: r(quantile(sound, 0.99)),
      ackP50Ms: r(quantile(ack, 0.5)),
      ackP99Ms: r(quantile(ack, 0.99)),
      longTaskScans,
      longTasksOver50Ms: longTasks.length,
      longestTaskMs: r(Math.max(0, ...longTasks.map((task) => task.ms))),
      heapScans,
      heapGrowthMb: r((heapAfter - heapBefore) / 1024 / 1024),
      cpuSlowdown: CPU_SLOWDOWN,
      addedLatencyMs: ADDED_LATENCY_MS,
      apiCallsPerParcel: r(apiCalls / sortedParcels),
      workflowScans: workflowPrompt.length,
      workflowP50Ms: r(quantile(workflowPrompt, 0.5)),
      workflowP99Ms: r(quantile(workflowPrompt, 0.99)),
      workflowRouteKiB: r(addedBytes / 1024),
      transitScans: transit.prompt.length,
      transitP50Ms: r(quantile(transit.prompt, 0.5)),
      transitP99Ms: r(quantile(transit.prompt, 0.99)),
      transitScrollLongTasks: transit.scrollLongTasks,
      transitScrollLongestMs: r(transit.scrollLongestMs),
    };
  } finally {
    await browser.close();
    await proxy?.close();
    await server?.stop();
    await bench.drop();
  }
}
