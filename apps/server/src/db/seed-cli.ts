import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { runCli, withCliDatabase } from './database-cli.js';
import { pglitePaths } from './database.js';
import { renderDemoTable } from './demo-entries.js';
import { seedDemoData } from './seed.js';

/**
 * `npm run seed`: writes the demo data into the configured database (idempotent).
 * `npm run seed -- --table`: prints the demo barcodes as a markdown table, touches nothing.
 */
const USAGE = `Usage: npm run seed [-- --table]
  (no option)  add the demo warehouses, zones, cells and users to the database
               (DATABASE_URL, or the PGlite folder in DATA_DIR); rows that exist are kept
  --table      print the demo barcodes as a markdown table and exit
`;

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { table: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.table) {
    process.stdout.write(renderDemoTable());
    return 0;
  }

  const config = loadConfig(process.env);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${pglitePaths(config.dataDir).folder}`;
  return withCliDatabase(
    config,
    'npm run seed',
    'PGlite allows one process per folder, so the seed did not run. Stop the server and\n' +
      'run `npm run seed` again; or just start the server: it seeds an empty database itself.\n',
    async (db) => {
      const added = await seedDemoData(db);
      const total = Object.values(added).reduce((sum, n) => sum + n, 0);
      process.stdout.write(
        total === 0
          ? `Demo data already present in ${where}; nothing changed.\n`
          : `Demo data written to ${where}: ${added.warehouses} warehouses, ${added.zones} zones, ${added.cells} cells, ${added.users} users, ${added.parcels} parcels, ${added.printerAgents} printer agents, ${added.workplaces} workplaces, ${added.shippedOrders} shipped orders for returns.\n`,
      );
      return 0;
    },
  );
}

runCli(run, 'Seed failed');
