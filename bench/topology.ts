// The topology figures on PostgreSQL (docs/DECISIONS.md "Topology"): creating 1,000 cells in
// one call (≤ 1 s) and reading the cells of a whole 26 × 99 range (p95 ≤ 100 ms).
// `npm run bench -- --only=topology` runs it; its rows join the bench table (bench/run.ts).
import { TOPOLOGY_ROUTES, fillPath } from '@sorting/contracts';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_WAREHOUSE_NUMBER,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { percentiles, type Percentiles } from './stats.js';
import { signInHeaders, timedCall } from './http-client.js';

/** Петрова Мария, supervisor of the bench warehouse (the demo seed's). */
const SUPERVISOR_BADGE = '~S2001-9TB4';
/** A zone of its own, so the bench's cells are the only ones in it. */
const ZONE = 900;

export interface TopologyBenchResult {
  /** Each call made at most 1,000 cells: rows a–j, k–t, u–z × 99 columns. */
  createMs: number[];
  created: number;
  readRange: Percentiles;
}

export async function runTopologyBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<TopologyBenchResult> {
  const { log, quick } = options;
  const bench = await createBenchPostgres(options.serverUrl, 'sorting_bench_topology');
  try {
    await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 2, parcelsPerZone: 10 });
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      const base = server.url;
      const headers = await signInHeaders(base, SUPERVISOR_BADGE);
      const warehouseCode = String(BENCH_WAREHOUSE_NUMBER);
      const zonePath = fillPath(TOPOLOGY_ROUTES.createZone.path, { warehouseCode });
      await timedCall(base, headers, 'POST', zonePath, {
        number: ZONE,
        name: 'Bench',
        type: 'SITO',
      });
      const cellsPath = fillPath(TOPOLOGY_ROUTES.createCells.path, {
        warehouseCode,
        zoneNumber: ZONE,
      });
      log('topology: creating 26 × 99 cells, at most 1,000 a call');
      const createMs: number[] = [];
      let created = 0;
      for (const [rowFrom, rowTo] of [
        ['a', 'j'],
        ['k', 't'],
        ['u', 'z'],
      ] as const) {
        const call = await timedCall<{ created: number }>(base, headers, 'POST', cellsPath, {
          rowFrom,
          rowTo,
          colFrom: 1,
          colTo: 99,
        });
        createMs.push(Math.round(call.ms));
        created += call.value.created;
      }
      const readPath = `${cellsPath}?rowFrom=a&rowTo=z&colFrom=1&colTo=99`;
      const reads: number[] = [];
      for (let i = 0; i < (quick ? 20 : 100); i += 1) {
        reads.push((await timedCall(base, headers, 'GET', readPath)).ms);
      }
      return { createMs, created, readRange: percentiles(reads) };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}
