// The guided workflows' figures (`npm run bench -- --only=workflow`; docs/DECISIONS.md "Guided
// workflows"): DEVICES handhelds running placing at RATE actions/s in all on PostgreSQL, each
// with its own empty box that it moves between two cells of its bench zone (a box scan, then a
// cell scan, on and on); every process call is timed from the request to the parsed answer.
import pg from 'pg';
import { workflowProcessPath, type TWorkflowAnswer } from '@sorting/contracts';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { signInHeaders, timedCall } from './http-client.js';
import { percentiles, type Percentiles } from './stats.js';

export const DEVICES = 20;
const RATE = 50;
const FIRST_BOX = 95_000;

export interface WorkflowBenchResult {
  devices: number;
  rate: number;
  seconds: number;
  process: Percentiles;
  errors: number;
}

/** `count` empty boxes standing in no cell, numbered from FIRST_BOX + 1 (one per device). */
export async function seedBoxes(databaseUrl: string, count = DEVICES): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into boxes (warehouse_id, number, barcode)
       select w.id, ${FIRST_BOX} + i, '_' || w.number || '-' || (${FIRST_BOX} + i)
       from warehouses w, generate_series(1, $1::int) as i where w.number = $2`,
      [count, BENCH_WAREHOUSE_NUMBER],
    );
    await client.query(`select setval('box_numbers', ${FIRST_BOX + count + 1})`);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** The barcode of the index-th seeded box. */
export function benchBox(index: number): string {
  return `_${BENCH_WAREHOUSE_NUMBER}-${FIRST_BOX + index}`;
}

/** A device's loop: box, cell, box, other cell…, one action every DEVICES / RATE seconds. */
async function runDevice(
  base: string,
  index: number,
  until: number,
  times: number[],
): Promise<number> {
  const headers = await signInHeaders(base, benchBadge(index));
  const path = workflowProcessPath(BENCH_WAREHOUSE_NUMBER, 'placing');
  const zone = BENCH_FIRST_ZONE + index - 1;
  const box = benchBox(index);
  const cells = [1, 2].map((col) => `=${BENCH_WAREHOUSE_NUMBER}-${zone}-a-0${col}`);
  let state = (await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {})).value
    .currentState;
  const period = (DEVICES / RATE) * 1000;
  // Devices start spread over one period, as a floor's handhelds do.
  let next = performance.now() + (period * index) / DEVICES;
  let errors = 0;
  for (let step = 0; next < until; step += 1) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next += period;
    const barcode = step % 2 === 0 ? box : (cells[Math.floor(step / 2) % 2] ?? '');
    const claim = { code: state.code, runId: state.runId, version: state.version };
    try {
      const { ms, value } = await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {
        currentState: claim,
        action: { code: 'BarcodeScanned', barcode },
      });
      times.push(ms);
      state = value.currentState;
    } catch {
      errors += 1;
    }
  }
  return errors;
}

/**
 * A fresh PostgreSQL bench database with the demo, DEVICES bench users and zones and `seed`'s
 * rows, a server process on it for `work`; both gone afterwards (the workflow benches).
 */
export async function onSeededBenchServer<T>(
  serverUrl: string,
  seed: (databaseUrl: string) => Promise<void>,
  work: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const bench = await createBenchPostgres(serverUrl);
  try {
    await prepareBenchDatabase(
      { databaseUrl: bench.url },
      { devices: DEVICES, parcelsPerZone: 20 },
    );
    await seed(bench.url);
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      return await work(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

export async function runWorkflowBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<WorkflowBenchResult> {
  const seconds = options.quick ? 10 : 30;
  options.log(`workflow: ${DEVICES} devices running placing at ${RATE} actions/s, ${seconds} s`);
  return onSeededBenchServer(
    options.serverUrl,
    (databaseUrl) => seedBoxes(databaseUrl),
    async (baseUrl) => {
      const warmUp: number[] = [];
      await runDevice(baseUrl, 1, performance.now() + 2000, warmUp);
      const times: number[] = [];
      const until = performance.now() + seconds * 1000;
      const errors = await Promise.all(
        Array.from({ length: DEVICES }, (_, i) => runDevice(baseUrl, i + 1, until, times)),
      );
      return {
        devices: DEVICES,
        rate: RATE,
        seconds,
        process: percentiles(times),
        errors: errors.reduce((sum, n) => sum + n, 0),
      };
    },
  );
}

/** The rows of the bench table. */
export function workflowRows(
  result: WorkflowBenchResult,
): [string, string, string, boolean | null][] {
  const label = `workflow: placing, ${result.devices} devices at ${result.rate}/s`;
  return [
    [`${label}: process p95 ms`, String(result.process.p95), '≤ 30', result.process.p95 <= 30],
    [`${label}: process p99 ms`, String(result.process.p99), '≤ 60', result.process.p99 <= 60],
    [`${label}: errors`, String(result.errors), '0', result.errors === 0],
  ];
}
