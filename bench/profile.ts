// `node --import tsx bench/profile.ts`: the SQL one sorting cycle sends, counted and timed
// per call, in-process on a fresh bench database (PostgreSQL). A development aid for
// docs/PERFORMANCE.md, not part of `npm run bench`.
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createBenchPostgres, prepareBenchDatabase } from './bench-database.js';
import { signInFleet } from './server-workload.js';
import { runCycle } from './http-client.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await createBenchPostgres(serverUrl);
const statements: Array<{ text: string; ms: number }> = [];
const original = pg.Client.prototype.query;
let recording = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text: string };
  const text = typeof config === 'string' ? config : config?.text;
  const started = performance.now();
  const last = args[args.length - 1];
  if (recording && typeof last === 'function') {
    args[args.length - 1] = (...cbArgs: unknown[]) => {
      statements.push({ text: String(text), ms: performance.now() - started });
      return (last as (...a: unknown[]) => unknown)(...cbArgs);
    };
  }
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
  recording = true;
  const started = performance.now();
  const totals = { scan: 0, suggest: 0, move: 0 };
  for (let i = 0; i < cycles; i += 1) {
    const t = await runCycle(device, ids, fleet.takeParcel(0)!);
    totals.scan += t.scan;
    totals.suggest += t.suggest;
    totals.move += t.move;
  }
  const elapsed = performance.now() - started;
  recording = false;
  const byText = new Map<string, { n: number; ms: number }>();
  for (const s of statements) {
    const key = s.text.replace(/\s+/g, ' ').slice(0, 160);
    const entry = byText.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += s.ms;
    byText.set(key, entry);
  }
  console.log(`one device, ${cycles} cycles: ${(elapsed / cycles).toFixed(2)} ms per cycle`);
  console.log(
    `per call ms: scan ${(totals.scan / cycles).toFixed(2)}, suggest ${(totals.suggest / cycles).toFixed(2)}, move ${(totals.move / cycles).toFixed(2)}`,
  );
  console.log(`statements per cycle: ${(statements.length / cycles).toFixed(1)}`);
  for (const [text, { n, ms }] of [...byText].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `${(n / cycles).toFixed(1).padStart(5)} × ${(ms / n).toFixed(2).padStart(6)} ms  ${text}`,
    );
  }
  await app.close();
  await database.close();
} finally {
  await bench.drop();
}
