// `node --import tsx bench/throughput.ts`: write throughput of the server process alone (DEVICES,
// SECONDS), optionally with a CPU profile of the server (PROF_DIR). A development aid for
// docs/PERFORMANCE.md, not part of `npm run bench`.
import { startServer } from '../e2e/server-process.js';
import { createBenchPostgres, prepareBenchDatabase } from './bench-database.js';
import { runThroughput, signInFleet } from './server-workload.js';

const devices = Number(process.env.DEVICES ?? 16);
const seconds = Number(process.env.SECONDS ?? 10);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await createBenchPostgres(serverUrl);
await prepareBenchDatabase({ databaseUrl: bench.url }, { devices, parcelsPerZone: 3000 });
const env: Record<string, string> = {
  DATABASE_URL: bench.url,
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
};
const server = await startServer(
  env,
  process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : [],
);
const fleet = await signInFleet(server.url, devices, 3000);
await runThroughput(fleet, 2);
const run = await runThroughput(fleet, seconds);
console.log(
  `${devices} devices ${seconds}s: ${run.movesPerSecond} moves/s errors ${run.errors}`,
  JSON.stringify(run.latencyMs),
);
await server.stop();
await bench.drop();
