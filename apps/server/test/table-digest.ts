import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';
import { rowsOf } from '../src/db/raw-rows.js';

/** Runs one statement and answers its rows. */
export type RowsQuery = <T>(text: string) => Promise<T[]>;

/**
 * Every table's row count and a checksum of every row (text of the row, sorted), and every
 * data sequence's last value, by name: two databases with equal digests hold the same data.
 * Run it with TimeZone UTC (timestamps are rendered in the session's zone).
 */
export async function digestWith(query: RowsQuery): Promise<Record<string, string>> {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  // A column recording the writing transaction (`events.tx_id`) is the database's own, not data.
  const own = await query<{ schema: string; name: string; column: string }>(
    `select table_schema as schema, table_name as name, column_name as column
     from information_schema.columns where column_default like '%pg_current_xact_id()%'`,
  );
  const digest: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const table = `"${schema}"."${name}"`;
    const skipped = own.filter((c) => c.schema === schema && c.name === name);
    const rowText =
      skipped.length === 0
        ? 't::text'
        : `(to_jsonb(t) - array[${skipped.map((c) => `'${c.column}'`).join(', ')}])::text`;
    const [row] = await query<{ n: number; sum: string }>(
      `select count(*)::int as n,
         md5(coalesce(string_agg(${rowText}, '|' order by ${rowText}), '')) as sum
       from ${table} t`,
    );
    digest[`${schema}.${name}`] = `${row!.n} rows, ${row!.sum}`;
  }
  const sequences = await query<{ name: string; last: string | null }>(
    // Drizzle's journal sequence counts attempts, not data (a PGlite dump resumed, a rerun).
    `select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences
     where schemaname <> 'drizzle'`,
  );
  for (const { name, last } of sequences) digest[`sequence ${name}`] = last ?? 'unused';
  return digest;
}

/** `digestWith` over a Drizzle database, in one transaction pinned to UTC. */
export async function digestOf(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    return digestWith(async <T>(text: string) => rowsOf<T>(await tx.execute(sql.raw(text))));
  });
}
