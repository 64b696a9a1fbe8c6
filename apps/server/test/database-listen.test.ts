import { sql } from 'drizzle-orm';
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

  it.runIf(isPostgres)(
    'holds no connection once stopped while waiting to listen again, so close() ends',
    async () => {
      // Its own pool (10 clients), so this test may fill and close it.
      const own = await openSameTestDatabase(database);
      const lost: Error[] = [];
      own.onBackgroundError((error) => lost.push(error));
      const stop = await own.listen('test_stop_race', () => {});
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let holding: Promise<unknown>[] = [];
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where query ilike 'LISTEN test_stop_race%' and pid <> pg_backend_pid()`,
        );
        // The listener lost its connection; before it tries again (1 s later) every client of
        // the pool is taken, so its new attempt waits for one.
        await eventually(async () => expect(lost.length).toBeGreaterThan(0));
        holding = Array.from({ length: 10 }, () =>
          own.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await gate;
          }),
        );
        await eventually(async () => expect(own.poolStats()?.waiting).toBe(1), 5_000);
        await stop();
      } finally {
        open();
        await Promise.all(holding);
        await admin.end();
      }
      // The attempt got a client after the stop: it must give it back, or close() (pool.end)
      // waits for it for ever, as a SIGTERM did until the force-kill.
      const closing = own.close().then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(resolve, 3_000, 'still open'));
      expect(await Promise.race([closing, late])).toBe('closed');
    },
  );
});
