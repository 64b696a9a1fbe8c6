import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { eventually } from './printing-hub-clients.js';
import { createTestDatabase, openSameTestDatabase } from './test-database.js';

// Database.listen / notify carry the printing hub's events between server processes.

const isPostgres = Boolean(process.env.DATABASE_URL);
let database: Database;
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await openSameTestDatabase(database);
});

afterAll(async () => {
  await other?.close();
  await database?.close();
});

describe('LISTEN/NOTIFY', () => {
  it('delivers a notification to listeners on this and another connection until they stop', async () => {
    const here: string[] = [];
    const there: string[] = [];
    const stopHere = await database.listen('test_channel', (payload) => here.push(payload));
    const stopThere = await other.listen('test_channel', (payload) => there.push(payload));
    await database.notify('test_channel', 'first');
    await eventually(async () => {
      expect(here).toEqual(['first']);
      expect(there).toEqual(['first']);
    });

    await stopThere();
    await other.notify('test_channel', 'second');
    await eventually(async () => expect(here).toEqual(['first', 'second']));
    expect(there).toEqual(['first']);
    await stopHere();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(database.listen('bad; drop table users', () => {})).rejects.toThrow(/channel/);
  });

  it.runIf(isPostgres)('listens again after its connection was killed', async () => {
    const received: string[] = [];
    const errors: Error[] = [];
    database.onBackgroundError((error) => errors.push(error));
    const stop = await database.listen('test_relisten', (payload) => received.push(payload));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where query ilike 'LISTEN test_relisten%' and pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.end();
    }
    await eventually(async () => expect(errors.length).toBeGreaterThan(0));
    await eventually(async () => {
      await database.notify('test_relisten', 'after');
      expect(received).toContain('after');
    }, 10_000);
    await stop();
  });
});
