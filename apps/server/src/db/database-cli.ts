import { ConfigError, type Config } from '../config.js';
import { DatabaseBusyError } from './data-dir-lock.js';
import { openDatabase, type Db } from './database.js';

/**
 * A command-line tool's work on the configured database, migrated first and closed after. A
 * PGlite folder another process holds is no crash: the holder is named with `busyAdvice`
 * (what to do instead) and the exit code is 1.
 */
export async function withCliDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  purpose: string,
  busyAdvice: string,
  work: (db: Db) => Promise<number>,
): Promise<number> {
  let database;
  try {
    database = await openDatabase(config, { purpose });
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      process.stderr.write(
        `The database in ${config.dataDir} is in use by ${error.holder.purpose} (pid ${error.holder.pid}).\n` +
          busyAdvice,
      );
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Runs a tool's main and sets the exit code: a ConfigError is its message, else `failure` and the stack. */
export function runCli(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        error instanceof ConfigError
          ? `${error.message}\n`
          : `${failure}: ${String((error as Error)?.stack ?? error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
