// End to end without a browser: the device agent (real renderLabel) against the REAL
// Sorting server's printing hub on a real database (PGlite, or PostgreSQL with DATABASE_URL),
// and a web client built the way the web app builds it: the official @microsoft/signalr
// client with the session cookie. The label the agent writes is read back by zbarimg.
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HUB_METHODS,
  type HubPrintAccepted,
  type HubPrintRequest,
  type TPrintJobList,
} from '@sorting/contracts';
import { renderLabel } from '@sorting/labels';
import type { Database } from '../../server/src/db/database.js';
import { seedDemoData } from '../../server/src/db/seed.js';
import {
  createWebClient,
  eventually,
  signInDemoUser,
  type TestHubClient,
} from '../../server/test/printing-hub-clients.js';
import { callWithSession } from '../../server/test/sessions.js';
import { createTestDatabase } from '../../server/test/test-database.js';
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
  untilAgentsForgotten,
} from './real-server.js';

const CELL_BARCODE = '=34717-1-a-01';

/** A local port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A `cell-bar-long` label as the web app sends it through the hub (spec part 1 §3, §7). */
function cellLabelRequest(overrides: Partial<HubPrintRequest> = {}): HubPrintRequest {
  return {
    action: 'print',
    token: '',
    printerId: AGENT_PRINTER_ID,
    barcodeName: 'cell-bar-long',
    barcodeData: [
      { name: 'barcode', value: CELL_BARCODE },
      { name: 'name', value: '1-a-01' },
      { name: 'zone', value: '1' },
      { name: 'row', value: 'a' },
      { name: 'col', value: '01' },
    ],
    copies: 1,
    appId: DEMO_AGENT.appId,
    ...overrides,
  };
}

let database: Database;
let server: FastifyInstance;
let url: string;
let sessionToken: string;
let labels: { dir: string; remove: () => Promise<void> };
let agent: RunningAgent | null = null;
const clients: TestHubClient[] = [];

function track(client: TestHubClient): TestHubClient {
  clients.push(client);
  return client;
}

async function jobOf(jobId: string) {
  const response = await callWithSession(server, sessionToken, 'GET', '/printing-api/v1/jobs');
  expect(response.statusCode).toBe(200);
  return response
    .json<{ OperationObject: TPrintJobList }>()
    .OperationObject.find((job) => job.jobId === jobId);
}

/** Prints through the hub and waits until the agent reported the job printed. */
async function printThroughHub(web: TestHubClient, request: HubPrintRequest): Promise<string> {
  const { jobId } = await web.connection.invoke<HubPrintAccepted>(
    HUB_METHODS.printBarcode,
    JSON.stringify(request),
  );
  await eventually(async () => {
    expect(await jobOf(jobId)).toMatchObject({ state: 'printed', message: null });
  }, PRINT_TIMEOUT_MS);
  return jobId;
}

/** The agent's PDF reads back the cell barcode; its ZPL carries it in the Code 128 field. */
async function expectCellLabel(jobId: string): Promise<void> {
  const files = await labelFilesOf(labels.dir, jobId);
  const zpl = await readFile(files.zpl, 'utf8');
  expect(zpl).toMatch(/^\^XA\n/);
  expect(zpl).toMatch(/\^BCN[^\n]*\^FD=34717-1-a-01\^FS/);
  expect((await readFile(files.pdf)).subarray(0, 5).toString()).toBe('%PDF-');
  if (SHOULD_DECODE) expect(await decodePdfPages(files.pdf)).toEqual([CELL_BARCODE]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  server = await startServer(database);
  url = baseUrlOf(server);
  sessionToken = await signInDemoUser(server);
});

beforeEach(async () => {
  labels = await makeTempDir();
});

