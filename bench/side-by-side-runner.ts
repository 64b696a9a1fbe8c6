// One side of `bench/side-by-side.ts`, run with that side's Node from that side's checkout
// (`cd <dir> && node --import tsx <this file>`): it imports the checkout's own bench seed,
// server start and load generator by path, so each side is measured with its own code and
// runtime. It prepares a bench database, starts the server, signs the fleet in and warms up,
// prints `READY`, waits for a `GO` line on stdin, runs the fixed-rate load, prints one
// `RESULT {json}` line (latencies and the server's RSS) and cleans up.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  p999: number;
}

const dir = process.cwd();
const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);

function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : null;
}

async function main(): Promise<void> {
  const serverUrl = process.env.SIDE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rate = Number(process.env.SIDE_RATE ?? 200);
  const seconds = Number(process.env.SIDE_SECONDS ?? 60);
  const devices = Number(process.env.SIDE_DEVICES ?? 32);
  const parcelsPerZone = Number(process.env.SIDE_PARCELS_PER_ZONE ?? 2500);
  const database = await load('bench/bench-database.ts');
  const serverProcess = await load('e2e/server-process.ts');
  const workload = await load('bench/server-workload.ts');

  const bench = await database.createBenchPostgres(serverUrl);
  let server: { url: string; process: { pid?: number }; stop(): Promise<void> } | undefined;
  try {
    await database.prepareBenchDatabase({ databaseUrl: bench.url }, { devices, parcelsPerZone });
    // SIDE_NODE_ARGS: the server's Node options of this side (e.g. a heap setting to try).
    const nodeArgs = (process.env.SIDE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await serverProcess.startServer(
      { DATABASE_URL: bench.url, LOG_LEVEL: 'warn', DEMO_SEED: 'false' },
      nodeArgs,
    );
    const fleet = await workload.signInFleet(server!.url, devices, parcelsPerZone);
    await workload.runThroughput(fleet, 3);
    console.log('READY');
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      if (line.trim() !== 'GO') continue;
      const run = (await workload.runFixedRate(fleet, rate, seconds)) as {
        allCallsMs: Percentiles;
        errors: number;
      };
      console.log(
        `RESULT ${JSON.stringify({
          node: process.version,
          p50: run.allCallsMs.p50,
          p99: run.allCallsMs.p99,
          p999: run.allCallsMs.p999,
          errors: run.errors,
          rssMb: rssMb(server!.process.pid),
        })}`,
      );
      break;
    }
    lines.close();
  } finally {
    await server?.stop();
    await bench.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
