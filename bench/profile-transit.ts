// `node --import tsx bench/profile-transit.ts`: one device picking a 200-box transit v2 task,
// in-process on a fresh bench database (PostgreSQL): each scan's time, the SQL it sends
// (counted and timed), and what is left for the server itself. A development aid for
// docs/PERFORMANCE.md ("Guided workflows, part 2"), not part of `npm run bench`.
import { workflowProcessPath, type TWorkflowAnswer } from '@sorting/contracts';
import { byStatement, timeStatements } from './statement-timer.js';
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
const timer = timeStatements();
const { statements } = timer;

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
    if (box === warmUp + 1) timer.recording = true;
    const index = ((box * 7) % 200) + 1;
    const { ms, value } = await timedCall<TWorkflowAnswer>(base, headers, 'POST', path, {
      currentState: claimOf(answer),
      action: { code: 'BarcodeScanned', barcode: `_${BENCH_WAREHOUSE_NUMBER}-${100_000 + index}` },
    });
    if (box > warmUp) total += ms;
    answer = value;
  }
  timer.recording = false;
  const counted = scans - warmUp;
  const sql = statements.reduce((sum, s) => sum + s.ms, 0);
  console.log(`one device, ${counted} scans: ${(total / counted).toFixed(2)} ms per scan`);
  console.log(
    `SQL ${(sql / counted).toFixed(2)} ms per scan in ${(statements.length / counted).toFixed(1)} statements; the rest ${((total - sql) / counted).toFixed(2)} ms`,
  );
  for (const [text, { n, ms }] of byStatement(statements)) {
    console.log(
      `${(n / counted).toFixed(1).padStart(5)} × ${(ms / n).toFixed(2).padStart(6)} ms  ${text}`,
    );
  }
  await app.close();
  await database.close();
} finally {
  await bench.drop();
}
