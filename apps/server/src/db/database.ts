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
import { onFirstUse } from './first-use.js';
import { drizzlePool } from './pool-database.js';
import { PreparingClient, UnpreparedClient } from './preparing-client.js';
import * as schema from './schema.js';

/** The one database type of the server: PGlite and node-postgres both fit it (stack.md). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The PostgreSQL pool's clients at one moment: `total` connections, `idle` ones, requests
 * `waiting` for a client, and those `listening` (held by LISTEN). A client neither idle nor
 * listening is checked out by a request; with no request running there are none.
 */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  listening: number;
}

/** An open database with its lifecycle. */
export interface Database {
  readonly db: Db;
  readonly kind: DatabaseKind;
  /** Applies the SQL migrations of apps/server/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  /** Errors of idle connections (postgres) go here instead of crashing the process. */
  onBackgroundError(listener: (error: Error) => void): void;
  /**
   * PostgreSQL LISTEN on a channel (a lowercase identifier we own): the handler gets every
   * NOTIFY payload, also those this process sent. Resolves once listening; the returned
   * function stops it. On PostgreSQL it holds one pool client, re-established after a lost
   * connection (notifications sent meanwhile are lost).
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY on a channel; delivered to every listener of every process on this database. */
  notify(channel: string, payload: string): Promise<void>;
  /** The pool's clients (PostgreSQL); null on PGlite, which has no pool. */
  poolStats(): PoolStats | null;
  /** Closes the connections (and releases the PGlite folder); safe to call twice. */
  close(): Promise<void>;
}

/** A channel name is interpolated into LISTEN, so only plain identifiers are accepted. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
}

/** Delay before a lost PostgreSQL listening connection is tried again. */
const RELISTEN_DELAY_MS = 1_000;

export interface OpenDatabaseOptions {
  /** PGlite in memory, no folder: for tests. Ignored when a databaseUrl is configured. */
  inMemory?: boolean;
  /**
   * With `inMemory`: start from this dump of a PGlite data folder (`dumpDataDir`) instead of an
   * empty cluster. A test file then skips PGlite's initdb and the migrations already in the dump
   * (~2 s each; docs/DECISIONS.md "Tooling").
   */
  fromDump?: Blob;
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

async function openPglite(
  dataDir: string | null,
  purpose: string,
  fromDump?: Blob,
): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create(fromDump ? { loadDataDir: fromDump } : {});
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
    listen: async (channel, handler) => {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => null,
    close: onFirstUse(async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    }),
  };
}

/**
 * A dedicated pool client that LISTENs on a channel; when its connection breaks it is
 * released as broken and a new one listens again after RELISTEN_DELAY_MS.
 */
function listenOnPool(
  pool: pg.Pool,
  channel: string,
  handler: (payload: string) => void,
  reportError: (error: Error) => void,
): { started: Promise<void>; stop: () => Promise<void>; isHolding: () => boolean } {
  let isStopped = false;
  let current: { client: pg.PoolClient; release: (error?: Error) => void } | null = null;
  let retry: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) handler(message.payload ?? '');
  };

  const scheduleRetry = () => {
    if (isStopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        reportError(error as Error);
        scheduleRetry();
      });
    }, RELISTEN_DELAY_MS);
  };

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    if (isStopped) {
      client.release();
      return;
    }
    let isReleased = false;
    const release = (error?: Error) => {
      if (isReleased) return;
      isReleased = true;
      client.off('notification', onNotification);
      client.release(error);
    };
    // Stays attached until the end: a broken connection is released as broken, never an
    // unhandled 'error' event.
    client.on('error', (error) => {
      if (isReleased) return;
      reportError(error);
      release(error);
      if (current?.client === client) current = null;
      scheduleRetry();
    });
    client.on('notification', onNotification);
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      release(error as Error);
      throw error;
    }
    // Stopped while LISTEN was on its way: stop() found no client to give back, so this one
    // goes now (as broken: it still listens), or pool.end() would wait for it for ever.
    if (isStopped) {
      release(new Error(`stopped listening on ${channel}`));
      return;
    }
    current = { client, release };
  };

  return {
    started: connect(),
    isHolding: () => current !== null,
    stop: async () => {
      isStopped = true;
      if (retry) clearTimeout(retry);
      if (!current) return;
      const { client, release } = current;
      current = null;
      try {
        await client.query(`UNLISTEN ${channel}`);
        release();
      } catch (error) {
        release(error as Error);
      }
    },
  };
}

async function openPostgres(connectionString: string, prepare: boolean): Promise<Database> {
  // A connection attempt that hangs (a database host gone silent) fails after 5 s with a
  // retryable 503 instead of holding the request forever.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    Client: prepare ? PreparingClient : UnpreparedClient,
  });
  const listeners: ((error: Error) => void)[] = [];
  // Without a listener an idle client's error would be an unhandled 'error' event.
  pool.on('error', (error) => listeners.forEach((listener) => listener(error)));
  // A client checked out of the pool (inside a transaction, between two statements) has no
  // listener of the pool's: a connection lost then would be an unhandled 'error' event and
  // end the process. Its statement fails anyway (a retryable 503) and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', (error) => listeners.forEach((listener) => listener(error)));
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePool(pool, schema);
  const listenings = new Set<ReturnType<typeof listenOnPool>>();
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
    listen: async (channel, handler) => {
      assertChannel(channel);
      const listening = listenOnPool(pool, channel, handler, (error) =>
        listeners.forEach((listener) => listener(error)),
      );
      listenings.add(listening);
      await listening.started;
      return async () => {
        listenings.delete(listening);
        await listening.stop();
      };
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      listening: [...listenings].filter((listening) => listening.isHolding()).length,
    }),
    close: onFirstUse(async () => {
      // A listening client is checked out of the pool; end() would wait for it forever.
      await Promise.all([...listenings].map((listening) => listening.stop()));
      await pool.end();
    }),
  };
}

/**
 * A PGlite data folder migrated to the current schema, as a tarball: what `fromDump` loads
 * (the test run makes it once; docs/DECISIONS.md "Tooling").
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in
 * `<DATA_DIR>/pglite` (created if missing; refused with DatabaseBusyError while another
 * process holds it) or in memory when asked.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<Config, 'databasePreparedStatements'>>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, config.databasePreparedStatements ?? true);
  }
  return options.inMemory
    ? openPglite(null, options.purpose ?? 'the server', options.fromDump)
    : openPglite(config.dataDir, options.purpose ?? 'the server');
}
