import { sql } from 'drizzle-orm';

/**
 * `'a', 'b'` for a CHECK constraint from a fixed list of identifiers we own (the schema files'
 * `in (…)` checks of their state and code columns).
 */
export function literalList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
