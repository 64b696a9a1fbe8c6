import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';
import { rowsOf } from './raw-rows.js';

// The one way a list answers a page and how many rows the whole list holds (`totalCount`,
// `Total` of the paged calls): `pagedSelect` over either form below.

/** Which rows of a list a page holds. */
export interface Page {
  limit: number;
  offset: number;
}

/** One page of a list and the number of rows of the whole list. */
export interface Paged<Row> {
  rows: Row[];
  total: number;
}

/**
 * Two statements side by side: `page` is the list's query with its order, limit and offset;
 * the total counts `from` under the same `where`.
 */
export interface CountedPage<Row> {
  page: PromiseLike<Row[]>;
  from: PgTable;
  where: SQL | undefined;
}

/**
 * One statement: `listed` selects the whole list once (a materialized CTE named `listed`),
 * `page` selects the page from `listed` (its order, limit and offset) with whatever it joins.
 * The total is counted from `listed`, and answered also for a page past the end.
 */
export interface ListedPage {
  listed: SQL;
  page: SQL;
}

export function pagedSelect<Row>(db: Db, query: CountedPage<Row>): Promise<Paged<Row>>;
export function pagedSelect(db: Db, query: ListedPage): Promise<Paged<Record<string, unknown>>>;
export async function pagedSelect<Row>(
  db: Db,
  query: CountedPage<Row> | ListedPage,
): Promise<Paged<Row> | Paged<Record<string, unknown>>> {
  if ('from' in query) {
    const [rows, totals] = await Promise.all([
      query.page,
      db.select({ total: count() }).from(query.from).where(query.where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  }
  // The count's one row is joined to the page's rows: a page past the end is that row alone.
  const result = await db.execute(sql`
    with listed as materialized (${query.listed}),
      counted as (select count(*)::int as n from listed)
    select counted.n as paged_total, chosen_rows.*
    from counted left join lateral (
      select true as paged_row, page.* from (${query.page}) as page
    ) as chosen_rows on true`);
  const all = rowsOf(result);
  const rows = all
    .filter((row) => row.paged_row === true)
    .map(({ paged_total: _total, paged_row: _row, ...row }) => row);
  return { rows, total: Number(all[0]?.paged_total ?? 0) };
}
