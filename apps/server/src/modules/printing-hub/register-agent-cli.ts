import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { runCli, withCliDatabase } from '../../db/database-cli.js';
import { createAgentKey, hashAgentKey } from './agent-keys.js';
import { createPrintingHubRepository } from './printing-hub.repository.js';

/**
 * `npm run agent:register -w @sorting/server -- --app-id <id> --name <name>`: registers a
 * device agent for the printing hub and prints its key once (only its hash is stored).
 */
const USAGE = `Usage: npm run agent:register -w @sorting/server -- --app-id <id> --name <name>
  --app-id  the printer app id of the workstation (the printer_app_id device cookie)
  --name    a human name for the workstation
Prints the agent key once; give it to the device agent. The database is DATABASE_URL, or the
PGlite folder in DATA_DIR (stop the server first: PGlite allows one process per folder).
`;

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'app-id': { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const appId = values['app-id']?.trim() ?? '';
  const name = values.name?.trim() ?? '';
  if (values.help || appId === '' || name === '') {
    process.stdout.write(USAGE);
    return values.help ? 0 : 1;
  }
  if (appId.length > 100 || !/^[\w.-]+$/.test(appId)) {
    process.stderr.write('The app id may hold letters, digits, "-", "_" and "." (up to 100).\n');
    return 1;
  }

  const config = loadConfig(process.env);
  return withCliDatabase(
    config,
    'npm run agent:register',
    'Stop the server and run the command again.\n',
    async (db) => {
      const key = createAgentKey();
      const isAdded = await createPrintingHubRepository(db).insertAgentIfAbsent({
        appId,
        name,
        keyHash: hashAgentKey(key),
      });
      if (!isAdded) {
        process.stderr.write(`An agent with app id ${appId} is already registered.\n`);
        return 1;
      }
      process.stdout.write(
        `Agent ${appId} (${name}) registered. Its key, shown only this once:\n\n  ${key}\n\n`,
      );
      return 0;
    },
  );
}

runCli(run, 'Registration failed');
