// `npm run bench`: the field-readiness figures (docs/PERFORMANCE.md). Not part of
// `npm test`: it takes minutes and its figures depend on the machine. `--quick` shortens every
// phase for development; `--only=write,load,picking,workflow,embedded,web,browser,documents,audit,topology,ocr` runs some phases.
// `--only=soak` (never part of a plain run: 30 minutes) is the memory soak of bench/soak.ts;
// `--soak-minutes=N`, `--soak-db=postgres` and `--soak-snapshots` shape it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../e2e/server-process.js';
import { createBenchPostgres, pendingDrops, prepareBenchDatabase } from './bench-database.js';
import { runAuditBench } from './audit.js';
import { runTopologyBench } from './topology.js';
import { runBrowserBench, type BrowserResult } from './browser.js';
import { runOcrBench } from './ocr.js';
import { ensureDebianProgram } from './debian.js';
import { runDocumentsBench } from './documents.js';
import { runInboundBench } from './inbound.js';
import { prepareFloor, startFloorServer, type FloorServer } from './floor-server.js';
import { ensurePgbench, initPgbench, runPgbench } from './pgbench.js';
import { pickingRows, runPickingBench } from './picking.js';
import { runWorkflowBench, workflowRows } from './workflow.js';
import { runTransitPickingBench, transitPickingRows } from './workflow-transit.js';
import { runStockMatchingBench, stockMatchingRows } from './stock-matching.js';
import { runSoak } from './soak.js';
import { median } from './stats.js';
import {
  runFixedRate,
  runThroughput,
  signInFleet,
  type LoadRun,
  type ThroughputRun,
} from './server-workload.js';
import { measureWebWeight, runLighthouse } from './web.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (phase: string) => (!only && phase !== 'soak') || (only?.includes(phase) ?? false);
const optionOf = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const plan = quick
  ? {
      devices: 16,
      parcelsPerZone: 800,
      writeSeconds: 5,
      pairs: 1,
      floorParcelsPerDevice: 2000,
      pgbenchSeconds: 5,
      loadSeconds: 10,
    }
  : {
      devices: 32,
      parcelsPerZone: 2500,
      writeSeconds: 15,
      pairs: 3,
      floorParcelsPerDevice: 5000,
      pgbenchSeconds: 20,
      loadSeconds: 60,
    };
const LOAD_RATE = 200;
const PGBENCH = { scale: 10, clients: 8, threads: 2 };

function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** The machine's CPU time counters (/proc/stat, first line): all, and stolen by the host. */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const ticks = fields.slice(1, 9).map(Number);
    return { total: ticks.reduce((sum, n) => sum + n, 0), steal: ticks[7] ?? 0 };
  } catch {
    return null;
  }
}

interface WritePair {
  movesPerSecond: number;
  pgbenchTps: number;
  ratio: number;
  /** The floor (bench/floor-server.ts) run right after the real server, same devices. */
  floorCyclesPerSecond: number;
  floorRatio: number;
}

interface WriteResult {
  movesPerSecond: number;
  pgbenchTps: number;
  ratio: number;
  floorCyclesPerSecond: number;
  floorRatio: number;
  /** Moves/s of the real server ÷ cycles/s of the floor, median of the pairs. */
  shareOfFloor: number;
  /** CPU time the host took from this machine while the pairs ran, % (null: unknown). */
  stealPercent: number | null;
  pairs: WritePair[];
  devices: number;
  seconds: number;
  runs: ThroughputRun[];
  serverRssMb: number | null;
}

