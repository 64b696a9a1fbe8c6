// The inbound and outbound document figures on PostgreSQL with the bench seed:
// `npm run bench -- --only=documents` (or `node --import tsx bench/inbound.ts`). 10,000
// supplies over 364 days × 20 details and 5,000 shipments in warehouse 34717, one supply of
// 500 details; one call at a time over a signed-in session. Targets (p95): states/count
// ≤ 50 ms, a heads page of 40 in each group ≤ 100 ms, search by a parcel barcode ≤ 50 ms,
// details of the 500-detail supply ≤ 100 ms.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_WAREHOUSE_NUMBER,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { percentiles } from './stats.js';
import { signInHeaders, timedCall } from './http-client.js';

const SUPPLIES = Number(process.env.SUPPLIES ?? 10_000);
const DETAILS = 20;
const SHIPMENTS = Number(process.env.SHIPMENTS ?? 5_000);
const CALLS = Number(process.env.CALLS ?? 200);
const WORKER_BADGE = '~W1001-7KQ2';
const API = '/sortingsystem-api';

/** The supplies (states spread over 1–5), their parcels, a 500-detail supply and shipments. */
async function seedDocuments(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'select id from warehouses where number = $1',
      [BENCH_WAREHOUSE_NUMBER],
    );
    const warehouseId = rows[0]?.id;
    await client.query(
      `insert into inbounds (warehouse_id, number, sender_name, acceptance_barcode, state,
         document_number, created_at, arrived_at)
       select $1, 'BIN-' || i, 'Sender ' || (i % 50), '.69.BIN-' || i, 1 + i % 5,
         'DOC-' || i, now() - (i % 364) * interval '1 day' - (i % 1440) * interval '1 minute',
         case when i % 5 = 0 then null else now() - (i % 364) * interval '1 day' end
       from generate_series(1, $2::int) as i`,
      [warehouseId, SUPPLIES],
    );
    await client.query(
      `insert into parcels (warehouse_id, number, name, sorting_key, sorting_name, inbound_id,
         is_receipted, order_number)
       select $1, 'BP' || s.id || '-' || d, 'Bench detail', 'BENCH', 'Bench', s.id,
         d % 3 = 0 and s.state <> 1, 'ORD-' || d
       from inbounds as s, generate_series(1, $2::int) as d
       where s.number like 'BIN-%'`,
      [warehouseId, DETAILS],
    );
    await client.query(
      `with big as (insert into inbounds (warehouse_id, number, sender_name, acceptance_barcode,
         state, created_at, arrived_at)
         values ($1, 'BIN-BIG', 'Big sender', '.69.BIN-BIG', 4, now(), now()) returning id)
       insert into parcels (warehouse_id, number, name, sorting_key, sorting_name, inbound_id,
         is_receipted)
       select $1, 'BPBIG-' || d, 'Bench detail', 'BENCH', 'Bench', big.id, d % 2 = 0
       from big, generate_series(1, 500) as d`,
      [warehouseId],
    );
    await client.query(
      `insert into outbounds (warehouse_id, code, name, client_name, state, sync_key, created_at)
       select $1, 'BOUT-' || i, 'Trip ' || i, 'Client ' || (i % 30), 1 + i % 3,
         case when i % 2 = 0 then 'SYNC-' || i end, now() - (i % 364) * interval '1 day'
       from generate_series(1, $2::int) as i`,
      [warehouseId, SHIPMENTS],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Local day bounds of the last `days` days as the web sends them. */
function lastDays(days: number) {
  const begin = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  begin.setHours(0, 0, 0, 0);
  const end = new Date();
  end.setHours(23, 59, 59, 0);
  return { DateBegin: begin.toISOString(), DateEnd: end.toISOString() };
}

/** One measured call: its percentiles and its p95 target. */
export interface DocumentsRow {
  label: string;
  p50: number;
  p95: number;
  count: number;
  target: number;
}

/** Runs the bench and answers its rows. */
export async function runInboundBench(databaseUrl: string): Promise<DocumentsRow[]> {
  const bench = await createBenchPostgres(databaseUrl);
  try {
    await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 4, parcelsPerZone: 200 });
    await seedDocuments(bench.url);
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      const headers = await signInHeaders(server.url, WORKER_BADGE);
      const timed = async (path: string, body?: unknown) =>
        (await timedCall(server.url, headers, 'POST', path, body ?? {})).ms;
      const measure = async (
        label: string,
        target: number,
        call: (i: number) => Promise<number>,
      ) => {
        for (let i = 0; i < 10; i += 1) await call(i);
        const times: number[] = [];
        for (let i = 0; i < CALLS; i += 1) times.push(await call(i));
        const { p50, p95, count } = percentiles(times);
        return { label, p50, p95, count, target };
      };
      const heads = (states: number[], days: number | null) => (i: number) =>
        timed(`${API}/documents/inbound/heads`, {
          IsSupplySelected: true,
          States: states,
          SearchString: '',
          ...(days === null ? { DateBegin: null, DateEnd: null } : lastDays(days)),
          Page: 1 + (i % 3),
          PageSize: 40,
        });
      const client = new pg.Client({ connectionString: bench.url });
      await client.connect();
      const big = await client.query<{ id: number }>(
        "select id from inbounds where number = 'BIN-BIG'",
      );
      await client.end();
      const bigId = big.rows[0]?.id ?? 0;
      return [
        await measure('states/count (364 days)', 50, () =>
          timed(`${API}/Documents/inbound/states/count`, lastDays(364)),
        ),
        await measure('heads page of 40, expected [1]', 100, heads([1], null)),
        await measure('heads page of 40, work [2,4,5] (364 days)', 100, heads([2, 4, 5], 364)),
        await measure('heads page of 40, archive [3] (6 days)', 100, heads([3], 6)),
        await measure('search by a parcel barcode', 50, (i) =>
          timed(`${API}/documents/inbound/heads`, {
            IsSupplySelected: true,
            States: [],
            SearchString: `BP${1 + ((i * 37) % SUPPLIES)}-7`,
            DateBegin: null,
            DateEnd: null,
          }),
        ),
        await measure('details of a 500-detail supply', 100, () =>
          timed(`${API}/documents/inbound/details?inboundId=${bigId}`),
        ),
        await measure('outbound heads page of 40 (6 days)', 100, () =>
          timed(`${API}/documents/outbound/heads`, {
            IsSupplySelected: false,
            States: [],
            SearchString: '',
            ...lastDays(6),
          }),
        ),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = await runInboundBench(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  for (const row of lines) {
    console.log(
      `${row.label}: p50 ${row.p50} ms, p95 ${row.p95} ms (${row.count}; target ≤ ${row.target})`,
    );
  }
}
