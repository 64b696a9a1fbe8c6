// `node --import tsx bench/deconsolidation.ts`: the deconsolidation figures on
// PostgreSQL with the bench seed: GET of a consolidated box of 50 parcels (p95 ≤ 20 ms) and
// the DELETE that unpacks it (p95 ≤ 50 ms), one call at a time over a signed-in session.
// BOXES boxes are consolidated in cells of bench zone 101; each DELETE unpacks one of them.
// A development aid for docs/PERFORMANCE.md, not part of `npm run bench`.
import pg from 'pg';
import { consolidationCellPath, consolidationPath } from '@sorting/contracts';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { signInHeaders, timedCall } from './http-client.js';
import { percentiles } from './stats.js';

const BOXES = Number(process.env.BOXES ?? 40);
const PARCELS_PER_BOX = 50;
const GETS = Number(process.env.GETS ?? 300);
const WORKER_BADGE = '~W1001-7KQ2';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** BOXES closed boxes of 50 parcels, each with an active consolidation in its own cell. */
async function consolidateBoxes(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cells = await client.query<{ id: number; barcode: string; warehouse_id: number }>(
      `select c.id, c.barcode, c.warehouse_id from cells c join zones z on z.id = c.zone_id
       join warehouses w on w.id = z.warehouse_id
       where w.number = $1 and z.number = $2 order by c.id desc limit $3`,
      [BENCH_WAREHOUSE_NUMBER, BENCH_FIRST_ZONE, BOXES],
    );
    for (const [index, cell] of cells.rows.entries()) {
      const number = 90_000 + index;
      const box = await client.query<{ id: number }>(
        `insert into boxes (warehouse_id, number, barcode, cell_id, sorting_key, is_closed)
         values ($1, $2, $3, $4, 'DECON', true) returning id`,
        [cell.warehouse_id, number, `_${BENCH_WAREHOUSE_NUMBER}-${number}`, cell.id],
      );
      const boxId = box.rows[0]?.id;
      await client.query(
        `insert into parcels (warehouse_id, number, name, sorting_key, sorting_name, box_id,
           is_receipted, length_cm, width_cm, height_cm, weight_grams)
         select $1, 'DP' || $2 || '-' || i, 'Bench parcel', 'DECON', 'Decon', $3, true,
           10 + i % 7, 20, 5.5, 100 + i
         from generate_series(1, $4::int) as i`,
        [cell.warehouse_id, number, boxId, PARCELS_PER_BOX],
      );
      await client.query(
        `insert into consolidations (warehouse_id, cell_id, box_id, destination_key,
           destination_name, completed_at) values ($1, $2, $3, 'DECON', 'Decon', now())`,
        [cell.warehouse_id, cell.id, boxId],
      );
      await client.query('update cells set is_empty = false where id = $1', [cell.id]);
    }
    await client.query('analyze');
    return cells.rows.map((cell) => cell.barcode);
  } finally {
    await client.end();
  }
}

const bench = await createBenchPostgres(serverUrl);
try {
  await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 4, parcelsPerZone: 800 });
  const cells = await consolidateBoxes(bench.url);
  const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
  try {
    const headers = await signInHeaders(server.url, WORKER_BADGE);

    const timed = async (method: 'GET' | 'DELETE', path: string) =>
      (await timedCall(server.url, headers, method, path)).ms;

    const warehouse = String(BENCH_WAREHOUSE_NUMBER);
    const first = cells[0] ?? '';
    for (let i = 0; i < 20; i += 1) await timed('GET', consolidationPath(warehouse, first));
    const gets: number[] = [];
    for (let i = 0; i < GETS; i += 1) {
      gets.push(await timed('GET', consolidationPath(warehouse, cells[i % cells.length] ?? '')));
    }
    const deletes: number[] = [];
    for (const cell of cells) {
      deletes.push(await timed('DELETE', consolidationCellPath(warehouse, cell)));
    }
    const get = percentiles(gets);
    const del = percentiles(deletes);
    console.log(
      `GET box of ${PARCELS_PER_BOX} parcels: p50 ${get.p50} ms, p95 ${get.p95} ms (${get.count}; target ≤ 20)`,
    );
    console.log(
      `DELETE (unpack ${PARCELS_PER_BOX}): p50 ${del.p50} ms, p95 ${del.p95} ms (${del.count}; target ≤ 50)`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await bench.drop();
}
