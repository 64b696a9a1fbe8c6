import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { statementName } from '../src/db/preparing-client.js';
import { createAuthRepository } from '../src/modules/auth/auth.repository.js';
import { createTestDatabase, testDatabaseUrlOf } from './test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('statement names', () => {
  it('names a text the same way every time, and two texts differently', () => {
    const text = `select $1::int as n -- ${Math.random()}`;
    expect(statementName(text)).toMatch(/^q_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(`${text} `)).not.toBe(statementName(text));
  });
});

describe.runIf(onPostgres)('prepared statements on PostgreSQL', () => {
  let database: Database;
  let unprepared: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    unprepared = await openDatabase({
      databaseUrl: testDatabaseUrlOf(database),
      dataDir: '',
      databasePreparedStatements: false,
    });
  });

  afterAll(async () => {
    await unprepared?.close();
    await database?.close();
  });

  /** Runs a parameterised statement three times on one connection; its prepared statements. */
  async function preparedAfterRepeats(target: Database, marker: string) {
    return target.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (let i = 1; i <= 3; i += 1) {
        const result = await tx.execute(
          sql`select ${i}::int * 2 as doubled, ${marker}::text as ${sql.raw(marker)}`,
        );
        answers.push((result as unknown as { rows: unknown[] }).rows[0]);
      }
      const prepared = await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
      );
      return { answers, prepared: (prepared as unknown as { rows: unknown[] }).rows };
    });
  }

  it('sends a repeated statement with parameters as one named prepared statement', async () => {
    const { answers, prepared } = await preparedAfterRepeats(database, 'marker_on');
    expect(answers).toEqual([
      { doubled: 2, marker_on: 'marker_on' },
      { doubled: 4, marker_on: 'marker_on' },
      { doubled: 6, marker_on: 'marker_on' },
    ]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toMatchObject({ name: expect.stringMatching(/^q_[0-9a-f]{24}$/) });
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false, with the same answers', async () => {
    const { answers, prepared } = await preparedAfterRepeats(unprepared, 'marker_off');
    expect(answers).toEqual([
      { doubled: 2, marker_off: 'marker_off' },
      { doubled: 4, marker_off: 'marker_off' },
      { doubled: 6, marker_off: 'marker_off' },
    ]);
    expect(prepared).toEqual([]);
  });

  /** A drizzle statement prepared by name (the session lookup), then what the connection holds. */
  async function afterSessionLookup(target: Database) {
    const repository = createAuthRepository(target.db);
    expect(await repository.findSession('no-such-session')).toBeNull();
    // The pool hands the last released connection out first: the one that ran the lookup.
    return target.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`select name from pg_prepared_statements where name = 'auth_session_by_id'`,
      );
      return (result as unknown as { rows: unknown[] }).rows;
    });
  }

  it("keeps drizzle's named statements prepared, and unnamed when switched off", async () => {
    expect(await afterSessionLookup(database)).toEqual([{ name: 'auth_session_by_id' }]);
    expect(await afterSessionLookup(unprepared)).toEqual([]);
  });
});
