// `node --import tsx bench/floor.ts`: the floor alone (bench/floor-server.ts), 32 devices, three
// pairs of 15 s runs and pgbench back to back. `npm run bench` runs the same floor beside the
// real server in its write phase. A development aid.
import { createBenchPostgres } from './bench-database.js';
import { prepareFloor, serveFloor, startFloorServer } from './floor-server.js';
import { ensurePgbench, initPgbench, runPgbench } from './pgbench.js';

const DEVICES = 32;
const SECONDS = 15;
const PARCELS_PER_DEVICE = 20_000;

if (process.argv[2] === 'serve') {
  await serveFloor(process.argv[3] ?? '');
} else {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const floor = await createBenchPostgres(serverUrl, 'sorting_floor');
  const pgb = await createBenchPostgres(serverUrl, 'sorting_floor_pgbench');
  let server: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    await prepareFloor(floor.url, DEVICES, PARCELS_PER_DEVICE);
    await ensurePgbench(console.log);
    await initPgbench(pgb.url, 10);
    server = await startFloorServer(floor.url, DEVICES, PARCELS_PER_DEVICE);
    for (let pair = 1; pair <= 3; pair += 1) {
      const cyclesPerSecond = await server.drive(SECONDS);
      const tps = await runPgbench(pgb.url, { clients: 8, threads: 2, seconds: 20 });
      console.log(
        `pair ${pair}: ${Math.round(cyclesPerSecond)} cycles/s, pgbench ${Math.round(tps)} tps, ratio ${(cyclesPerSecond / tps).toFixed(2)}`,
      );
    }
  } finally {
    server?.stop();
    await floor.drop();
    await pgb.drop();
  }
}
