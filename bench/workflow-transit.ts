// Boxes transit picking v2 under load (`npm run bench -- --only=workflow`; docs/DECISIONS.md
// "Guided workflows", step table 8): DEVICES handhelds at RATE actions/s in all on PostgreSQL,
// each picking its own transit shipment of BOXES_PER_TASK closed boxes standing in the cells
// of its bench zone, box after box in any order (v2). Every process call is timed from the
// request to the parsed answer; the answer of a whole task (its items list every box with its
// cell and state) is weighed as the JSON the server sends.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { OPERATION_ID_HEADER, workflowProcessPath, type TWorkflowAnswer } from '@sorting/contracts';
import { BENCH_FIRST_ZONE, BENCH_WAREHOUSE_NUMBER, benchBadge } from './bench-database.js';
import { signInHeaders, timedCall } from './http-client.js';
import { percentiles, type Percentiles } from './stats.js';
import { DEVICES, onSeededBenchServer } from './workflow.js';

const RATE = 50;
export const BOXES_PER_TASK = 200;
/** Above the demo's and the placing bench's box numbers. */
const FIRST_BOX = 100_000;
const WORKFLOW = 'boxes-transit-picking-v2';

export interface TransitBenchResult {
  devices: number;
  rate: number;
  boxesPerTask: number;
  seconds: number;
  process: Percentiles;
  /** The largest answer of a 200-box task, bytes of JSON as sent (uncompressed). */
  taskAnswerBytes: number;
  errors: number;
}

export function taskCode(device: number): string {
  return `BENCH-T-${device}`;
}

export function boxNumber(device: number, index: number): number {
  return FIRST_BOX + (device - 1) * BOXES_PER_TASK + index;
}

/**
 * Per device: a transit shipment in state 1 of BOXES_PER_TASK closed boxes, spread over the
 * cells of the device's bench zone (several boxes a cell: the walking order still holds).
 */
