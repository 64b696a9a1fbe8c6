import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  HUB_METHODS,
  PRINTERS_HUB_PATH,
  SESSION_COOKIE,
  type HubPrintAccepted,
  type TPrintJobList,
} from '@sorting/contracts';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { printerAgentConnections, printerAgents } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { hashAgentKey } from '../src/modules/printing-hub/agent-keys.js';
import { createTestConfig } from './helpers.js';
import {
  DEMO_AGENT,
  DEMO_PRINTERS,
  baseUrlOf,
  cellLabelJob,
  createAgentClient,
  createWebClient,
  signInDemoUser,
  type TestHubClient,
} from './printing-hub-clients.js';
import { callWithSession, createClock } from './sessions.js';
import { createTestDatabase, openSameTestDatabase } from './test-database.js';

// Several stateless server processes over one database. Two apps, each with its own
// pool and LISTEN connection on PostgreSQL (on PGlite, one process per database, they share
// the in-memory instance), deliver a job from a web client on one to an agent on the other.

let first: Database;
let second: Database;
const apps: FastifyInstance[] = [];
const clients: TestHubClient[] = [];
let sessionToken: string;

async function startApp(
  database: Database,
  printingHub: BuildAppOptions['printingHub'] = { keepAliveMs: 300, deliveryTimeoutMs: 1_000 },
  now?: () => Date,
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    printingHub,
    ...(now ? { now } : {}),
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

function track(client: TestHubClient): TestHubClient {
  clients.push(client);
  return client;
}

beforeAll(async () => {
  first = await createTestDatabase();
  second = await openSameTestDatabase(first);
  await seedDemoData(first.db);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.connection.stop()));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await first?.close();
});

describe('two server processes on one database', () => {
  it('deliver a job from a web client on one to the agent on the other', async () => {
    const webSide = await startApp(first);
    const agentSide = await startApp(second);
    sessionToken = await signInDemoUser(webSide);

    const web = track(createWebClient(baseUrlOf(webSide), sessionToken));
    await web.connection.start();
    const agent = track(createAgentClient(baseUrlOf(agentSide)));
    await agent.connection.start();
    await agent.connection.invoke(HUB_METHODS.addPrinterClient, DEMO_AGENT.appId, DEMO_PRINTERS);
    expect(await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId)).toEqual({
      type: 'PrinterConnected',
      appId: DEMO_AGENT.appId,
      printers: DEMO_PRINTERS,
    });

    const { jobId } = await web.connection.invoke<HubPrintAccepted>(
      HUB_METHODS.printBarcode,
      JSON.stringify(cellLabelJob()),
    );
    const delivered = await agent.next('PrintBarcode', (n) => n.jobId === jobId);
    expect(delivered.job.barcodeData).toEqual(cellLabelJob().barcodeData);

    await agent.connection.invoke(HUB_METHODS.printResult, jobId, true, null);
    const list = await callWithSession(webSide, sessionToken, 'GET', '/printing-api/v1/jobs');
    expect(list.json<{ OperationObject: TPrintJobList }>().OperationObject[0]).toMatchObject({
      jobId,
      state: 'printed',
    });

    // The web side's reprint travels the same way.
    const reprint = await callWithSession(
      webSide,
      sessionToken,
      'POST',
      `/printing-api/v1/jobs/${jobId}/reprint`,
    );
    const again = reprint.json<{ OperationObject: HubPrintAccepted }>().OperationObject;
    await agent.next('PrintBarcode', (n) => n.jobId === again.jobId);

    const from = web.notifications.length;
    await agent.connection.stop();
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
  });
});

