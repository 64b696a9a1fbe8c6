// `node --import tsx bench/floor.ts`: the floor under the write bench's cycle. A bare Fastify
// server whose three calls (scan, suggest, move) are each ONE prepared statement on the same
// PostgreSQL (the move an autocommit update with its event row), no session, no rules, driven
// by the bench's own load generator (32 devices), then pgbench back to back. It measures the
// cost of the three HTTP exchanges and three statements alone (docs/PERFORMANCE.md "Targets
// missed"). A development aid, not part of `npm run bench`.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { createBenchPostgres } from './bench-database.js';
import { postJson } from './http-client.js';
import { ensurePgbench, initPgbench, runPgbench } from './pgbench.js';

const DEVICES = 32;
const SECONDS = 15;
const PARCELS_PER_DEVICE = 20_000;

async function serve(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  const one = async (name: string, text: string, values: unknown[]) =>
    (await pool.query({ name, text, values })).rows;
  app.post('/scan', async (request) => {
    const { barcode } = request.body as { barcode: string };
    const [parcel] = await one('scan', 'select id, zone from floor_parcels where number = $1', [
      barcode,
    ]);
    return { IsSuccess: true, OperationObject: parcel };
  });
  app.post('/suggest', async (request) => {
    const { zone } = request.body as { zone: number };
    const cells = await one(
      'suggest',
      'select id from floor_cells where zone = $1 order by id limit 5',
      [zone],
    );
    return { IsSuccess: true, OperationObject: cells };
  });
  app.post('/move', async (request) => {
    const { parcelId, cellId } = request.body as { parcelId: number; cellId: number };
    await one(
      'move',
      `with moved as (update floor_parcels set cell = $2 where id = $1 returning id)
       insert into floor_events (parcel, cell) select id, $2 from moved`,
      [parcelId, cellId],
    );
    return { IsSuccess: true, OperationObject: { parcelId, cellId } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${url}\n`);
}

async function prepare(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`
    create table floor_parcels (id serial primary key, number text unique not null,
      zone int not null, cell int);
    create table floor_cells (id serial primary key, zone int not null);
    create index on floor_cells (zone);
    create table floor_events (id bigserial primary key, parcel int not null, cell int not null,
      at timestamptz not null default now());
    insert into floor_cells (zone) select z from generate_series(1, ${DEVICES}) z,
      generate_series(1, 100);
    insert into floor_parcels (number, zone) select 'F' || z || '-' || i, z
      from generate_series(1, ${DEVICES}) z, generate_series(1, ${PARCELS_PER_DEVICE}) i;
    analyze;`);
  await client.end();
}

async function drive(baseUrl: string): Promise<number> {
  let cycles = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: DEVICES }, async (_, device) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 1; performance.now() < deadline; i += 1) {
        const zone = device + 1;
        const scan = await postJson(agent, baseUrl, '/scan', { barcode: `F${zone}-${i}` }, {});
        const parcel = scan.body.OperationObject as { id: number };
        const suggest = await postJson(agent, baseUrl, '/suggest', { zone }, {});
        const [cell] = suggest.body.OperationObject as Array<{ id: number }>;
        await postJson(agent, baseUrl, '/move', { parcelId: parcel.id, cellId: cell?.id }, {});
        cycles += 1;
      }
      agent.destroy();
    }),
  );
  return cycles / SECONDS;
}

if (process.argv[2] === 'serve') {
  await serve(process.argv[3] ?? '');
} else {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const floor = await createBenchPostgres(serverUrl, 'sorting_floor');
  const pgb = await createBenchPostgres(serverUrl, 'sorting_floor_pgbench');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', floor.url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await prepare(floor.url);
    await ensurePgbench(console.log);
    await initPgbench(pgb.url, 10);
    const baseUrl = await new Promise<string>((resolve) =>
      child.stdout?.on('data', (chunk: Buffer) => {
        const match = /listening (\S+)/.exec(chunk.toString());
        if (match?.[1]) resolve(match[1]);
      }),
    );
    for (let pair = 1; pair <= 3; pair += 1) {
      const cyclesPerSecond = await drive(baseUrl);
      const tps = await runPgbench(pgb.url, { clients: 8, threads: 2, seconds: 20 });
      console.log(
        `pair ${pair}: ${Math.round(cyclesPerSecond)} cycles/s, pgbench ${Math.round(tps)} tps, ratio ${(cyclesPerSecond / tps).toFixed(2)}`,
      );
    }
  } finally {
    child.kill();
    await floor.drop();
    await pgb.drop();
  }
}
