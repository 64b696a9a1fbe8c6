import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { runCli, withCliDatabase } from './database-cli.js';
import { pglitePaths } from './database.js';
import { DataTransferError, exportData, importData, type DataLine } from './data-transfer.js';

/**
 * `npm run data:export -- <file>` and `npm run data:import -- <file>`: a site's data out of the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL) and into a new, empty one
 * (docs/OPERATIONS.md "Moving off the embedded database").
 */
const USAGE = `Usage: npm run data:export -- <file>   write every row of the database to <file>
       npm run data:import -- <file>   load <file> into an empty database (all or nothing)
  The database is DATABASE_URL when set, else the PGlite folder in DATA_DIR. Stop the server
  first when it runs on PGlite (one process per folder).
`;

async function* linesOf(file: string): AsyncGenerator<DataLine> {
  const input = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const text of input) {
    if (text.trim() === '') continue;
    try {
      yield JSON.parse(text) as DataLine;
    } catch {
      throw new DataTransferError(`${file} is not JSON Lines`);
    }
  }
}

async function run(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, file] = positionals;
  if (values.help || (command !== 'export' && command !== 'import') || !file) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 1;
  }
  const config = loadConfig(process.env);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${pglitePaths(config.dataDir).folder}`;
  if (command === 'import' && !fs.existsSync(file)) {
    process.stderr.write(`${file} does not exist\n`);
    return 1;
  }
  return withCliDatabase(
    config,
    `npm run data:${command}`,
    'PGlite allows one process per folder: stop the server, then run this again.\n',
    async (db) => {
      if (command === 'export') {
        const out = fs.createWriteStream(file, { flags: 'wx' });
        const done = await exportData(db, (line) => {
          out.write(`${JSON.stringify(line)}\n`);
        });
        await new Promise<void>((resolve, reject) => out.end(() => resolve()).on('error', reject));
        process.stdout.write(
          `Exported ${done.rows} rows of ${done.tables} tables from ${where} to ${file}.\n`,
        );
        return 0;
      }
      try {
        const done = await importData(db, linesOf(file));
        process.stdout.write(
          `Imported ${done.rows} rows into ${done.tables} tables of ${where}.\n`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof DataTransferError)) throw error;
        process.stderr.write(`Nothing imported: ${error.message}.\n`);
        return 1;
      }
    },
  );
}

runCli(run, 'Data transfer failed');
