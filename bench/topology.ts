// The topology figures on PostgreSQL (docs/DECISIONS.md "Topology"): creating 1,000 cells in
// one call (≤ 1 s), reading the cells of a whole 26 × 99 range (p95 ≤ 100 ms), and the sorting
// write phase (moves/s, cell suggestion p95) before and after 10,000 new cells (within 3 %).
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
import { runThroughput, signInFleet, type ThroughputRun } from './server-workload.js';

/** Петрова Мария, supervisor of the bench warehouse (the demo seed's). */
const SUPERVISOR_BADGE = '~S2001-9TB4';
/** A zone of its own, so the bench's cells are the only ones in it. */
const ZONE = 900;
/**
 * 10,000 new cells: a zone holds at most 26 × 99 = 2,574, so zone 900 and zones 901–903 take
 * them (2,574 × 3 + 2,278).
 */
const MANY_CELLS = 10_000;
/** Devices of the short write phases (each sorts in its own bench zone, bench-database.ts). */
const WRITE_DEVICES = 4;
const PARCELS_PER_ZONE = 6000;

export interface TopologyBenchResult {
  /** Each call made at most 1,000 cells: rows a–j, k–t, u–z × 99 columns. */
  createMs: number[];
  created: number;
  readRange: Percentiles;
  /** Cells created in all before the second write phase (zone 900 and three more zones). */
  manyCells: number;
  /** The same short write phase twice before and once after those cells, one database. */
  writeReference: ThroughputRun;
  writeBefore: ThroughputRun;
  writeAfter: ThroughputRun;
}

/** The ranges, a row (≤ 99 cells) each, of the first `total` cells of a zone in row order. */
function rangesFor(
  total: number,
): { rowFrom: string; rowTo: string; colFrom: number; colTo: number }[] {
  const ranges = [];
  let left = total;
  for (let row = 0; row < 26 && left > 0; row += 1) {
    // Whole rows of 99 while they fit, then the first columns of one more row.
    const cols = Math.min(99, left);
    const letter = String.fromCharCode(97 + row);
    ranges.push({ rowFrom: letter, rowTo: letter, colFrom: 1, colTo: cols });
    left -= cols;
  }
  return ranges;
}

export async function runTopologyBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<TopologyBenchResult> {
  const { log, quick } = options;
  const bench = await createBenchPostgres(options.serverUrl, 'sorting_bench_topology');
  try {
    await prepareBenchDatabase(
      { databaseUrl: bench.url },
      { devices: WRITE_DEVICES, parcelsPerZone: PARCELS_PER_ZONE },
    );
    const writeSeconds = quick ? 3 : 8;
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      const base = server.url;
      const headers = await signInHeaders(base, SUPERVISOR_BADGE);
      const warehouseCode = String(BENCH_WAREHOUSE_NUMBER);
      // The write phase before any new cell: warmed up first, as bench/run.ts's write phase.
      const fleet = await signInFleet(base, WRITE_DEVICES, PARCELS_PER_ZONE);
      await runThroughput(fleet, quick ? 1 : 4);
      log(`topology: two ${writeSeconds} s write phases before the new cells`);
      // Two runs before: how far two runs with nothing changed differ is the noise the 3 %
      // comparison is read against (a shared machine's load moves it more than 3 %).
      const writeReference = await runThroughput(fleet, writeSeconds);
      const writeBefore = await runThroughput(fleet, writeSeconds);
      /** A new SITO zone; answers the path of its cells. */
      const createZone = async (zoneNumber: number) => {
        const zonePath = fillPath(TOPOLOGY_ROUTES.createZone.path, { warehouseCode });
        await timedCall(base, headers, 'POST', zonePath, {
          number: zoneNumber,
          name: 'Bench',
          type: 'SITO',
        });
        return fillPath(TOPOLOGY_ROUTES.createCells.path, { warehouseCode, zoneNumber });
      };
      const cellsPath = await createZone(ZONE);
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
      // The rest of the 10,000 cells in zones 901–903, one row (≤ 99 cells) a call.
      let manyCells = created;
      for (let zone = ZONE + 1; manyCells < MANY_CELLS; zone += 1) {
        const path = await createZone(zone);
        for (const range of rangesFor(Math.min(26 * 99, MANY_CELLS - manyCells))) {
          const call = await timedCall<{ created: number }>(base, headers, 'POST', path, range);
          manyCells += call.value.created;
        }
      }
      log(`topology: ${manyCells} cells made; the same write phase after them`);
      const writeAfter = await runThroughput(fleet, writeSeconds);
      return {
        createMs,
        created,
        readRange: percentiles(reads),
        manyCells,
        writeReference,
        writeBefore,
        writeAfter,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}
