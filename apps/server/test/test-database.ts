import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';

/**
 * A fresh, migrated database for one test file (conventions §11: tests run on a real
 * database). Without DATABASE_URL: PGlite in memory. With DATABASE_URL: a new database
 * `sorting_test_<random>` on that server, dropped on close, so parallel runs never collide.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase(
      { databaseUrl: null, dataDir: '' },
      { inMemory: true, fromDump: readMigratedDump() },
    );
    // Applies what the dump lacks (nothing, unless a migration was added since the run began).
    await database.migrate();
    return database;
  }

  const name = `sorting_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await database.migrate();
  } catch (error) {
    await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  let closing: Promise<void> | undefined;
  const opened: Database = {
    ...database,
    close: () =>
      (closing ??= database
        .close()
        .then(() => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`))),
  };
  testDatabaseUrls.set(opened, url.toString());
  return opened;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite data folder (pglite-dump.global-setup.ts); '' on PostgreSQL. */
    pgliteDumpFile: string;
  }
}

let migratedDump: Blob | undefined;

/**
 * The migrated PGlite folder pglite-dump.global-setup.ts made for this run, read once per test
 * file; undefined where no global setup ran (an empty cluster is migrated instead).
 */
function readMigratedDump(): Blob | undefined {
  if (migratedDump) return migratedDump;
  const file = inject('pgliteDumpFile');
  if (!file) return undefined;
  migratedDump = new Blob([fs.readFileSync(file)]);
  return migratedDump;
}

const testDatabaseUrls = new WeakMap<Database, string>();

/** The URL of a test database on PostgreSQL (throws on PGlite). */
export function testDatabaseUrlOf(database: Database): string {
  const url = testDatabaseUrls.get(database);
  if (url === undefined) throw new Error('not a PostgreSQL test database');
  return url;
}

/**
 * A second, independent connection to a test database, as a second server process has: on
 * PostgreSQL its own pool (and LISTEN client); on PGlite, which allows one process per
 * database, the same in-memory instance (its close does nothing; close the first one).
 */
export async function openSameTestDatabase(database: Database): Promise<Database> {
  const url = testDatabaseUrls.get(database);
  if (url === undefined) return { ...database, close: async () => {} };
  return openDatabase({ databaseUrl: url, dataDir: '' });
}

async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database that survives closing: a PGlite folder, or (with DATABASE_URL) a new database
 * on that server. `open` opens and migrates it again; `drop` removes it. For tests that close
 * and reopen the database between calls, as a crash and restart would.
 */
export async function createReopenableTestDatabase(): Promise<{
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorting-reopen-'));
    return {
      open: async () => {
        const database = await openDatabase({ databaseUrl: null, dataDir }, { purpose: 'test' });
        await database.migrate();
        return database;
      },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `sorting_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => {
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await database.migrate();
      return database;
    },
    drop: () => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
