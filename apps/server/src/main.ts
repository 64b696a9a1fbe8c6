import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DatabaseBusyError } from './db/data-dir-lock.js';
import { isDatabaseEmpty, seedDemoData, type SeedResult } from './db/seed.js';

/** Shutdown budget: in-flight requests finish, then the process exits anyway. */
const SHUTDOWN_DELAY_MS = 10_000;

function explainStartFailure(error: unknown): string | null {
  if (error instanceof ConfigError) return error.message;
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    return `Cannot start: ${(error as Error).message}. Set PORT to a free port (PORT=0 picks one).`;
  }
  if (error instanceof DatabaseBusyError) {
    return `Cannot start: ${error.message}. Is Sorting already running on this DATA_DIR? Stop it or choose another DATA_DIR.`;
  }
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config, { purpose: 'the server' });
  let seeded: SeedResult | null = null;
  try {
    await database.migrate();
    if (config.demoSeed && (await isDatabaseEmpty(database.db))) {
      seeded = await seedDemoData(database.db);
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp({
    config,
    database,
    prettyLogs: process.stdout.isTTY === true,
  });
  // Two processes starting on one empty PostgreSQL may both try; the second adds nothing.
  if (seeded && Object.values(seeded).some((added) => added > 0)) {
    app.log.info({ seeded }, 'empty database seeded with demo data');
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  // `npm start` ends with `exec node ...` (design/stack.md), so SIGTERM reaches this process.
  // Installed once listening: before that a failure must keep its exit code 1.
  closeWithGrace(
    { delay: SHUTDOWN_DELAY_MS + config.drainSeconds * 1000, logger: app.log },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'closing after an unexpected error');
      else app.log.info({ signal }, 'shutting down');
      // Draining: /readyz answers 503 so the load balancer takes this process out first.
      app.startDraining();
      if (!err && config.drainSeconds > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      }
      await app.close();
    },
  );

  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info({ database: database.kind, port }, 'listening');
  process.stdout.write(`Sorting is running at http://localhost:${port}\n`);
}

main().catch((error: unknown) => {
  const explanation = explainStartFailure(error);
  if (explanation) process.stderr.write(`${explanation}\n`);
  else
    process.stderr.write(`Sorting failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
