// Two server processes on one PostgreSQL: the device agent connected to server
// process A, the web client to process B, one database (on PostgreSQL each app has its own
// pool and LISTEN connection; on PGlite, one process per database, they share the instance).
// The job crosses from B to A by LISTEN/NOTIFY, the agent prints it with the real renderer,
// and B's job list reads printed.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HUB_METHODS,
  type HubPrintAccepted,
  type HubPrintRequest,
  type TPrintJobList,
} from '@sorting/contracts';
import type { Database } from '../../server/src/db/database.js';
import { seedDemoData } from '../../server/src/db/seed.js';
import {
  createWebClient,
  eventually,
  signInDemoUser,
  type TestHubClient,
} from '../../server/test/printing-hub-clients.js';
import { callWithSession } from '../../server/test/sessions.js';
import { createTestDatabase, openSameTestDatabase } from '../../server/test/test-database.js';
import type { RunningAgent } from '../src/agent.js';
import { makeTempDir } from './helpers.js';
import { SHOULD_DECODE, decodePdfPages } from './label-decoder.js';
import {
  AGENT_PRINTER_ID,
  DEMO_AGENT,
  PRINT_TIMEOUT_MS,
  baseUrlOf,
  labelFilesOf,
  startRealAgent,
  startServer,
} from './real-server.js';

let first: Database;
let second: Database;
let agentSide: FastifyInstance | undefined;
let webSide: FastifyInstance | undefined;
let labels: { dir: string; remove: () => Promise<void> };
let agent: RunningAgent | undefined;
let web: TestHubClient | undefined;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await openSameTestDatabase(first);
  await seedDemoData(first.db);
  labels = await makeTempDir();
});

afterAll(async () => {
  await agent?.stop();
  await web?.connection.stop();
  await agentSide?.close();
  await webSide?.close();
  await second?.close();
  await first?.close();
  await labels?.remove();
});

describe('the device agent behind one server process, the web app behind another', () => {
  it('prints a job sent to the other process and both see its state', async () => {
    agentSide = await startServer(first);
    webSide = await startServer(second);
    const sessionToken = await signInDemoUser(webSide);

    web = createWebClient(baseUrlOf(webSide), sessionToken);
    await web.connection.start();
    agent = await startRealAgent(baseUrlOf(agentSide), labels.dir);
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);

    const barcode = '=34717-1-a-01';
    const request: HubPrintRequest = {
      action: 'print',
      token: '',
      printerId: AGENT_PRINTER_ID,
      barcodeName: 'cell-bar-long',
      barcodeData: [
        { name: 'barcode', value: barcode },
        { name: 'name', value: '1-a-01' },
      ],
      copies: 2,
      appId: DEMO_AGENT.appId,
    };
    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(request),
    );

    // The agent reported to process A; process B reads the result from the database.
    await eventually(async () => {
      const response = await callWithSession(
        webSide!,
        sessionToken,
        'GET',
        '/printing-api/v1/jobs',
      );
      expect(
        response
          .json<{ OperationObject: TPrintJobList }>()
          .OperationObject.find((job) => job.jobId === jobId),
      ).toMatchObject({ state: 'printed', appId: DEMO_AGENT.appId, printerId: AGENT_PRINTER_ID });
    }, PRINT_TIMEOUT_MS);
    const files = await labelFilesOf(labels.dir, jobId);
    expect(await readFile(files.zpl, 'utf8')).toMatch(/\^FD=34717-1-a-01\^FS[\s\S]*\^PQ2,/);
    if (SHOULD_DECODE) expect(await decodePdfPages(files.pdf)).toEqual([barcode, barcode]);

    // The agent leaves process A; the web client on B hears of it.
    const from = web.notifications.length;
    await agent.stop();
    agent = undefined;
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
  });
});
