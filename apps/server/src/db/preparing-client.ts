import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many distinct statement texts a process names. Our SQL is a fixed set of a few
 * hundred texts; the cap only guards against a text that varies without end (an `in (…)`
 * list of every length), which then runs unnamed like before.
 */
export const MAX_NAMED_STATEMENTS = 2_000;

const names = new Map<string, string>();

/** The statement name of a text: the same in every process, so logs can be compared. */
export function statementName(text: string): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_STATEMENTS) return null;
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/** pg.Query, cursors and streams: they carry their own protocol flow, left alone. */
function isSubmittable(value: object): boolean {
  return typeof (value as { submit?: unknown }).submit === 'function';
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A node-postgres client that sends every statement with parameters as a named prepared
 * statement: PostgreSQL parses it once per connection and, after five runs, reuses a
 * generic plan instead of planning each time. Planning was the largest PostgreSQL cost of
 * a sorting cycle (docs/PERFORMANCE.md "Prepared statements"). A statement without
 * parameters (DDL, BEGIN, migrations) goes unnamed as before.
 */
export class PreparingClient extends pg.Client {
  // The overloads of pg's query are many; every form goes through here unchanged except
  // that a config object with parameters gets a name.
  override query(...args: unknown[]): never {
    const [first, second] = args;
    if (first !== null && typeof first === 'object' && !isSubmittable(first)) {
      const config = first as QueryConfigLike;
      const values = Array.isArray(second) ? second : config.values;
      if (
        typeof config.text === 'string' &&
        config.name === undefined &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = statementName(config.text);
        if (name !== null) args[0] = { ...config, name };
      }
    } else if (typeof first === 'string' && Array.isArray(second) && second.length > 0) {
      const name = statementName(first);
      if (name !== null) args[0] = { text: first, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * A node-postgres client that never prepares: every statement goes unnamed, also those
 * drizzle prepares by name. For DATABASE_PREPARED_STATEMENTS=false, behind a connection
 * pooler that hands each statement to any server connection.
 */
export class UnpreparedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [first] = args;
    if (first !== null && typeof first === 'object' && !isSubmittable(first)) {
      const config = first as QueryConfigLike;
      if (config.name !== undefined) {
        const { name: _name, ...unnamed } = config;
        args[0] = unnamed;
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