async function benchServerOnPostgres(): Promise<{ write?: WriteResult; load?: LoadRun }> {
  log(
    `PostgreSQL ${new URL(serverUrl).host}: seeding ${plan.devices} zones × ${plan.parcelsPerZone} parcels`,
  );
  const bench = await createBenchPostgres(serverUrl);
  const pgb = await createBenchPostgres(serverUrl, 'sorting_bench_pgbench');
  const floorDb = await createBenchPostgres(serverUrl, 'sorting_bench_floor');
  let server: RunningServer | undefined;
  let floor: FloorServer | undefined;
  try {
    await prepareBenchDatabase({ databaseUrl: bench.url }, plan);
    server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
    const fleet = await signInFleet(server.url, plan.devices, plan.parcelsPerZone);
    log('warm-up');
    await runThroughput(fleet, quick ? 1 : 3);
    const result: { write?: WriteResult; load?: LoadRun } = {};
    if (wants('write')) {
      log(`pgbench -i -s ${PGBENCH.scale}`);
      await ensurePgbench(log);
      await initPgbench(pgb.url, PGBENCH.scale);
      log(`floor: ${plan.devices} zones × ${plan.floorParcelsPerDevice} parcels`);
      await prepareFloor(floorDb.url, plan.devices, plan.floorParcelsPerDevice);
      floor = await startFloorServer(floorDb.url, plan.devices, plan.floorParcelsPerDevice);
      await floor.drive(quick ? 1 : 3);
      const runs: ThroughputRun[] = [];
      const pairs: WritePair[] = [];
      const ticksBefore = cpuTicks();
      for (let pair = 1; pair <= plan.pairs; pair += 1) {
        log(`pair ${pair}: ${plan.devices} devices for ${plan.writeSeconds} s`);
        const run = await runThroughput(fleet, plan.writeSeconds);
        runs.push(run);
        log(`pair ${pair}: ${run.movesPerSecond} moves/s, ${run.errors} errors; the floor`);
        const floorCycles = await floor.drive(plan.writeSeconds);
        log(`pair ${pair}: floor ${Math.round(floorCycles)} cycles/s; pgbench`);
        const tps = await runPgbench(pgb.url, { ...PGBENCH, seconds: plan.pgbenchSeconds });
        pairs.push({
          movesPerSecond: run.movesPerSecond,
          pgbenchTps: Math.round(tps),
          ratio: round(run.movesPerSecond / tps, 3),
          floorCyclesPerSecond: Math.round(floorCycles),
          floorRatio: round(floorCycles / tps, 3),
        });
        log(`pair ${pair}: pgbench ${Math.round(tps)} tps`);
      }
      const ticksAfter = cpuTicks();
      const elapsedTicks = ticksBefore && ticksAfter ? ticksAfter.total - ticksBefore.total : 0;
      result.write = {
        movesPerSecond: median(pairs.map((p) => p.movesPerSecond)),
        pgbenchTps: median(pairs.map((p) => p.pgbenchTps)),
        ratio: median(pairs.map((p) => p.ratio)),
        floorCyclesPerSecond: median(pairs.map((p) => p.floorCyclesPerSecond)),
        floorRatio: median(pairs.map((p) => p.floorRatio)),
        shareOfFloor: median(pairs.map((p) => round(p.movesPerSecond / p.floorCyclesPerSecond, 3))),
        stealPercent:
          ticksBefore && ticksAfter && elapsedTicks > 0
            ? round((100 * (ticksAfter.steal - ticksBefore.steal)) / elapsedTicks)
            : null,
        pairs,
        devices: plan.devices,
        seconds: plan.writeSeconds,
        runs,
        serverRssMb: rssMb(server.process.pid),
      };
      floor.stop();
      floor = undefined;
    }
    if (wants('load')) {
      log(`fixed rate ${LOAD_RATE} moves/s for ${plan.loadSeconds} s`);
      result.load = await runFixedRate(fleet, LOAD_RATE, plan.loadSeconds);
      log(`load: p99 ${result.load.allCallsMs.p99} ms, ${result.load.errors} errors`);
    }
    return result;
  } finally {
    floor?.stop();
    await server?.stop();
    await bench.drop();
    await pgb.drop();
    await floorDb.drop();
  }
}

interface EmbeddedResult {
  movesPerSecond: number;
  seconds: number;
  run: ThroughputRun;
}

