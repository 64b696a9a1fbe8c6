// The floor under the write bench's cycle (docs/PERFORMANCE.md "The floor"): a bare Fastify
// server whose three calls (scan, suggest, move) are each ONE prepared statement on the same
// PostgreSQL (the move an autocommit update with its event row), with no session, no rules and
// no idempotency, driven by the bench's own HTTP client. Run beside the real server and
// pgbench, it shows how much of the pgbench ratio the machine leaves to any server at all.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { postJson } from './http-client.js';

/** Serves the floor's three calls until killed; prints `listening <url>` (child process). */
export async function serveFloor(databaseUrl: string): Promise<void> {
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

/** The floor's tables: a zone per device, 100 cells each, `parcelsPerDevice` parcels each. */
export async function prepareFloor(
  databaseUrl: string,
  devices: number,
  parcelsPerDevice: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      create table floor_parcels (id serial primary key, number text unique not null,
        zone int not null, cell int);
      create table floor_cells (id serial primary key, zone int not null);
      create index on floor_cells (zone);
      create table floor_events (id bigserial primary key, parcel int not null,
        cell int not null, at timestamptz not null default now());
      insert into floor_cells (zone) select z from generate_series(1, ${devices}) z,
        generate_series(1, 100);
      insert into floor_parcels (number, zone) select 'F' || z || '-' || i, z
        from generate_series(1, ${devices}) z, generate_series(1, ${parcelsPerDevice}) i;
      analyze;`);
  } finally {
    await client.end();
  }
}

export interface FloorServer {
  url: string;
  /** Cycles per second of `devices` devices for `seconds`, each on its next parcels. */
  drive: (seconds: number) => Promise<number>;
  stop: () => void;
}

/** Starts the floor server as a process of its own on a database prepared by prepareFloor. */
export async function startFloorServer(
  databaseUrl: string,
  devices: number,
  parcelsPerDevice: number,
): Promise<FloorServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./floor.ts', import.meta.url)),
      'serve',
      databaseUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
  });
  const next = new Array<number>(devices).fill(1);
  return {
    url,
    drive: async (seconds) => {
      let cycles = 0;
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: devices }, async (_, device) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          const zone = device + 1;
          while (performance.now() < deadline) {
            const index = next[device] ?? 1;
            next[device] = (index % parcelsPerDevice) + 1;
            const scan = await postJson(agent, url, '/scan', { barcode: `F${zone}-${index}` }, {});
            const parcel = scan.body.OperationObject as { id: number };
            const suggest = await postJson(agent, url, '/suggest', { zone }, {});
            const [cell] = suggest.body.OperationObject as Array<{ id: number }>;
            await postJson(agent, url, '/move', { parcelId: parcel.id, cellId: cell?.id }, {});
            cycles += 1;
          }
          agent.destroy();
        }),
      );
      return cycles / seconds;
    },
    stop: () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}
