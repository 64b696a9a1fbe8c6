import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { rowsOf } from '../src/db/raw-rows.js';
import { detailStateSql, supplyStateSql } from '../src/modules/documents/documents.repository.js';
import { createTestDatabase } from './test-database.js';

// Spec part 2 §4: the state a supply answers and a detail's state are computed in SQL where
// the lists filter and count by them (documents.repository.ts); these are their tables, run
// on the database over rows named as the real tables are.

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the supply state a list answers (part 2 §4)', () => {
  it.each([
    [1, false, 1],
    [1, true, 1],
    [5, false, 5],
    [5, true, 2],
    [4, true, 4],
    [3, true, 3],
  ] as const)('stored %i with a received parcel %s answers %i', async (stored, received, state) => {
    const rows = rowsOf<{ state: number }>(
      await database.db.execute(sql`
        with inbounds (id, state) as (values (1, ${stored}::int)),
          parcels (inbound_id, is_receipted) as (values (1, ${received}::boolean), (2, true))
        select ${supplyStateSql}::int as state from inbounds`),
    );
    expect(rows.map((row) => Number(row.state))).toEqual([state]);
  });
});

describe('a supply detail’s state (part 2 §4)', () => {
  it.each([
    [true, true, true, 4],
    [false, true, true, 3],
    [false, false, true, 2],
    [false, false, false, 1],
  ] as const)(
    'cancelled %s, stickered %s, received %s is state %i',
    async (cancelled, stickered, received, state) => {
      const rows = rowsOf<{ state: number }>(
        await database.db.execute(sql`
          with parcels (is_cancelled, detail_stickered_at, is_receipted) as (
            values (${cancelled}::boolean,
              ${stickered ? '2026-03-02T08:00:00Z' : null}::timestamptz, ${received}::boolean))
          select ${detailStateSql}::int as state from parcels`),
      );
      expect(rows.map((row) => Number(row.state))).toEqual([state]);
    },
  );
});