afterEach(async () => {
  await agent?.stop();
  agent = null;
  await Promise.all(clients.splice(0).map((client) => client.connection.stop()));
  await untilAgentsForgotten(database);
  await labels.remove();
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('the device agent on the real printing hub', () => {
  it('prints a cell label sent by a web client, and the job reads printed', async () => {
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    agent = await startRealAgent(url, labels.dir);

    // The agent registered itself with AddPrinterClient: the web app sees its printer.
    expect(await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId)).toEqual({
      type: 'PrinterConnected',
      appId: DEMO_AGENT.appId,
      printers: [{ id: AGENT_PRINTER_ID, name: 'PDF folder', output: 'pdf-folder', isReady: true }],
    });

    const jobId = await printThroughHub(web, cellLabelRequest());
    await expectCellLabel(jobId);

    // The agent goes away: the web app learns the printer is gone.
    const from = web.notifications.length;
    await agent.stop();
    agent = null;
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
  });

  it('prints a reprint asked over HTTP, as the job list’s Reprint button does', async () => {
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    agent = await startRealAgent(url, labels.dir);
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    const first = await printThroughHub(web, cellLabelRequest());

    const response = await callWithSession(
      server,
      sessionToken,
      'POST',
      `/printing-api/v1/jobs/${first}/reprint`,
    );
    const again = response.json<{ IsSuccess: boolean; OperationObject: HubPrintAccepted }>();
    expect(again.IsSuccess).toBe(true);
    await eventually(async () => {
      expect(await jobOf(again.OperationObject.jobId)).toMatchObject({ state: 'printed' });
    }, PRINT_TIMEOUT_MS);
    await expectCellLabel(again.OperationObject.jobId);
  });

  it('records the agent’s refusal: a job for a printer it does not have reads failed', async () => {
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    agent = await startRealAgent(url, labels.dir);
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);

    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelRequest({ printerId: 'zebra-9' })),
    );
    await eventually(async () => {
      expect(await jobOf(jobId)).toMatchObject({
        state: 'failed',
        message: `Printer "zebra-9" is not served by ${DEMO_AGENT.appId}`,
      });
    }, PRINT_TIMEOUT_MS);
  });

  it('tells the web app when a printer stops answering', async () => {
    // A Zebra on a raw port nothing listens on: the job fails and the printer is not ready.
    const zebra = { id: 'zebra-1', name: 'Zebra', output: 'zpl-tcp' as const };
    const port = await freePort();
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    agent = await startRealAgent(url, labels.dir, {
      morePrinters: [{ ...zebra, host: '127.0.0.1', port }],
    });
    const registered = await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    expect(registered.printers.find((p) => p.id === zebra.id)).toEqual({ ...zebra, isReady: true });

    const from = web.notifications.length;
    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelRequest({ printerId: zebra.id })),
    );
    await eventually(async () => {
      expect(await jobOf(jobId)).toMatchObject({
        state: 'failed',
        message: expect.stringContaining(`Print on ${zebra.id} failed: printer 127.0.0.1:${port}`),
      });
    }, PRINT_TIMEOUT_MS);
    const updated = await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId, from);
    expect(updated.printers).toEqual([
      { id: AGENT_PRINTER_ID, name: 'PDF folder', output: 'pdf-folder', isReady: true },
      { ...zebra, isReady: false },
    ]);
  });

  it('reconnects to a restarted server, registers again and prints again', async () => {
    agent = await startRealAgent(url, labels.dir);
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    const webBack = new Promise<void>((resolve) => web.connection.onreconnected(() => resolve()));

    // A graceful restart on the same port and database, as a deployment does.
    const port = Number(new URL(url).port);
    await server.close();
    const from = web.notifications.length;
    server = await startServer(database, port);

    // The web client comes back through its default reconnect policy (0, 2 s, …); the agent
    // through its own and must register again, since the new process knows no connection.
    await webBack;
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId, from);
    expect(agent.hub?.isConnected).toBe(true);

    const jobId = await printThroughHub(web, cellLabelRequest());
    await expectCellLabel(jobId);
  });

  it('reports a job it printed while the server was down once it is back', async () => {
    // The renderer waits at a gate, so the label is still being printed when the server goes.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let isRendering!: () => void;
    const rendering = new Promise<void>((resolve) => (isRendering = resolve));
    agent = await startRealAgent(url, labels.dir, {
      render: async (request, format) => {
        isRendering();
        await gate;
        return renderLabel(request, format);
      },
    });
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelRequest()),
    );
    await rendering;

    const port = Number(new URL(url).port);
    await server.close();
    openGate();
    // The label comes out while no server listens: the agent cannot report it now.
    await eventually(async () => {
      await labelFilesOf(labels.dir, jobId);
    }, PRINT_TIMEOUT_MS);
    server = await startServer(database, port);

    // Back on the hub, the agent reports what it printed meanwhile: the job reads printed.
    await eventually(async () => {
      expect(await jobOf(jobId)).toMatchObject({ state: 'printed', message: null });
    }, PRINT_TIMEOUT_MS);
    await expectCellLabel(jobId);
  });
});
