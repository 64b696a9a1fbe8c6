import * as signalR from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  HUB_METHODS,
  PRINTERS_HUB_PATH,
  SESSION_COOKIE,
  type HubPrintAccepted,
  type TPrintJobList,
} from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { printerAgentConnections } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import {
  DEMO_AGENT,
  DEMO_PRINTERS,
  baseUrlOf,
  cellLabelJob,
  createAgentClient,
  createWebClient,
  eventually,
  signInDemoUser,
  upgradeHubRaw,
  type TestHubClient,
} from './printing-hub-clients.js';
import { callWithSession } from './sessions.js';
import { createTestDatabase } from './test-database.js';

// The printing hub on the server (docs/DECISIONS.md "Printing hub"): the official @microsoft/signalr client against a real
// listening server on a real database (PGlite, or PostgreSQL with DATABASE_URL).

let database: Database;
let app: FastifyInstance;
let url: string;
let sessionToken: string;
const clients: TestHubClient[] = [];

async function startApp(port = 0): Promise<FastifyInstance> {
  const started = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    // Short intervals so pings and liveness show within the test; the clients keep theirs.
    printingHub: { keepAliveMs: 300, deliveryTimeoutMs: 3_000 },
  });
  await started.listen({ port, host: '127.0.0.1' });
  return started;
}

function track(client: TestHubClient): TestHubClient {
  clients.push(client);
  return client;
}

async function jobsOf(token: string): Promise<TPrintJobList> {
  const response = await callWithSession(app, token, 'GET', '/printing-api/v1/jobs');
  expect(response.statusCode).toBe(200);
  return response.json<{ OperationObject: TPrintJobList }>().OperationObject;
}

/** An agent online as DEMO-PC-1 and a web client that saw it connect. */
async function connectAgentAndWeb() {
  const web = track(createWebClient(url, sessionToken));
  await web.connection.start();
  const agent = track(createAgentClient(url));
  await agent.connection.start();
  await agent.connection.invoke(HUB_METHODS.addPrinterClient, DEMO_AGENT.appId, DEMO_PRINTERS);
  await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
  return { web, agent };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  app = await startApp();
  url = baseUrlOf(app);
  sessionToken = await signInDemoUser(app);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.connection.stop()));
  // The server forgets an agent after its socket closed; the next test starts from none.
  await eventually(async () => {
    expect(await database.db.select().from(printerAgentConnections)).toEqual([]);
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('connecting to /printersHub', () => {
  it('negotiates the WebSockets transport and completes the handshake for a signed-in user', async () => {
    const negotiate = await fetch(`${url}${PRINTERS_HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
    });
    expect(negotiate.status).toBe(200);
    const body = (await negotiate.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionToken).toEqual(expect.any(String));
    expect(body.connectionId).toEqual(expect.any(String));

    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    expect(web.connection.state).toBe(signalR.HubConnectionState.Connected);
  });

  it('refuses negotiate without a session or agent key, and with a wrong key', async () => {
    const anonymous = await fetch(`${url}${PRINTERS_HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
    });
    expect(anonymous.status).toBe(401);

    const stranger = createWebClient(url, 'not-a-session');
    await expect(stranger.connection.start()).rejects.toThrow(/401/);
    const wrongKey = createAgentClient(url, 'wrong-agent-key');
    await expect(wrongKey.connection.start()).rejects.toThrow(/401/);
  });

  it('refuses the websocket upgrade without credentials even with a connection token', async () => {
    const socket = new WebSocket(
      `${url.replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
    );
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });

  it('answers an upgrade request for any other path as HTTP and closes its socket', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/healthz`);
      socket.on('unexpected-response', (_request, response) => {
        const report = () => resolve(`closed after ${response.statusCode}`);
        if (response.socket.destroyed) report();
        else response.socket.on('close', report);
        response.resume();
      });
    });
    // An open socket here would keep the server's close() waiting forever.
    expect(outcome).toBe('closed after 200');
  });

  it('answers the handshake, pings, and refuses a protocol other than json', async () => {
    const open = (protocol: string) =>
      new Promise<string[]>((resolve, reject) => {
        const received: string[] = [];
        const socket = new WebSocket(
          `${url.replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
          { headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` } },
        );
        socket.on('open', () => socket.send(`{"protocol":"${protocol}","version":1}\x1e`));
        socket.on('message', (data) => {
          received.push(String(data));
          // The handshake reply, then a ping within the (shortened) keep-alive interval.
          if (received.join('').includes('"type":6')) socket.close();
        });
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });

    const json = await open('json');
    expect(json[0]).toBe('{}\x1e');
    expect(json.join('')).toContain('{"type":6}\x1e');

    const other = await open('messagepack');
    expect(other).toHaveLength(1);
    expect(JSON.parse(other[0]!.replace('\x1e', ''))).toEqual({
      error: expect.stringContaining('messagepack'),
    });
  });
});

