import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.js';

/**
 * A fresh, migrated database for one test file (conventions §11: tests run on a real
 * database). Without DATABASE_URL: PGlite in memory. With DATABASE_URL: a new database
 * `sorting_test_<random>` on that server, dropped on close, so parallel runs never collide.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: null, dataDir: '' }, { inMemory: true });
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
  return {
    ...database,
    close: () =>
      (closing ??= database
        .close()
        .then(() => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`))),
  };
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