async function benchEmbedded(): Promise<EmbeddedResult> {
  const seconds = quick ? 5 : 15;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sorting-bench-pglite-'));
  let server: RunningServer | undefined;
  try {
    log('PGlite: seeding one device');
    await prepareBenchDatabase({ dataDir }, { devices: 1, parcelsPerZone: 3000 });
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false' });
    const fleet = await signInFleet(server.url, 1, 3000);
    await runThroughput(fleet, 1);
    const run = await runThroughput(fleet, seconds);
    log(`PGlite: ${run.movesPerSecond} moves/s`);
    return { movesPerSecond: run.movesPerSecond, seconds, run };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

type Row = [figure: string, value: string, target: string, met: boolean | null];

function printTable(rows: Row[]): void {
  const header: Row = ['figure', 'value', 'target', null];
  const cells = [header, ...rows].map(([figure, value, target, met], i) => [
    figure,
    value,
    target,
    i === 0 ? 'result' : met === null ? '—' : met ? 'met' : 'MISSED',
  ]);
  const widths = [0, 1, 2, 3].map((col) => Math.max(...cells.map((row) => row[col]!.length)));
  for (const [i, row] of cells.entries()) {
    process.stdout.write(`${row.map((cell, col) => cell.padEnd(widths[col]!)).join('  ')}\n`);
    if (i === 0) process.stdout.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    quick,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGb: round(os.totalmem() / 1024 ** 3),
      loadAverage: os.loadavg().map((value) => round(value, 2)),
      node: process.version,
    },
  };
  const rows: Row[] = [];

  if (wants('write') || wants('load')) {
    const { write, load } = await benchServerOnPostgres();
    if (write) {
      results.write = write;
      rows.push(
        [
          'write: moves/s (median of pairs)',
          String(write.movesPerSecond),
          '≥ 500',
          write.movesPerSecond >= 500,
        ],
        ['write: pgbench TPC-B tps', String(write.pgbenchTps), '', null],
        ['write: moves/s ÷ pgbench tps', write.ratio.toFixed(2), '≥ 0.50', write.ratio >= 0.5],
        [
          'write: floor (bare 3-call server) cycles/s',
          String(write.floorCyclesPerSecond),
          '',
          null,
        ],
        ['write: floor ÷ pgbench tps', write.floorRatio.toFixed(2), '', null],
        ['write: moves/s ÷ floor cycles/s', write.shareOfFloor.toFixed(2), '', null],
        ['write: CPU stolen by the host, %', String(write.stealPercent ?? '?'), '', null],
      );
      const last = write.runs[write.runs.length - 1];
      if (last) {
        for (const call of ['scan', 'suggest', 'move'] as const) {
          const p = last.latencyMs[call];
          rows.push([`write: ${call} p50/p95/p99 ms`, `${p.p50} / ${p.p95} / ${p.p99}`, '', null]);
        }
        rows.push([
          'write: errors',
          String(write.runs.reduce((n, r) => n + r.errors, 0)),
          '0',
          write.runs.every((r) => r.errors === 0),
        ]);
      }
      rows.push(['memory: server RSS after write, MB', String(write.serverRssMb ?? '?'), '', null]);
    }
    if (load) {
      results.load = {
        ...load,
        p99Ms: load.allCallsMs.p99,
        p999Ms: load.allCallsMs.p999,
      };
      rows.push(
        [
          `load ${load.rate}/s: p99 ms (every call)`,
          String(load.allCallsMs.p99),
          '≤ 25',
          load.allCallsMs.p99 <= 25,
        ],
        [
          `load ${load.rate}/s: p99.9 ms`,
          String(load.allCallsMs.p999),
          '≤ 100',
          load.allCallsMs.p999 <= 100,
        ],
        [
          `load ${load.rate}/s: errors (of them dropped, server saturated)`,
          `${load.errors} (${load.dropped})`,
          '0',
          load.errors === 0,
        ],
      );
    }
  }

  if (wants('picking')) {
    // Recipient picking on a database of its own (bench/picking.ts).
    const picking = await runPickingBench({ serverUrl, quick, log });
    results.picking = picking;
    rows.push(...pickingRows(picking));
  }

  if (wants('workflow')) {
    // Stock matching in this process (bench/stock-matching.ts), before any server runs beside it.
    const stockMatching = runStockMatchingBench(log);
    results.stockMatching = stockMatching;
    rows.push(...stockMatchingRows(stockMatching));
    // The guided workflows: placing on a database of its own (bench/workflow.ts).
    const workflow = await runWorkflowBench({ serverUrl, quick, log });
    results.workflow = workflow;
    rows.push(...workflowRows(workflow));
    // Transit picking v2 over tasks of 200 boxes, on a database of its own
    // (bench/workflow-transit.ts).
    const transit = await runTransitPickingBench({ serverUrl, quick, log });
    results.transitPicking = transit;
    rows.push(...transitPickingRows(transit));
  }

  if (wants('documents')) {
    // Inbound and outbound document calls over 10,000 supplies (bench/inbound.ts);
    // the document flow is the other half of this phase (bench/documents.ts, below).
    log('documents: seeding 10,000 supplies × 20 details and 5,000 shipments');
    for (const row of await runInboundBench(serverUrl)) {
      rows.push([
        `inbound documents: ${row.label} p50/p95 ms`,
        `${row.p50} / ${row.p95}`,
        `p95 ≤ ${row.target}`,
        row.p95 <= row.target,
      ]);
    }
  }

  if (wants('embedded')) {
    const embedded = await benchEmbedded();
    results.embedded = embedded;
    rows.push(['embedded (PGlite, 1 device): moves/s', String(embedded.movesPerSecond), '', null]);
  }

  if (wants('documents')) {
    // The document flow's search and sign over 50,000 documents of a year.
    const documents = await runDocumentsBench({ serverUrl, quick, log });
    results.documents = documents;
    rows.push(
      [
        `documents: 6-day search [1,2] p50/p95 ms (${documents.searchRows} of ${documents.documents})`,
        `${documents.searchMs.p50} / ${documents.searchMs.p95}`,
        'p95 ≤ 100',
        documents.searchMs.p95 <= 100,
      ],
      [
        'documents: sign p50/p95 ms',
        `${documents.signMs.p50} / ${documents.signMs.p95}`,
        'p95 ≤ 50',
        documents.signMs.p95 <= 50,
      ],
    );
  }

  if (wants('web') || wants('browser') || wants('ocr')) {
    // Lighthouse, the scan bench and the OCR bench drive Debian's chromium, as the browser tests do.
    process.env.CHROME_PATH = await ensureDebianProgram(
      [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium'],
      'chromium',
      log,
    );
  }

  if (wants('web')) {
    const weights = await measureWebWeight();
    const scores = await runLighthouse().catch((error: unknown) => {
      log(`lighthouse failed: ${(error as Error).message}`);
      return { userAuth: null, sorting: null };
    });
    results.web = {
      pages: weights.map(({ name, path, wireKiB, limitKiB }) => ({
        name,
        path,
        wireKiB,
        limitKiB,
      })),
      lighthouseMobilePerformance: scores,
    };
    rows.push(
      ...weights.map((weight): Row => [
        `web: ${weight.path} scripts on the wire, KiB`,
        weight.wireKiB.toFixed(1),
        `≤ ${weight.limitKiB}`,
        weight.wireKiB <= weight.limitKiB,
      ]),
      ...(
        [
          ['/user-auth', scores.userAuth],
          ['/sorting', scores.sorting],
        ] as const
      ).map(([page, score]): Row => [
        `web: Lighthouse mobile performance ${page}`,
        score === null ? 'failed' : String(score),
        '',
        null,
      ]),
    );
  }

  if (wants('audit')) {
    // The cell audit on PostgreSQL, 100,000 parcels.
    const audit = await runAuditBench({ serverUrl, quick, log });
    results.audit = audit;
    rows.push(
      [
        `audit: scan p95 ms (${audit.scansPerSecond}/s from 20 devices, ${audit.errors} errors)`,
        String(audit.scan.p95),
        '≤ 25',
        audit.scan.p95 <= 25 && audit.errors === 0,
      ],
      [
        'audit: open a cell of 200 units p95 ms',
        String(audit.openCell.p95),
        '≤ 60',
        audit.openCell.p95 <= 60,
      ],
      [
        `audit: sessions list of 90 days (${audit.historySessions} sessions), the page /audit shows, p95 ms`,
        String(audit.sessions.p95),
        '≤ 50',
        audit.sessions.p95 <= 50,
      ],
      [
        'audit: the same list unpaged (every session at once) p95 ms',
        String(audit.sessionsWhole.p95),
        '',
        null,
      ],
    );
  }

  if (wants('topology')) {
    // Zones and cells as data on PostgreSQL (docs/DECISIONS.md "Topology").
    const topology = await runTopologyBench({ serverUrl, quick, log });
    results.topology = topology;
    const slowest = Math.max(...topology.createMs);
    rows.push(
      [
        `topology: create up to 1,000 cells in one call, slowest of ${topology.createMs.length} (${topology.created} cells), ms`,
        String(slowest),
        '≤ 1000',
        slowest <= 1000,
      ],
      [
        'topology: read the cells of a 26 × 99 range p95 ms',
        String(topology.readRange.p95),
        '≤ 100',
        topology.readRange.p95 <= 100,
      ],
    );
    const { writeBefore: before, writeAfter: after } = topology;
    const change = (from: number, to: number) =>
      `${from} → ${to} (${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %)`;
    const reference = topology.writeReference;
    rows.push(
      [
        'topology: the noise: write phase moves/s, the run before → the next, nothing changed',
        change(reference.movesPerSecond, before.movesPerSecond),
        '',
        null,
      ],
      [
        `topology: write phase moves/s before → after ${topology.manyCells} new cells`,
        change(before.movesPerSecond, after.movesPerSecond),
        '≥ −3 %',
        after.movesPerSecond >= before.movesPerSecond * 0.97 && after.errors === 0,
      ],
      [
        `topology: cell suggestion p95 ms before → after ${topology.manyCells} new cells`,
        change(before.latencyMs.suggest.p95, after.latencyMs.suggest.p95),
        '≤ +3 %',
        after.latencyMs.suggest.p95 <= before.latencyMs.suggest.p95 * 1.03,
      ],
    );
  }

  if (wants('browser')) {
    const browser: BrowserResult = await runBrowserBench({ quick, log });
    results.browser = browser;
    rows.push(
      [
        'browser: Enter → painted prompt p50 ms',
        String(browser.p50Ms),
        '≤ 100',
        browser.p50Ms <= 100,
      ],
      [
        'browser: Enter → painted prompt p99 ms',
        String(browser.p99Ms),
        '≤ 200',
        browser.p99Ms <= 200,
      ],
      ['browser: Enter → sound start p50 ms', String(browser.soundP50Ms), '', null],
      [
        'browser: API calls per sorted parcel (scan, cell, move)',
        String(browser.apiCallsPerParcel),
        '≤ 3',
        browser.apiCallsPerParcel <= 3,
      ],
      [
        'browser: local acknowledgement p50 ms',
        String(browser.ackP50Ms),
        '≤ 50',
        browser.ackP50Ms <= 50,
      ],
      [
        'browser: local acknowledgement p99 ms',
        String(browser.ackP99Ms),
        '≤ 50',
        browser.ackP99Ms <= 50,
      ],
      [
        `browser: long tasks > 50 ms in ${browser.longTaskScans} scans`,
        String(browser.longTasksOver50Ms),
        '0',
        browser.longTasksOver50Ms === 0,
      ],
      [
        `browser: JS heap growth over ${browser.heapScans} scans, MB`,
        String(browser.heapGrowthMb),
        '< 10',
        browser.heapGrowthMb < 10,
      ],
      // The guided workflows' screen against sorting's, same page, same throttling.
      [
        'browser: placing workflow Enter → painted prompt p50 ms',
        String(browser.workflowP50Ms),
        `≤ ${Math.round((browser.p50Ms + 10) * 10) / 10}`,
        browser.workflowP50Ms <= browser.p50Ms + 10,
      ],
      [
        'browser: placing workflow Enter → painted prompt p99 ms',
        String(browser.workflowP99Ms),
        `≤ ${Math.round((browser.p99Ms + 10) * 10) / 10}`,
        browser.workflowP99Ms <= browser.p99Ms + 10,
      ],
      [
        'browser: /placing JS beyond the signed-in shell, KiB gzip',
        String(browser.workflowRouteKiB),
        '≤ 40',
        browser.workflowRouteKiB <= 40,
      ],
      // A 200-box transit task at 360×740: the prompt with the whole list, and its scrolling.
      [
        `browser: transit v2, 200-box task, Enter → painted prompt p50 / p99 ms (${browser.transitScans} scans)`,
        `${browser.transitP50Ms} / ${browser.transitP99Ms}`,
        `≤ ${Math.round((browser.p50Ms + 10) * 10) / 10} / ≤ ${Math.round((browser.p99Ms + 10) * 10) / 10}`,
        browser.transitP50Ms <= browser.p50Ms + 10 && browser.transitP99Ms <= browser.p99Ms + 10,
      ],
      [
        'browser: transit v2, the 200-box list scrolled top to bottom: long tasks > 50 ms (longest ms)',
        `${browser.transitScrollLongTasks} (${browser.transitScrollLongestMs})`,
        '0',
        browser.transitScrollLongTasks === 0,
      ],
    );
  }

  if (wants('ocr')) {
    // /extract-text's text recognition (issue "Device pages", docs/PERFORMANCE.md "OCR").
    const ocr = await runOcrBench({ quick, log });
    results.ocr = ocr;
    const mb = (bytes: number) => Math.round((bytes / 1e6) * 100) / 100;
    rows.push(
      ['ocr: first use ready (worker, core, rus+eng), ms', String(ocr.firstReadyMs), '≤ 4000', ocr.firstReadyMs <= 4000],
      [`ocr: 800×300 crop read p50 ms (${ocr.runs} runs)`, String(ocr.readP50Ms), '≤ 1500', ocr.readP50Ms <= 1500],
      [`ocr: 800×300 crop read p95 ms (${ocr.runs} runs)`, String(ocr.readP95Ms), '≤ 3000', ocr.readP95Ms <= 3000],
      ['ocr: bytes on first use, MB (page included)', String(mb(ocr.firstUseBytes)), '≤ 6', ocr.firstUseBytes <= 6e6],
      ['ocr: /ocr/ bytes on first use, MB', String(mb(ocr.firstUseOcrBytes)), '', null],
      ['ocr: /ocr/ bytes fetched on a later use', String(ocr.laterUseOcrBytes), '0', ocr.laterUseOcrBytes === 0],
    ); // prettier-ignore
  }

  if (wants('soak')) {
    // Memory under a steady load (docs/PERFORMANCE.md "Memory soak").
    const soak = await runSoak({
      minutes: Number(optionOf('soak-minutes') ?? (quick ? 3 : 30)),
      database: optionOf('soak-db') === 'postgres' ? 'postgres' : 'pglite',
      serverUrl,
      snapshots: args.includes('--soak-snapshots'),
      log,
    });
    results.soak = soak;
    const label = `soak ${soak.database} ${soak.requestsPerSecond} req/s × ${soak.minutes} min`;
    rows.push(
      [
        `${label}: RSS after warm-up / half / end, MB`,
        `${soak.rssMb.afterWarmUp} / ${soak.rssMb.half} / ${soak.rssMb.end}`,
        '',
        null,
      ],
      [
        `${label}: live JS heap after GC, MB`,
        `${soak.heapUsedMb.afterWarmUp} / ${soak.heapUsedMb.half} / ${soak.heapUsedMb.end}`,
        '',
        null,
      ],
      [
        `${label}: PGlite's resident WebAssembly memory, MB`,
        `${soak.wasmRssMb.afterWarmUp} / ${soak.wasmRssMb.half} / ${soak.wasmRssMb.end}`,
        '',
        null,
      ],
      [`${label}: cycles/s achieved`, String(soak.achievedCyclesPerSecond), '', null],
      [
        `${label}: RSS growth over the second half, MB per 10 min`,
        String(soak.rssSlopeSecondHalfMbPer10Min),
        '',
        null,
      ],
      [
        `${label}: RSS outside PGlite's memory, growth over the second half, MB per 10 min`,
        String(soak.otherSlopeSecondHalfMbPer10Min),
        '≤ 5',
        soak.otherSlopeSecondHalfMbPer10Min <= 5,
      ],
      [`${label}: errors`, String(soak.errors), '0', soak.errors === 0],
    );
  }

  results.seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(path.join(benchDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `\nSorting bench${quick ? ' (--quick)' : ''}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)} at start of print\n\n`,
  );
  printTable(rows);
  process.stdout.write(`\nbench/results.json written (${results.seconds} s)\n`);
}

// Ctrl-C: the server children get the signal from the terminal; the databases are dropped here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: dropping the bench databases`);
    void Promise.allSettled([...pendingDrops].map((drop) => drop())).then(() => process.exit(130));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
