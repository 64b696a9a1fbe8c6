import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { createTestConfig } from './helpers.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, signInClient } from './sorting-client.js';
import { digestWith } from './table-digest.js';
import { testDatabaseUrlOf } from './test-database.js';
import { workflowDriver } from './workflow-client.js';

// Backup and restore with PostgreSQL's own tools (docs/OPERATIONS.md "Backups"): a database
// with the demo and a morning's work is dumped with `pg_dump -Fc`, wiped, restored with
// `pg_restore` into an empty database, and compared table by table (row count and a checksum of
// every row, the migrations' own table and every sequence included); the server then runs on
// the restored database. PostgreSQL only (DATABASE_URL, as CI's integration pass runs it).

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;

function hasCommand(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = ['pg_dump', 'pg_restore'].filter((command) => !hasCommand(command));
const skipReason = !serverUrl
  ? 'backup and restore run on PostgreSQL only: set DATABASE_URL'
  : missing.length > 0
    ? `backup and restore need ${missing.join(', ')} (Debian: postgresql-client)`
    : null;
if (skipReason) console.warn(`backup-restore.test.ts skipped: ${skipReason}`);

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The digest of a database by URL (table-digest.ts), in UTC. */
async function digestAt(url: string): Promise<Record<string, string>> {
  return onDatabase(url, async (client) => {
    await client.query(`set timezone to 'UTC'`);
    return digestWith(async <T>(text: string) => (await client.query(text)).rows as T[]);
  });
}

const dropAfter: string[] = [];
afterAll(async () => {
  for (const name of dropAfter) {
    await onDatabase(serverUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
});

describe.skipIf(skipReason !== null)('backup and restore (pg_dump -Fc, pg_restore)', () => {
  it('restores every row and sequence of a working database; the server runs on the copy', async () => {
    // The demo and a morning's work: a transit task picked box by box (units, moves, events).
    const context = await createSessionTestApp();
    const worker = await signInClient(context.app, BADGES.worker, () => 0);
    const flow = workflowDriver(worker, 'boxes-transit-picking-v2');
    const start = await flow.accept();
    const task = start.tasks.find((t) => t.title === 'OUT-0105')!;
    await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    const picked = await flow.scan('_34717-185');
    await flow.scan('_34717-187');
    const sourceUrl = testDatabaseUrlOf(context.database);
    const before = await digestAt(sourceUrl);
    expect(before['public.events']).not.toMatch(/^0 rows/);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sorting-backup-'));
    const dump = path.join(folder, 'sorting.dump');
    await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, sourceUrl]);
    // Wiped: the test database is dropped with the app.
    await context.close();

    const name = `sorting_restore_${randomBytes(6).toString('hex')}`;
    dropAfter.push(name);
    await onDatabase(serverUrl!, (c) => c.query(`create database ${name}`));
    const restoredUrl = new URL(serverUrl!);
    restoredUrl.pathname = `/${name}`;
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredUrl.toString(), dump]);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(await digestAt(restoredUrl.toString())).toEqual(before);

    // The server on the copy: migrations find nothing to do, the run resumes where it stood.
    const database = await openDatabase({ databaseUrl: restoredUrl.toString(), dataDir: '' });
    await database.migrate();
    const app = await buildApp({ config: createTestConfig(), database, now: context.clock.now });
    try {
      const again = await signInClient(app, BADGES.worker, () => 0);
      const resumed = await workflowDriver(again, 'boxes-transit-picking-v2').accept();
      expect(resumed.currentState.runId).toBe(picked.currentState.runId);
      expect(resumed.currentState.version).toBe(picked.currentState.version + 1);
      expect(resumed.items.filter((i) => i.state === 'done').map((i) => i.barcode)).toEqual([
        '_34717-185',
        '_34717-187',
      ]);
    } finally {
      await app.close();
    }
  });
});