describe('printers and print jobs', () => {
  it('tells web clients when an agent registers its printer app and when it leaves', async () => {
    const { web, agent } = await connectAgentAndWeb();
    expect(await web.next('PrinterConnected')).toEqual({
      type: 'PrinterConnected',
      appId: DEMO_AGENT.appId,
      printers: DEMO_PRINTERS,
    });

    // A web client that connects later learns it at once, and can ask for one app.
    const late = track(createWebClient(url, sessionToken));
    await late.connection.start();
    await late.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    await late.connection.invoke(HUB_METHODS.addPrinterClient, 'NOBODY-PC');
    await late.next('PrinterDisconnected', (n) => n.appId === 'NOBODY-PC');

    const from = web.notifications.length;
    await agent.connection.stop();
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
  });

  it('lets an agent register only its own app id, and only agents', async () => {
    const agent = track(createAgentClient(url));
    await agent.connection.start();
    await expect(
      agent.connection.invoke(HUB_METHODS.addPrinterClient, 'SOMEONE-ELSE', []),
    ).rejects.toThrow(/SOMEONE-ELSE/);
    await expect(
      agent.connection.invoke(HUB_METHODS.printBarcode, JSON.stringify(cellLabelJob())),
    ).rejects.toThrow(/PrintBarcode/);
  });

  it('delivers PrintBarcode to the agent, records the result, lists and reprints the job', async () => {
    const { web, agent } = await connectAgentAndWeb();
    const job = cellLabelJob();

    const accepted = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(job),
    );
    expect(accepted.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const delivered = await agent.next('PrintBarcode', (n) => n.jobId === accepted.jobId);
    expect(delivered).toEqual({
      type: 'PrintBarcode',
      jobId: accepted.jobId,
      appId: DEMO_AGENT.appId,
      job: {
        action: 'print',
        token: '',
        printerId: job.printerId,
        barcodeName: job.barcodeName,
        barcodeData: job.barcodeData,
        copies: job.copies,
      },
    });
    expect((await jobsOf(sessionToken))[0]).toMatchObject({ jobId: accepted.jobId, state: 'sent' });

    await agent.connection.invoke(HUB_METHODS.printResult, accepted.jobId, true, null);
    const [listed] = await jobsOf(sessionToken);
    expect(listed).toEqual({
      jobId: accepted.jobId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      barcodeName: 'cell-bar-long',
      printerId: job.printerId,
      appId: DEMO_AGENT.appId,
      state: 'printed',
      message: null,
    });

    const reprint = await callWithSession(
      app,
      sessionToken,
      'POST',
      `/printing-api/v1/jobs/${accepted.jobId}/reprint`,
    );
    expect(reprint.statusCode).toBe(200);
    const again = reprint.json<{ IsSuccess: boolean; OperationObject: HubPrintAccepted }>();
    expect(again.IsSuccess).toBe(true);
    expect(again.OperationObject.jobId).not.toBe(accepted.jobId);
    const redelivered = await agent.next(
      'PrintBarcode',
      (n) => n.jobId === again.OperationObject.jobId,
    );
    expect(redelivered.job).toEqual(delivered.job);

    await agent.connection.invoke(
      HUB_METHODS.printResult,
      again.OperationObject.jobId,
      false,
      'Out of paper',
    );
    const jobs = await jobsOf(sessionToken);
    expect(jobs.slice(0, 2).map((j) => [j.jobId, j.state, j.message])).toEqual([
      [again.OperationObject.jobId, 'failed', 'Out of paper'],
      [accepted.jobId, 'printed', null],
    ]);
  });

  it('tells the web client of the job when the agent reports it printed or jammed', async () => {
    const { web, agent } = await connectAgentAndWeb();
    const printed = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelJob()),
    );
    await agent.next('PrintBarcode', (n) => n.jobId === printed.jobId);
    // Accepted by the hub is not printed: nothing is said until the agent reports.
    expect(
      web.notifications.some((n) => n.type === 'PrintJobFinished' && n.jobId === printed.jobId),
    ).toBe(false);
    await agent.connection.invoke(HUB_METHODS.printResult, printed.jobId, true, null);
    expect(await web.next('PrintJobFinished', (n) => n.jobId === printed.jobId)).toEqual({
      type: 'PrintJobFinished',
      jobId: printed.jobId,
      appId: DEMO_AGENT.appId,
      state: 'printed',
      message: null,
    });

    const jammed = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelJob()),
    );
    await agent.next('PrintBarcode', (n) => n.jobId === jammed.jobId);
    await agent.connection.invoke(HUB_METHODS.printResult, jammed.jobId, false, 'Paper jam');
    expect(await web.next('PrintJobFinished', (n) => n.jobId === jammed.jobId)).toEqual({
      type: 'PrintJobFinished',
      jobId: jammed.jobId,
      appId: DEMO_AGENT.appId,
      state: 'failed',
      message: 'Paper jam',
    });
  });

  it('answers an error, never a silent drop, for a printer app nobody serves', async () => {
    const web = track(createWebClient(url, sessionToken));
    await web.connection.start();
    await expect(
      web.connection.invoke(
        HUB_METHODS.printBarcode,
        JSON.stringify(cellLabelJob({ appId: 'GHOST-PC' })),
      ),
    ).rejects.toThrow('printer not served: GHOST-PC');
    await expect(
      web.connection.invoke(HUB_METHODS.printBarcode, '{"action":"print"}'),
    ).rejects.toThrow(/Invalid print job/);

    // A job whose agent has gone cannot be reprinted either.
    const { agent } = await connectAgentAndWeb();
    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelJob()),
    );
    const from = web.notifications.length;
    await agent.connection.stop();
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
    const reprint = await callWithSession(
      app,
      sessionToken,
      'POST',
      `/printing-api/v1/jobs/${jobId}/reprint`,
      undefined,
      {
        cookie: 'NEXT_LOCALE=en',
      },
    );
    expect(reprint.json()).toMatchObject({ IsSuccess: false });
    expect(reprint.json<{ Message: string }>().Message).toContain(DEMO_AGENT.appId);
  });

  it('keeps jobs per user and needs a session for the job list', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/printing-api/v1/jobs' });
    expect(anonymous.statusCode).toBe(401);
    const otherUser = await signInDemoUser(app, 1);
    expect(await jobsOf(otherUser)).toEqual([]);
  });
});

