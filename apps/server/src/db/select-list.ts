import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The select list of a statement written with drizzle's `sql` template, from a map of the
 * schema's columns: `"table"."column" as "<prefix><key>"` each, made once where it is
 * declared. drizzle's query builder spends tens of microseconds per statement assembling
 * the same text on every call; the move's statements are built this way instead
 * (docs/PERFORMANCE.md "Statements built once").
 */
export function selectList(columns: Record<string, Column>, prefix = ''): SQL {
  return sql.raw(
    Object.entries(columns)
      .map(
        ([key, column]) => `"${getTableName(column.table)}"."${column.name}" as "${prefix}${key}"`,
      )
      .join(', '),
  );
}

/** The fields of a row whose names start with `prefix`, without it (see selectList). */
export function pickPrefixed<T>(row: Record<string, unknown>, prefix: string): T {
  const picked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(prefix)) picked[name.slice(prefix.length)] = value;
  }
  return picked as T;
}
