// The audit figures on PostgreSQL with the bench seed (100,000 parcels): 20 devices at
// 30 unit scans/s in all (scan p95 ≤ 25 ms), opening a cell of 200 units (p95 ≤ 60 ms) and the
// sessions list of 90 days (p95 ≤ 50 ms). `npm run bench -- --only=audit` runs it; its rows join
// the bench table (bench/run.ts) and docs/PERFORMANCE.md.
import pg from 'pg';
import { AUDIT_LIST_PAGE_SIZE, AUDIT_ROUTES, fillPath } from '@sorting/contracts';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { percentiles, type Percentiles } from './stats.js';
import { signInHeaders, timedCall } from './http-client.js';

const DEVICES = 20;
const SCANS_PER_SECOND = 30;
const UNITS_PER_CELL = 200;
const HISTORY_DAYS = 90;

export interface AuditBenchResult {
  scan: Percentiles;
  openCell: Percentiles;
  /** The first page of 40, as /audit asks for it (the target row). */
  sessions: Percentiles;
  /** The whole list unpaged (the spec's call without our paging), for comparison. */
  sessionsWhole: Percentiles;
  scansPerSecond: number;
  errors: number;
  historySessions: number;
}

/** Cells of a bench zone, each with an open box of UNITS_PER_CELL − 1 bench parcels. */
async function fillCells(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cells = await client.query<{ id: number; barcode: string; warehouse_id: number }>(
      `select c.id, c.barcode, c.warehouse_id from cells c join zones z on z.id = c.zone_id
       join warehouses w on w.id = z.warehouse_id
       where w.number = $1 and z.number = $2 order by c.id limit $3`,
      [BENCH_WAREHOUSE_NUMBER, BENCH_FIRST_ZONE, count],
    );
    for (const [index, cell] of cells.rows.entries()) {
      const number = 80_000 + index;
      const box = await client.query<{ id: number }>(
        `insert into boxes (warehouse_id, number, barcode, cell_id, sorting_key)
         values ($1, $2, $3, $4, 'AUDIT') returning id`,
        [cell.warehouse_id, number, `_${BENCH_WAREHOUSE_NUMBER}-${number}`, cell.id],
      );
      // Parcels of the later bench zones (the earlier ones are sorted by the other phases).
      await client.query(
        `update parcels set box_id = $1 where id in (
           select id from parcels where box_id is null and sorting_key like 'BENCH-%'
           order by id desc limit $2)`,
        [box.rows[0]?.id, UNITS_PER_CELL - 1],
      );
    }
    return cells.rows.map((cell) => cell.barcode);
  } finally {
    await client.end();
  }
}