describe('agents whose server process died', () => {
  async function registerAgent(appId: string) {
    await first.db
      .insert(printerAgents)
      .values({ appId, name: appId, keyHash: hashAgentKey(`${appId}-key`) });
  }

  it('stop counting once their process no longer refreshes them', async () => {
    const app = apps[0] ?? (await startApp(first));
    const token = await signInDemoUser(app);
    await registerAgent('CRASHED-PC');
    await first.db.insert(printerAgentConnections).values({
      connectionId: randomUUID(),
      appId: 'CRASHED-PC',
      serverProcessId: randomUUID(),
      printers: DEMO_PRINTERS,
      lastSeenAt: sql`now() - interval '1 hour'`,
    });
    const web = track(createWebClient(baseUrlOf(app), token));
    await web.connection.start();
    expect(web.notifications.filter((n) => n.appId === 'CRASHED-PC')).toEqual([]);
    await expect(
      web.connection.invoke(
        HUB_METHODS.printBarcode,
        JSON.stringify(cellLabelJob({ appId: 'CRASHED-PC' })),
      ),
    ).rejects.toThrow('printer not served: CRASHED-PC');
  });

  it('fail the job with an error when nobody takes it, even while the row looks fresh', async () => {
    const app = apps[0] ?? (await startApp(first));
    const token = await signInDemoUser(app);
    await registerAgent('JUST-DIED-PC');
    await first.db.insert(printerAgentConnections).values({
      connectionId: randomUUID(),
      appId: 'JUST-DIED-PC',
      serverProcessId: randomUUID(),
      printers: DEMO_PRINTERS,
    });
    const web = track(createWebClient(baseUrlOf(app), token));
    await web.connection.start();
    await expect(
      web.connection.invoke(
        HUB_METHODS.printBarcode,
        JSON.stringify(cellLabelJob({ appId: 'JUST-DIED-PC' })),
      ),
    ).rejects.toThrow('printer not served: JUST-DIED-PC');
    const list = await callWithSession(app, token, 'GET', '/printing-api/v1/jobs');
    expect(list.json<{ OperationObject: TPrintJobList }>().OperationObject[0]).toMatchObject({
      appId: 'JUST-DIED-PC',
      state: 'failed',
    });
  });
});

describe('a client that goes silent', () => {
  it('is closed after the client timeout with a close message that allows reconnecting', async () => {
    const app = await startApp(first, { keepAliveMs: 10_000, clientTimeoutMs: 400 });
    const token = await signInDemoUser(app);
    const socket = new WebSocket(
      `${baseUrlOf(app).replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
      { headers: { cookie: `${SESSION_COOKIE}=${token}` } },
    );
    const received: string[] = [];
    const startedAt = Date.now();
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send('{"protocol":"json","version":1}\x1e'));
      socket.on('message', (data) => received.push(String(data)));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(350);
    expect(received[0]).toBe('{}\x1e');
    expect(JSON.parse(received.at(-1)!.replace('\x1e', ''))).toMatchObject({
      type: 7,
      allowReconnect: true,
      error: expect.stringContaining('timeout'),
    });
  });
});

describe('a server that shuts down', () => {
  it('tells every client to reconnect, and forgets its agents at once', async () => {
    const app = await startApp(first);
    const token = await signInDemoUser(app);
    const agent = createAgentClient(baseUrlOf(app));
    await agent.connection.start();
    await agent.connection.invoke(HUB_METHODS.addPrinterClient, DEMO_AGENT.appId, DEMO_PRINTERS);
    const socket = new WebSocket(
      `${baseUrlOf(app).replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
      { headers: { cookie: `${SESSION_COOKIE}=${token}` } },
    );
    const received: string[] = [];
    const closed = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => received.push(String(data)));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await new Promise<void>((resolve) => {
      socket.on('open', () => socket.send('{"protocol":"json","version":1}\x1e'));
      socket.once('message', () => resolve());
    });

    await app.close();
    await closed;
    await agent.connection.stop();
    expect(received.join('')).toContain('{"type":7,"allowReconnect":true}\x1e');
    expect(
      await first.db
        .select()
        .from(printerAgentConnections)
        .where(sql`${printerAgentConnections.appId} = ${DEMO_AGENT.appId}`),
    ).toEqual([]);
  });
});

describe('a session that ends while its socket stays open', () => {
  it('may no longer print', async () => {
    const clock = createClock(new Date());
    const app = await startApp(first, undefined, clock.now);
    const token = await signInDemoUser(app);
    const web = track(createWebClient(baseUrlOf(app), token));
    await web.connection.start();
    clock.advanceMinutes(60 * 24 * 31);
    await expect(
      web.connection.invoke(HUB_METHODS.printBarcode, JSON.stringify(cellLabelJob())),
    ).rejects.toThrow(/session has expired/);
  });
});
