// The rows of a raw statement (`db.execute(sql…)`) and the column readers the repositories
// use on them: node-postgres and PGlite both answer `{ rows }`, with numbers of a bigint or
// numeric column as text and timestamps as text or Date depending on the driver.

/** The rows of a raw statement. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);
