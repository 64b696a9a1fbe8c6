import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import {
  LKD_TOKEN_COOKIE,
  OPERATION_ID_HEADER,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  SESSION_COOKIE,
} from '@sorting/contracts';
import { openDatabase, type Database, type Db } from '../../src/db/database.js';
import { DEMO_SORTING_CENTER } from '../../src/db/demo-data.js';
import { parcels, warehouses } from '../../src/db/schema.js';
import { seedDemoData } from '../../src/db/seed.js';
import { TcpProxy } from './tcp-proxy.js';

/** The repository root: the server child runs apps/server/src/main.ts from there. */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * A database a server child process can open by itself: a new PostgreSQL database when
 * DATABASE_URL is set, else a PGlite DATA_DIR. `env` is what the child gets.
 */
export interface ChildDatabase {
  env: Record<string, string>;
  /** The database URL (PostgreSQL) or null (PGlite). */
  url: string | null;
  /** Opens it in this process (never while a PGlite child runs on it). */
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

export async function createChildDatabase(): Promise<ChildDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorting-faults-'));
    return {
      env: { DATA_DIR: dataDir },
      url: null,
      open: () => openDatabase({ databaseUrl: null, dataDir }, { purpose: 'the fault test' }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `sorting_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorting-faults-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    url: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: '' }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A bench-like seed: `count` extra parcels of the demo sorting centre numbered
 * `<prefix>000001…`, spread over `keys` sorting keys, none in a box yet.
 */
export async function seedExtraParcels(
  db: Db,
  options: { count: number; prefix: string; keys?: number },
): Promise<string[]> {
  const [sc] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.number, DEMO_SORTING_CENTER.number));
  if (!sc) throw new Error('demo sorting centre missing: seed the demo first');
  const keys = options.keys ?? 5;
  const numbers = Array.from(
    { length: options.count },
    (_, index) => `${options.prefix}${String(index + 1).padStart(6, '0')}`,
  );
  for (let start = 0; start < numbers.length; start += 500) {
    await db.insert(parcels).values(
      numbers.slice(start, start + 500).map((number, offset) => {
        const key = `FAULT-${(start + offset) % keys}`;
        return {
          warehouseId: sc.id,
          number,
          name: `Fault test parcel ${number}`,
          sortingKey: key,
          sortingName: key,
        };
      }),
    );
  }
  return numbers;
}

/** Migrates, seeds the demo and the extra parcels, then closes (so a child may open it). */
export async function prepareChildDatabase(
  store: ChildDatabase,
  extra: { count: number; prefix: string; keys?: number },
): Promise<string[]> {
  const database = await store.open();
  try {
    await database.migrate();
    await seedDemoData(database.db);
    return await seedExtraParcels(database.db, extra);
  } finally {
    await database.close();
  }
}

/** A server child process: `node --import tsx apps/server/src/main.ts`. */
export interface ServerChild {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

/** Starts main.ts on a free port; resolves once it listens. */
export function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STRICT_CONTRACT: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sorting is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/**
 * A child database with the demo and `extra` parcels, and a server child that reaches it only
 * through a TCP proxy, so a test can reset and refuse its connections without stopping the
 * machine's PostgreSQL (the database-loss and crash tests).
 */
export async function startServerBehindProxy(extra: {
  count: number;
  prefix: string;
  keys?: number;
}): Promise<{ store: ChildDatabase; proxy: TcpProxy; server: ServerChild; numbers: string[] }> {
  const store = await createChildDatabase();
  const numbers = await prepareChildDatabase(store, extra);
  const target = new URL(store.url!);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const port = await proxy.listen();
  const viaProxy = new URL(store.url!);
  viaProxy.host = `127.0.0.1:${port}`;
  const server = await startServerChild({ ...store.env, DATABASE_URL: viaProxy.toString() });
  return { store, proxy, server, numbers };
}

/** SIGKILLs every child still running (afterAll). */
export function killServerChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** An answer over real HTTP: status and parsed JSON (null when the body is not JSON). */
export interface HttpAnswer {
  status: number;
  body: Record<string, unknown> | null;
  text: string;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in device talking to a server over real HTTP, as the web app does. */
export class HttpDevice {
  baseUrl: string;
  token: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Badge sign-in (lkdToken cookie → users/search); throws when refused. */
  async signIn(badge: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/auth-api/users/search`, {
      method: 'POST',
      headers: {
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        cookie: `${LKD_TOKEN_COOKIE}=${encodeURIComponent(badge)}`,
      },
    });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    const value = cookie?.split(';', 1)[0]?.slice(SESSION_COOKIE.length + 1);
    if (!value) throw new Error(`sign-in with ${badge} refused: ${await response.text()}`);
    this.token = value;
  }

  async call(
    method: Method,
    url: string,
    payload?: unknown,
    operationId?: string,
    signal?: AbortSignal,
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
    if (this.token) headers.cookie = `${SESSION_COOKIE}=${this.token}`;
    if (operationId) headers[OPERATION_ID_HEADER] = operationId;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    let body: Record<string, unknown> | null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: response.status, body, text, headers: response.headers };
  }
}

export function newOperationId(): string {
  return randomUUID();
}

/** Waits until `check` holds, polling every `everyMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Rows of a raw statement on either driver: node-postgres answers `{ rows }`, PGlite's
 * drizzle driver too; the shared Db type leaves the result unknown.
 */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Row counts of every table but sessions and sign-in attempts: what a refused call must keep. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const names = await selectRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'sign_in_attempts') order by 1`,
  );
  const union = names
    .map(({ table_name: name }) => `select '${name}' as t, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const rows = await selectRows<{ t: string; n: number }>(db, sql.raw(union));
  return Object.fromEntries(rows.map((row) => [row.t, row.n]));
}