export async function seedTransitTasks(databaseUrl: string, devices = DEVICES): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const params = [devices, BOXES_PER_TASK, BENCH_WAREHOUSE_NUMBER, BENCH_FIRST_ZONE, FIRST_BOX];
    await client.query(
      `insert into outbounds (warehouse_id, code, name, client_name, state, kind)
       select w.id, 'BENCH-T-' || d, 'Bench transit ' || d, 'Bench', 1, 'transit'
       from warehouses w, generate_series(1, $1::int) as d where w.number = $2`,
      [devices, BENCH_WAREHOUSE_NUMBER],
    );
    await client.query(
      `with zone_cells as (
         select c.id, z.number as zone, row_number() over (partition by z.id order by c.id) - 1 as n,
           count(*) over (partition by z.id) as total
         from cells c join zones z on z.id = c.zone_id
         join warehouses w on w.id = z.warehouse_id and w.number = $3
         where z.number between $4 and $4 + $1 - 1)
       insert into boxes (warehouse_id, number, barcode, cell_id, sorting_key, is_closed)
       select w.id, $5::int + (d - 1) * $2 + i, '_' || w.number || '-' || ($5::int + (d - 1) * $2 + i),
         (select zc.id from zone_cells zc where zc.zone = $4 + d - 1 and zc.n = (i - 1) % zc.total),
         'BENCH-T', true
       from warehouses w, generate_series(1, $1::int) as d, generate_series(1, $2::int) as i
       where w.number = $3`,
      params,
    );
    await client.query(
      `insert into shipment_units (outbound_id, box_id)
       select o.id, b.id from outbounds o
       join generate_series(1, $1::int) as d on o.code = 'BENCH-T-' || d
       join generate_series(1, $2::int) as i on true
       join boxes b on b.number = $4::int + (d - 1) * $2 + i
       join warehouses w on w.id = b.warehouse_id and w.number = $3`,
      [devices, BOXES_PER_TASK, BENCH_WAREHOUSE_NUMBER, FIRST_BOX],
    );
    await client.query(`select setval('box_numbers', $1::int)`, [
      boxNumber(devices, BOXES_PER_TASK) + 1,
    ]);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** A process call whose answer is weighed as sent (the bench's one untimed call per device). */
async function weighedCall(
  base: string,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<{ bytes: number; value: TWorkflowAnswer }> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      [OPERATION_ID_HEADER]: randomUUID(),
      // The JSON itself, not its gzip: the target is on the answer a handheld parses.
      'accept-encoding': 'identity',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = JSON.parse(text) as { isSuccess?: boolean; operationObject?: TWorkflowAnswer };
  if (envelope.isSuccess !== true || !envelope.operationObject) {
    throw new Error(`${path}: ${text.slice(0, 300)}`);
  }
  return { bytes: Buffer.byteLength(text), value: envelope.operationObject };
}

/** A device's run: its task selected (weighed), then its boxes scanned, one every period. */
async function runDevice(
  base: string,
  device: number,
  until: number,
  times: number[],
): Promise<{ errors: number; taskAnswerBytes: number }> {
  const headers = await signInHeaders(base, benchBadge(device));
  const path = workflowProcessPath(BENCH_WAREHOUSE_NUMBER, WORKFLOW);
  const start = (await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {})).value;
  const task = start.tasks.find((t) => t.title === taskCode(device));
  if (!task) throw new Error(`${taskCode(device)} is not among the tasks of device ${device}`);
  const claimOf = (answer: TWorkflowAnswer) => ({
    code: answer.currentState.code,
    runId: answer.currentState.runId,
    version: answer.currentState.version,
  });
  const selected = await weighedCall(base, headers, path, {
    currentState: claimOf(start),
    action: { code: 'TaskSelected', taskId: task.taskId },
  });
  let answer = selected.value;
  const period = (DEVICES / RATE) * 1000;
  // Devices start spread over one period, as a floor's handhelds do.
  let next = performance.now() + (period * device) / DEVICES;
  let errors = 0;
  for (let box = 1; box <= BOXES_PER_TASK && next < until; box += 1) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next += period;
    // Not in walking order: v2 takes any box of the task (every seventh, round the task).
    const index = ((box * 7) % BOXES_PER_TASK) + 1;
    try {
      const { ms, value } = await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {
        currentState: claimOf(answer),
        action: {
          code: 'BarcodeScanned',
          barcode: `_${BENCH_WAREHOUSE_NUMBER}-${boxNumber(device, index)}`,
        },
      });
      times.push(ms);
      answer = value;
    } catch {
      errors += 1;
    }
  }
  return { errors, taskAnswerBytes: selected.bytes };
}

export async function runTransitPickingBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<TransitBenchResult> {
  const seconds = options.quick ? 10 : 30;
  options.log(
    `workflow: ${DEVICES} devices picking transit v2 tasks of ${BOXES_PER_TASK} boxes at ${RATE} actions/s, ${seconds} s`,
  );
  return onSeededBenchServer(options.serverUrl, seedTransitTasks, async (baseUrl) => {
    const times: number[] = [];
    const until = performance.now() + seconds * 1000;
    const runs = await Promise.all(
      Array.from({ length: DEVICES }, (_, i) => runDevice(baseUrl, i + 1, until, times)),
    );
    return {
      devices: DEVICES,
      rate: RATE,
      boxesPerTask: BOXES_PER_TASK,
      seconds,
      process: percentiles(times),
      taskAnswerBytes: Math.max(...runs.map((run) => run.taskAnswerBytes)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    };
  });
}

/** The rows of the bench table. */
export function transitPickingRows(
  result: TransitBenchResult,
): [string, string, string, boolean | null][] {
  const label = `workflow: transit picking v2, ${result.devices} devices at ${result.rate}/s, tasks of ${result.boxesPerTask} boxes`;
  const kB = Math.round(result.taskAnswerBytes / 100) / 10;
  return [
    [`${label}: process p95 ms`, String(result.process.p95), '≤ 30', result.process.p95 <= 30],
    [`${label}: errors`, String(result.errors), '0', result.errors === 0],
    [
      `workflow: the answer of a ${result.boxesPerTask}-box task, kB of JSON`,
      String(kB),
      '≤ 60',
      result.taskAnswerBytes <= 60_000,
    ],
  ];
}