/** HISTORY_DAYS days of finished sessions: 10 a day, 3 cells of 40 units each. */
async function seedHistory(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into audit_sessions (warehouse_id, started_by, started_at, finished_by, finished_at)
       select w.id, u.id, now() - (d || ' days')::interval - (s || ' minutes')::interval, u.id,
         now() - (d || ' days')::interval - (s || ' minutes')::interval + interval '30 minutes'
       from warehouses w, users u, generate_series(1, $2::int) d, generate_series(1, 10) s
       where w.number = $1 and u.number = 1001`,
      [BENCH_WAREHOUSE_NUMBER, HISTORY_DAYS],
    );
    // History cells may repeat a cell: each is finished, so the one-open-cell index holds.
    await client.query(
      `insert into audit_cells (session_id, cell_id, opened_by, opened_at, finished_at)
       select s.id, c.id, s.started_by, s.started_at, s.finished_at
       from audit_sessions s
       cross join lateral (select id from cells where warehouse_id = s.warehouse_id
         order by id offset (s.id % 500) limit 3) c`,
    );
    await client.query(
      `insert into audit_units (audit_cell_id, barcode, kind, state, is_expected)
       select a.id, 'H' || a.id || '-' || i, 'parcel', (i % 4)::smallint, i % 4 <> 2
       from audit_cells a, generate_series(1, 40) i`,
    );
    await client.query(
      `update audit_sessions s set figures = (
         select jsonb_agg(jsonb_build_object('state', state, 'count', n) order by state)
         from (select u.state, count(*)::int as n from audit_cells c
           join audit_units u on u.audit_cell_id = c.id where c.session_id = s.id
           group by u.state) f)`,
    );
    await client.query('analyze');
    const count = await client.query<{ n: number }>(
      'select count(*)::int as n from audit_sessions',
    );
    return count.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

interface Device {
  headers: Record<string, string>;
}

async function signIn(baseUrl: string, badge: string): Promise<Device> {
  return { headers: await signInHeaders(baseUrl, badge) };
}

/** One call; answers its time in ms and its operation object (throws on a refusal). */
function timed(
  baseUrl: string,
  device: Device,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ ms: number; value: unknown }> {
  return timedCall(baseUrl, device.headers, method, path, body);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runAuditBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<AuditBenchResult> {
  const { log, quick } = options;
  const bench = await createBenchPostgres(options.serverUrl, 'sorting_bench_audit');
  try {
    // 40 zones × 2500 = 100,000 parcels (quick: 40 × 250).
    log(`audit: seeding ${quick ? '10,000' : '100,000'} parcels`);
    await prepareBenchDatabase(
      { databaseUrl: bench.url },
      { devices: 40, parcelsPerZone: quick ? 250 : 2500 },
    );
    const openings = quick ? 20 : 60;
    const cells = await fillCells(bench.url, DEVICES + openings);
    log('audit: 90 days of finished sessions');
    const historySessions = await seedHistory(bench.url);
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      const base = server.url;
      const warehouseCode = String(BENCH_WAREHOUSE_NUMBER);
      const devices: Device[] = [];
      for (let i = 1; i <= DEVICES; i += 1) devices.push(await signIn(base, benchBadge(i)));
      const path = (route: keyof typeof AUDIT_ROUTES, params: Record<string, unknown> = {}) =>
        fillPath(AUDIT_ROUTES[route].path, { warehouseCode, ...params });

      // Opening a cell of 200 units, one at a time, each in a session of its own.
      const opener = devices[0]!;
      const opens: number[] = [];
      for (const barcode of cells.slice(DEVICES)) {
        const started = await timed(base, opener, 'POST', path('start'));
        const { sessionId } = started.value as { sessionId: number };
        const opened = await timed(base, opener, 'POST', path('openCell', { sessionId }), {
          barcode,
        });
        const { items } = opened.value as { items: unknown[] };
        if (items.length !== UNITS_PER_CELL) throw new Error(`${barcode}: ${items.length} units`);
        opens.push(opened.ms);
      }

      // 20 devices, each in its own session and cell, scanning at 30 scans/s in all.
      const sessions = await Promise.all(
        devices.map(async (device, index) => {
          const started = await timed(base, device, 'POST', path('start'));
          const { sessionId } = started.value as { sessionId: number };
          const opened = await timed(base, device, 'POST', path('openCell', { sessionId }), {
            barcode: cells[index],
          });
          const { cell, items } = opened.value as {
            cell: { id: number };
            items: { barcode: string }[];
          };
          return { device, sessionId, cellId: cell.id, units: items.map((item) => item.barcode) };
        }),
      );
      const seconds = quick ? 10 : 30;
      const perDeviceMs = (1000 * DEVICES) / SCANS_PER_SECOND;
      const scans: number[] = [];
      let errors = 0;
      const runStarted = performance.now();
      log(`audit: ${DEVICES} devices scanning for ${seconds} s`);
      await Promise.all(
        sessions.map(async (entry, index) => {
          await sleep((index * perDeviceMs) / DEVICES);
          let next = 0;
          while (performance.now() - runStarted < seconds * 1000) {
            const tick = performance.now();
            // Expected units first, then surplus barcodes once they are all found.
            const barcode = entry.units[next] ?? `SURPLUS-${index}-${next}`;
            next += 1;
            try {
              const scanned = await timed(
                base,
                entry.device,
                'POST',
                path('scan', { sessionId: entry.sessionId, cellId: entry.cellId }),
                { barcode },
              );
              scans.push(scanned.ms);
            } catch {
              errors += 1;
            }
            await sleep(Math.max(0, perDeviceMs - (performance.now() - tick)));
          }
        }),
      );
      const elapsed = (performance.now() - runStarted) / 1000;

      // The list of 90 days, one call at a time: its first page as /audit asks for it
      // (AUDIT_LIST_PAGE_SIZE a page, with the total), alternated with the whole list.
      const now = Date.now();
      const range = {
        dateFrom: new Date(now - HISTORY_DAYS * 86_400_000).toISOString(),
        dateTo: new Date(now).toISOString(),
      };
      const paged = { ...range, page: 1, pageSize: AUDIT_LIST_PAGE_SIZE };
      const lists: number[] = [];
      const wholes: number[] = [];
      for (let i = 0; i < (quick ? 20 : 100); i += 1) {
        lists.push((await timed(base, opener, 'POST', path('sessions'), paged)).ms);
        wholes.push((await timed(base, opener, 'POST', path('sessions'), range)).ms);
      }
      return {
        scan: percentiles(scans),
        openCell: percentiles(opens),
        sessions: percentiles(lists),
        sessionsWhole: percentiles(wholes),
        scansPerSecond: Math.round((scans.length / elapsed) * 10) / 10,
        errors,
        historySessions,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}
