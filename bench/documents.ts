// The document flow figures (`npm run bench -- --only=documents`, docs/PERFORMANCE.md):
// 50,000 documents of the sorting centre over a year on PostgreSQL; a 6-day search with states
// [1, 2] (p95 ≤ 100 ms) and a sign (p95 ≤ 50 ms), one call at a time over a signed-in session.
import pg from 'pg';
import { DOCUMENTS_FLOW_ROUTES, fillPath } from '@sorting/contracts';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_WAREHOUSE_NUMBER,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { signInHeaders, timedCall } from './http-client.js';
import { percentiles, type Percentiles } from './stats.js';

const DOCUMENTS = 50_000;
const WORKER_BADGE = '~W1001-7KQ2';
const DAY_MS = 86_400_000;

export interface DocumentsResult {
  documents: number;
  /** Documents a 6-day [1, 2] search answered (the last one). */
  searchRows: number;
  searchMs: Percentiles;
  signMs: Percentiles;
}

/**
 * DOCUMENTS documents over the last 365 days, evenly spread: states 1, 2, 3 (and a few 7),
 * directions alternating, each naming the centre's inner contragent and one of 50 others.
 */
async function seedDocuments(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into contragents (name) select 'Bench contragent ' || i from generate_series(1, 50) as i`,
    );
    await client.query(
      `insert into documents (sorting_center_id, number, type_name, direction, document_date,
         sum_kopecks, state)
       select $1, 'BD-' || lpad(i::text, 6, '0'),
         (array['акт приёма-передачи', 'счёт-фактура', 'товарная накладная', 'акт сверки'])[1 + i % 4],
         case when i % 2 = 0 then 'in' else 'out' end,
         now() - (($2::int - i)::double precision / $2 * 365) * interval '1 day',
         (i * 7919) % 10000000,
         case when i % 50 = 0 then 7 else 1 + i % 3 end
       from generate_series(1, $2::int) as i`,
      [BENCH_WAREHOUSE_NUMBER, DOCUMENTS],
    );
    await client.query(
      `insert into document_contragents (document_id, contragent_id, type)
       select d.id, inner_c.id, 'inner' from documents d,
         (select id from contragents where sorting_center_id = $1 limit 1) inner_c
       where d.number like 'BD-%'`,
      [BENCH_WAREHOUSE_NUMBER],
    );
    await client.query(
      `insert into document_contragents (document_id, contragent_id, type)
       select d.id, (select min(id) from contragents where name like 'Bench contragent %')
         + d.id % 50, 'out'
       from documents d where d.number like 'BD-%'`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Seeds, starts a server on PostgreSQL and times the two calls. */
export async function runDocumentsBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<DocumentsResult> {
  const searches = options.quick ? 50 : 300;
  const signs = options.quick ? 50 : 300;
  const bench = await createBenchPostgres(options.serverUrl);
  try {
    await prepareBenchDatabase({ databaseUrl: bench.url }, { devices: 1, parcelsPerZone: 20 });
    options.log(`documents: seeding ${DOCUMENTS} documents over a year`);
    await seedDocuments(bench.url);
    const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
    try {
      const headers = await signInHeaders(server.url, WORKER_BADGE);
      // Every call of the document flow is a POST: each carries a new X-Operation-Id.
      const timed = <T>(path: string, body: unknown) =>
        timedCall<T>(server.url, headers, 'POST', path, body);

      const search = () =>
        timed<{ documentId: number; direction: string; state: number }[]>(
          DOCUMENTS_FLOW_ROUTES.search.path,
          {
            states: [1, 2],
            searchString: null,
            dateBegin: new Date(Date.now() - 6 * DAY_MS).toISOString(),
            dateEnd: new Date().toISOString(),
          },
        );
      for (let i = 0; i < 10; i += 1) await search();
      const searchMs: number[] = [];
      let searchRows = 0;
      for (let i = 0; i < searches; i += 1) {
        const { ms, value } = await search();
        searchMs.push(ms);
        searchRows = value.length;
      }

      // Incoming state-1 documents of the whole year, newest first, each signed once.
      const all = await timed<{ documentId: number; direction: string; state: number }[]>(
        DOCUMENTS_FLOW_ROUTES.search.path,
        {
          states: [1],
          dateBegin: new Date(Date.now() - 365 * DAY_MS).toISOString(),
          dateEnd: new Date().toISOString(),
        },
      );
      const signable = all.value.filter((document) => document.direction === 'in');
      const signMs: number[] = [];
      for (const document of signable.slice(0, signs)) {
        const path = fillPath(DOCUMENTS_FLOW_ROUTES.sign.path, {
          documentId: document.documentId,
        });
        const { ms } = await timed(path, undefined);
        signMs.push(ms);
      }
      return {
        documents: DOCUMENTS,
        searchRows,
        searchMs: percentiles(searchMs),
        signMs: percentiles(signMs),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}
