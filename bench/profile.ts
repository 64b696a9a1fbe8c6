// `node --import tsx bench/profile.ts`: the SQL one sorting cycle sends, counted and timed
// per call, in-process on a fresh bench database (PostgreSQL). A development aid for
// docs/PERFORMANCE.md, not part of `npm run bench`.
import { byStatement, timeStatements } from './statement-timer.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createBenchPostgres, prepareBenchDatabase } from './bench-database.js';
import { signInFleet } from './server-workload.js';
import { runCycle } from './http-client.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await createBenchPostgres(serverUrl);
const timer = timeStatements();
const { statements } = timer;

try {
  await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 1, parcelsPerZone: 400 });
  const database = await openDatabase({ databaseUrl: bench.url, dataDir: '' });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: bench.url }),
    database,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const fleet = await signInFleet(url, 1, 400);
  const ids = { warehouseId: fleet.warehouseId, zoneId: fleet.zoneIdOf(0) };
  const device = fleet.devices[0]!;
  for (let i = 0; i < 30; i += 1) await runCycle(device, ids, fleet.takeParcel(0)!);
  const cycles = 100;
  timer.recording = true;
  const started = performance.now();
  const totals = { scan: 0, suggest: 0, move: 0 };
  for (let i = 0; i < cycles; i += 1) {
    const t = await runCycle(device, ids, fleet.takeParcel(0)!);
    totals.scan += t.scan;
    totals.suggest += t.suggest;
    totals.move += t.move;
  }
  const elapsed = performance.now() - started;
  timer.recording = false;
  console.log(`one device, ${cycles} cycles: ${(elapsed / cycles).toFixed(2)} ms per cycle`);
  console.log(
    `per call ms: scan ${(totals.scan / cycles).toFixed(2)}, suggest ${(totals.suggest / cycles).toFixed(2)}, move ${(totals.move / cycles).toFixed(2)}`,
  );
  console.log(`statements per cycle: ${(statements.length / cycles).toFixed(1)}`);
  for (const [text, { n, ms }] of byStatement(statements)) {
    console.log(
      `${(n / cycles).toFixed(1).padStart(5)} × ${(ms / n).toFixed(2).padStart(6)} ms  ${text}`,
    );
  }
  await app.close();
  await database.close();
} finally {
  await bench.drop();
}
