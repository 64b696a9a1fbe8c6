// `node --import tsx bench/profile-transit.ts`: one device picking a 200-box transit v2 task,
// in-process on a fresh bench database (PostgreSQL): each scan's time, the SQL it sends
// (counted and timed), and what is left for the server itself. A development aid for
// docs/PERFORMANCE.md ("Guided workflows, part 2"), not part of `npm run bench`.
import pg from 'pg';
import { workflowProcessPath, type TWorkflowAnswer } from '@sorting/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import {
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { signInHeaders, timedCall } from './http-client.js';
import { DEVICES } from './workflow.js';
import { seedTransitTasks } from './workflow-transit.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await createBenchPostgres(serverUrl);
const statements: Array<{ text: string; ms: number }> = [];
const original = pg.Client.prototype.query;
let recording = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text: string };
  const text = typeof config === 'string' ? config : config?.text;
  const started = performance.now();
  const result = (original as (...a: unknown[]) => unknown).apply(this, args);
  if (recording && result && typeof (result as Promise<unknown>).then === 'function') {
    void (result as Promise<unknown>).then(
      () => statements.push({ text: String(text), ms: performance.now() - started }),
      () => statements.push({ text: `FAILED ${String(text)}`, ms: performance.now() - started }),
    );
  }
  return result;
} as typeof original;

try {
  await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: DEVICES, parcelsPerZone: 20 });
  await seedTransitTasks(bench.url);
  const database = await openDatabase({ databaseUrl: bench.url, dataDir: '' });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: bench.url }),
    database,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await signInHeaders(base, benchBadge(1));
  const path = workflowProcessPath(BENCH_WAREHOUSE_NUMBER, 'boxes-transit-picking-v2');
  const claimOf = (answer: TWorkflowAnswer) => ({
    code: answer.currentState.code,
    runId: answer.currentState.runId,
    version: answer.currentState.version,
  });
  const start = (await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {})).value;
  const task = start.tasks.find((t) => t.title === 'BENCH-T-1')!;
  let answer = (
    await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {
      currentState: claimOf(start),
      action: { code: 'TaskSelected', taskId: task.taskId },
    })
  ).value;
  const scans = 150;
  const warmUp = 30;
  let total = 0;
  for (let box = 1; box <= scans; box += 1) {
    if (box === warmUp + 1) recording = true;
    const index = ((box * 7) % 200) + 1;
    const { ms, value } = await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {
      currentState: claimOf(answer),
      action: { code: 'BarcodeScanned', barcode: `_${BENCH_WAREHOUSE_NUMBER}-${100_000 + index}` },
    });
    if (recording) total += ms;
    answer = value;
  }
  recording = false;
  const counted = scans - warmUp;
  const byText = new Map<string, { n: number; ms: number }>();
  let sql = 0;
  for (const s of statements) {
    const key = s.text.replace(/\s+/g, ' ').slice(0, 140);
    const entry = byText.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += s.ms;
    sql += s.ms;
    byText.set(key, entry);
  }
  console.log(`one device, ${counted} scans: ${(total / counted).toFixed(2)} ms per scan`);
  console.log(
    `SQL ${(sql / counted).toFixed(2)} ms per scan in ${(statements.length / counted).toFixed(1)} statements; the rest ${((total - sql) / counted).toFixed(2)} ms`,
  );
  for (const [text, { n, ms }] of [...byText].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `${(n / counted).toFixed(1).padStart(5)} × ${(ms / n).toFixed(2).padStart(6)} ms  ${text}`,
    );
  }
  await app.close();
  await database.close();
} finally {
  await bench.drop();
}
