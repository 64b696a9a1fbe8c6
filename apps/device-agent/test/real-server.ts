// The real parts for the agent's end-to-end tests: the Sorting server (buildApp on a fresh test
// database with the demo seed, listening on a port) and the agent with the real label renderer.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { renderLabel } from '@sorting/labels';
import { expect } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import type { Database } from '../../server/src/db/database.js';
import { printerAgentConnections } from '../../server/src/db/schema.js';
import { createTestConfig } from '../../server/test/helpers.js';
import { DEMO_AGENT, baseUrlOf, eventually } from '../../server/test/printing-hub-clients.js';
import { startAgent, type RunningAgent } from '../src/agent.js';
import { parseConfig, type AgentConfigInput } from '../src/config.js';
import type { RenderLabel } from '../src/print/label-outputs.js';
import { createTerminalLogger, silentLogger } from '../src/logger.js';

export { DEMO_AGENT, baseUrlOf };

/** The agent's printer in these tests: a PDF folder, as a newcomer's demo has. */
export const AGENT_PRINTER_ID = 'pdf-1';

/** Rendering a label takes ~0.5 s; a loaded 2-core CI machine may take several times that. */
export const PRINT_TIMEOUT_MS = 15_000;

/** AGENT_TEST_LOG=1 shows the agent's own log lines while a test runs. */
const agentLogger = process.env.AGENT_TEST_LOG ? createTerminalLogger('debug') : silentLogger;

/**
 * The server as main.ts runs it, with the hub's intervals shortened so liveness and pings show
 * within a test (an agent is online while refreshed within 3 keep-alives: 0.9 s here).
 */
export async function startServer(database: Database, port = 0): Promise<FastifyInstance> {
  const app = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    printingHub: { keepAliveMs: 300, deliveryTimeoutMs: 3_000 },
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * The agent as `npm run agent` starts it (real renderLabel), as DEMO-PC-1 with the demo key,
 * one PDF-folder printer (first, so selected) and its hub client pointed at the server.
 * Reconnect delays are short (the spec's 0/2/10/30 s would make a restart test wait 42 s
 * before the 30 s retry).
 */
export async function startRealAgent(
  serverUrl: string,
  labelsDir: string,
  options: {
    /** The real renderer by default; a test may wrap it to hold a job mid-print. */
    render?: RenderLabel;
    /** Printers after the PDF folder. */
    morePrinters?: AgentConfigInput['printers'];
  } = {},
): Promise<RunningAgent> {
  return startAgent(
    parseConfig({
      appId: DEMO_AGENT.appId,
      agentKey: DEMO_AGENT.key,
      serverUrl,
      host: '127.0.0.1',
      port: 0,
      printers: [
        { id: AGENT_PRINTER_ID, name: 'PDF folder', output: 'pdf-folder', dir: labelsDir },
        ...(options.morePrinters ?? []),
      ],
    }),
    {
      renderLabel: options.render ?? renderLabel,
      logger: agentLogger,
      hubReconnectDelaysMs: [0, 100, 300, 600],
      hubRetryIntervalMs: 300,
    },
  );
}

/** The PDF and ZPL the PDF-folder output wrote for one job (names end with the job id). */
export async function labelFilesOf(
  dir: string,
  jobId: string,
): Promise<{ pdf: string; zpl: string }> {
  const files = (await readdir(dir)).filter((file) => file.includes(jobId)).sort();
  const pdf = files.find((file) => file.endsWith(`-${jobId}.pdf`));
  const zpl = files.find((file) => file.endsWith(`-${jobId}.zpl`));
  if (files.length !== 2 || !pdf || !zpl) {
    throw new Error(`expected a .pdf and a .zpl of job ${jobId} in ${dir}, found ${files}`);
  }
  return { pdf: path.join(dir, pdf), zpl: path.join(dir, zpl) };
}

/**
 * Waits until the server has forgotten every agent socket of the test before. Until then a new
 * web client is told that agent is online (its row still counts), and a job sent on that news
 * goes to a socket that is gone: "printer not served" (seen on PostgreSQL, where the forgetting
 * runs on other connections than the test's next steps).
 */
export async function untilAgentsForgotten(database: Database): Promise<void> {
  await eventually(async () => {
    expect(await database.db.$count(printerAgentConnections)).toBe(0);
  });
}
