import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

/** The one database type of the server: PGlite and node-postgres both fit it (stack.md). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with its lifecycle. */
export interface Database {
  readonly db: Db;
  readonly kind: DatabaseKind;
  /** Applies the SQL migrations of apps/server/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  /** Errors of idle connections (postgres) go here instead of crashing the process. */
  onBackgroundError(listener: (error: Error) => void): void;
  /** Closes the connections (and releases the PGlite folder); safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite in memory, no folder: for tests. Ignored when a databaseUrl is configured. */
  inMemory?: boolean;
  /** Who holds the PGlite folder, named when another process is refused. */
  purpose?: string;
}

/** Drizzle's generated SQL, committed beside the package. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Session-level advisory lock around migrations on a shared PostgreSQL, so several server
 * processes may start at once (architecture: N stateless processes over one database).
 * The number is arbitrary but fixed for this application.
 */
const MIGRATION_LOCK_KEY = 3471701;

/** The PGlite folder inside DATA_DIR and the lock file beside it. */
export function pglitePaths(dataDir: string): { folder: string; lockFile: string } {
  return { folder: path.join(dataDir, 'pglite'), lockFile: path.join(dataDir, 'pglite.lock') };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}

async function openPglite(dataDir: string | null, purpose: string): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create();
  } else {
    const { folder, lockFile } = pglitePaths(dataDir);
    fs.mkdirSync(folder, { recursive: true });
    release = acquireDataDirLock(lockFile, purpose);
    try {
      client = await PGlite.create(folder);
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    onBackgroundError: () => {},
    close: once(async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    }),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const listeners: ((error: Error) => void)[] = [];
  // Without a listener an idle client's error would be an unhandled 'error' event.
  pool.on('error', (error) => listeners.forEach((listener) => listener(error)));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client: connection }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    onBackgroundError: (listener) => {
      listeners.push(listener);
    },
    close: once(() => pool.end()),
  };
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in
 * `<DATA_DIR>/pglite` (created if missing; refused with DatabaseBusyError while another
 * process holds it) or in memory when asked.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(options.inMemory ? null : config.dataDir, options.purpose ?? 'the server');
}