describe('server restart', () => {
  it('brings clients back through their reconnect policy', async () => {
    const { web, agent } = await connectAgentAndWeb();
    const reconnected = new Promise<void>((resolve) =>
      web.connection.onreconnected(() => resolve()),
    );
    const agentBack = new Promise<void>((resolve) =>
      agent.connection.onreconnected(() => {
        // The agent registers again on the new connection, as the device agent does.
        void agent.connection
          .invoke(HUB_METHODS.addPrinterClient, DEMO_AGENT.appId, DEMO_PRINTERS)
          .then(() => resolve());
      }),
    );
    const port = Number(new URL(url).port);
    await app.close();
    app = await startApp(port);
    await reconnected;
    await agentBack;
    expect(web.connection.state).toBe(signalR.HubConnectionState.Connected);

    await eventually(async () => {
      const { jobId } = await web.connection.invoke<HubPrintAccepted>(
        HUB_METHODS.printBarcode,
        JSON.stringify(cellLabelJob()),
      );
      await agent.next('PrintBarcode', (n) => n.jobId === jobId);
    });
  }, 60_000);
});

describe('shutdown', () => {
  it('is not held by a refused websocket whose client never answers the close', async () => {
    // Its own server, so closing it leaves the others alone.
    const own = await startApp();
    // Upgraded with a good key but a connection token the hub refuses: the hub closes it
    // (1008) at once; this client never answers the close frame.
    const refused = await upgradeHubRaw(baseUrlOf(own), 'short');
    await eventually(async () => {
      expect(refused.received()).toMatch(/^HTTP\/1\.1 101 [\s\S]*\r\n\r\n./);
    });
    try {
      const closing = own.close().then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(resolve, 3_000, 'still open'));
      expect(await Promise.race([closing, late])).toBe('closed');
    } finally {
      refused.socket.destroy();
      await own.close();
    }
  });
});
