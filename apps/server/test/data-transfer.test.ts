import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import {
  DataTransferError,
  exportData,
  importData,
  type DataLine,
} from '../src/db/data-transfer.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, signInClient } from './sorting-client.js';
import { digestOf } from './table-digest.js';
import { createReopenableTestDatabase } from './test-database.js';
import { workflowDriver } from './workflow-client.js';

// `npm run data:export` / `data:import` (docs/OPERATIONS.md "Moving off the embedded
// database"): the demo and a morning's work leave one database and arrive in an empty one with
// every row and sequence equal. On PGlite (npm test) PGlite → PGlite; with DATABASE_URL (CI's
// PostgreSQL pass) PostgreSQL → PGlite → PostgreSQL, both ways.

/** The lines as the CLI writes and reads them: one JSON text each. */
async function exported(database: Database): Promise<DataLine[]> {
  const lines: string[] = [];
  await exportData(database.db, (line) => void lines.push(JSON.stringify(line)));
  return lines.map((text) => JSON.parse(text) as DataLine);
}

async function emptyPglite(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, dataDir: '' }, { inMemory: true });
  await database.migrate();
  return database;
}

describe('data export and import', () => {
  it('moves every row and sequence to an empty database and back; refuses a database with data', async () => {
    const context = await createSessionTestApp();
    const worker = await signInClient(context.app, BADGES.worker, () => 0);
    const flow = workflowDriver(worker, 'boxes-transit-picking-v2');
    const start = await flow.accept();
    const task = start.tasks.find((t) => t.title === 'OUT-0105')!;
    await flow.accept({ code: 'TaskSelected', taskId: task.taskId });
    await flow.scan('_34717-185');
    await flow.scan('_34717-186');
    const source = await digestOf(context.database.db);
    expect(source['public.shipment_units']).toBeDefined();
    const lines = await exported(context.database);
    expect(lines[0]).toMatchObject({ format: 'sorting-data', version: 1 });

    // Into an empty database of the other kind (PGlite here; PostgreSQL back below).
    const pglite = await emptyPglite();
    const other = await createReopenableTestDatabase();
    let back: Database | undefined;
    try {
      const done = await importData(pglite.db, lines);
      expect(done.rows).toBeGreaterThan(100);
      expect(await digestOf(pglite.db)).toEqual(source);

      // A database that holds data is refused, and keeps what it had.
      await expect(importData(context.database.db, lines)).rejects.toThrow(DataTransferError);
      expect(await digestOf(context.database.db)).toEqual(source);
      // A file under other migrations is refused before anything is written.
      const [header, ...rest] = lines;
      const older = { ...(header as object), migrations: ['0000'] } as DataLine;
      await expect(importData((await emptyPglite()).db, [older, ...rest])).rejects.toThrow(
        /migrations/,
      );

      // And on from PGlite into a new database (PostgreSQL with DATABASE_URL, else a folder).
      back = await other.open();
      await importData(back.db, await exported(pglite));
      expect(await digestOf(back.db)).toEqual(source);
    } finally {
      await back?.close();
      await other.drop();
      await pglite.close();
      await context.close();
    }
  });
});
