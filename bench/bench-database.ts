import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';
import { seedDemoData } from '../apps/server/src/db/seed.js';

/** The demo sorting centre the bench seeds into (apps/server/src/db/demo-data.ts). */
export const BENCH_WAREHOUSE_NUMBER = 34717;
/** Bench zones are numbered from here, one per simulated device. */
export const BENCH_FIRST_ZONE = 101;

export interface BenchSeed {
  /** Devices = bench users = bench zones. */
  devices: number;
  parcelsPerZone: number;
}

/** Badge barcode of bench user `index` (spec part 1 §4: a user barcode starts with ~). */
export function benchBadge(index: number): string {
  return `~BENCH-${index}`;
}

/** Barcode of parcel `index` of bench zone `zoneNumber`: recognised as a parcel (§4 rule 8). */
export function benchParcel(zoneNumber: number, index: number): string {
  return `BP${zoneNumber}-${String(index).padStart(6, '0')}`;
}

/**
 * The demo data plus, in bulk, one user, one SITO zone, its cells and its parcels per device.
 * Every parcel of a zone shares one sorting key, so a device fills a box, the box closes at
 * BOX_CAPACITY and the next parcel opens a box in the next empty cell — the everyday cycle.
 */
export async function seedBench(database: Database, seed: BenchSeed): Promise<void> {
  await seedDemoData(database.db);
  const cols = Math.ceil(seed.parcelsPerZone / 20 / 26) + 2;
  const lastZone = BENCH_FIRST_ZONE + seed.devices - 1;
  const statements = [
    sql`insert into users (number, name, badge_token_hash, default_warehouse_number, sorting_center_id)
      select 900000 + i, 'Bench ' || i,
        encode(sha256(convert_to('~BENCH-' || i, 'UTF8')), 'hex'), w.number, w.sorting_center_id
      from generate_series(1, ${seed.devices}::int) as i, warehouses w
      where w.number = ${BENCH_WAREHOUSE_NUMBER}::int`,
    sql`insert into zones (warehouse_id, number, name, type, barcode)
      select w.id, z, 'Bench ' || z, 'SITO', '%Z' || w.number || '-' || z
      from generate_series(${BENCH_FIRST_ZONE}::int, ${lastZone}::int) as z, warehouses w
      where w.number = ${BENCH_WAREHOUSE_NUMBER}::int`,
    sql`insert into cells (warehouse_id, zone_id, number, name, row, col, barcode)
      select z.warehouse_id, z.id, r * 1000 + c,
        z.number || '-' || chr(96 + r) || '-' || lpad(c::text, 2, '0'), chr(96 + r), c,
        '=' || ${BENCH_WAREHOUSE_NUMBER}::int || '-' || z.number || '-' || chr(96 + r) || '-' || lpad(c::text, 2, '0')
      from zones z, generate_series(1, 26) as r, generate_series(1, ${cols}::int) as c
      where z.number between ${BENCH_FIRST_ZONE}::int and ${lastZone}::int
        and z.warehouse_id = (select id from warehouses where number = ${BENCH_WAREHOUSE_NUMBER}::int)`,
    sql`insert into parcels (warehouse_id, number, name, sorting_key, sorting_name)
      select w.id, 'BP' || z || '-' || lpad(i::text, 6, '0'), 'Bench parcel', 'BENCH-' || z, 'Bench ' || z
      from warehouses w, generate_series(${BENCH_FIRST_ZONE}::int, ${lastZone}::int) as z,
        generate_series(1, ${seed.parcelsPerZone}::int) as i
      where w.number = ${BENCH_WAREHOUSE_NUMBER}::int`,
    sql`analyze`,
  ];
  for (const statement of statements) await database.db.execute(statement);
}

/** Drops of the bench databases not dropped yet: an interrupted bench still cleans up. */
export const pendingDrops = new Set<() => Promise<void>>();

/** A new database `sorting_bench_<random>` on the PostgreSQL server, dropped by `drop`. */
export async function createBenchPostgres(
  serverUrl: string,
  prefix = 'sorting_bench',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    pendingDrops.delete(drop);
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
  pendingDrops.add(drop);
  return { url: url.toString(), drop };
}

/** Migrates and seeds a database the server will then open (PostgreSQL URL or PGlite folder). */
export async function prepareBenchDatabase(
  target: { databaseUrl: string } | { dataDir: string },
  seed: BenchSeed,
): Promise<void> {
  const database =
    'databaseUrl' in target
      ? await openDatabase({ databaseUrl: target.databaseUrl, dataDir: '' })
      : await openDatabase({ databaseUrl: null, dataDir: target.dataDir }, { purpose: 'bench' });
  try {
    await database.migrate();
    await seedBench(database, seed);
  } finally {
    await database.close();
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
