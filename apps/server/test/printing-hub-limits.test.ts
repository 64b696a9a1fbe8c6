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
import { seedDemoData } from '../src/db/seed.js';
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
import { callWithSession } from './sessions.js';
import { createTestDatabase } from './test-database.js';

// What one signed-in hub connection can make the server hold and do. The
// numbers are the hub's real defaults (docs/DECISIONS.md "Printing hub"): a message is at most
// 1 MiB, invocations run at 20 per second after a burst of 100.

const RS = '\x1e';
const LIMIT_PER_SECOND = 20;
const BURST = 100;

let database: Database;
let app: FastifyInstance;
let url: string;
let sessionToken: string;
const sockets: WebSocket[] = [];
const clients: TestHubClient[] = [];

/** A hub socket after the handshake, spoken to frame by frame as an attacker would. */
interface RawHub {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  /** Completions received, with the time they arrived. */
  completions: { invocationId: string; error?: string; at: number }[];
}

/** A web client's socket by default; an agent's with `authorization`. */
async function openRawHub(
  headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${sessionToken}` },
): Promise<RawHub> {
  const socket = new WebSocket(
    `${url.replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
    { headers },
  );
  sockets.push(socket);
  const completions: RawHub['completions'] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    socket.on('message', (data) => {
      for (const record of String(data).split(RS).filter(Boolean)) {
        const message = JSON.parse(record) as {
          type?: number;
          invocationId?: string;
          error?: string;
        };
        if (message.type === undefined) resolve();
        if (message.type === 3) {
          completions.push({
            invocationId: message.invocationId!,
            error: message.error,
            at: Date.now(),
          });
        }
      }
    });
  });
  return { socket, closed, completions };
}

/** A web client's AddPrinterClient: cheap and harmless, answered with a completion. */
function askForApp(invocationId: string): string {
  return (
    JSON.stringify({
      type: 1,
      invocationId,
      target: HUB_METHODS.addPrinterClient,
      arguments: ['NOBODY-PC'],
    }) + RS
  );
}

/** How long `/healthz` takes to answer, in milliseconds. */
async function healthzMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  app = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrlOf(app);
  sessionToken = await signInDemoUser(app);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(clients.splice(0).map((client) => client.connection.stop()));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('what one hub connection can make the server hold', () => {
  it('closes with 1009 a connection whose record grows past 1 MiB without a separator', async () => {
    const hub = await openRawHub();
    // Each frame is below the frame limit (maxPayload); together they never end a record.
    const frame = 'a'.repeat(1_000_000);
    const heapBefore = process.memoryUsage().heapUsed;
    let sent = 0;
    while (sent < 64 && hub.socket.readyState === WebSocket.OPEN) {
      await new Promise<void>((resolve) => hub.socket.send(frame, () => resolve()));
      sent += 1;
    }
    const closed = await withTimeout(hub.closed, 10_000, 'close');
    expect(closed.code).toBe(1009);
    expect(closed.reason).toMatch(/too big/i);
    // Cut off after the second megabyte, not after all 64 the client had to send.
    expect(sent).toBeLessThan(64);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(48 * 1024 * 1024);
    expect(await healthzMs()).toBeLessThan(500);
  });

  it('closes with 1009 a single frame over 1 MiB', async () => {
    const hub = await openRawHub();
    hub.socket.send('a'.repeat(1024 * 1024 + 1));
    const closed = await withTimeout(hub.closed, 10_000, 'close');
    expect(closed.code).toBe(1009);
  });

  it('closes with 1008 a connection that packs more invocations in one frame than it may have waiting', async () => {
    const hub = await openRawHub();
    const frame = Array.from({ length: 2_000 }, (_, i) => askForApp(String(i))).join('');
    hub.socket.send(frame);
    const closed = await withTimeout(hub.closed, 10_000, 'close');
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/too many/i);
    expect(hub.completions.length).toBeLessThan(BURST);
  });

  it('announces an agent cut off with 1008 offline at once, not after the close timeout', async () => {
    const web = createWebClient(url, sessionToken);
    clients.push(web);
    await web.connection.start();
    const agent = await openRawHub({ authorization: `Bearer ${DEMO_AGENT.key}` });
    agent.socket.send(
      JSON.stringify({
        type: 1,
        invocationId: 'register',
        target: HUB_METHODS.addPrinterClient,
        arguments: [DEMO_AGENT.appId, DEMO_PRINTERS],
      }) + RS,
    );
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);
    const from = web.notifications.length;
    const printResult = (i: number) =>
      JSON.stringify({
        type: 1,
        invocationId: String(i),
        target: HUB_METHODS.printResult,
        arguments: ['00000000-0000-4000-8000-000000000000', true, null],
      }) + RS;
    agent.socket.send(Array.from({ length: 2_000 }, (_, i) => printResult(i)).join(''));
    expect((await withTimeout(agent.closed, 10_000, 'close')).code).toBe(1008);
    const started = Date.now();
    await web.next('PrinterDisconnected', (n) => n.appId === DEMO_AGENT.appId, from);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers a burst of pipelined invocations at 20 per second after the first 100, refusing none', async () => {
    const hub = await openRawHub();
    const count = 200;
    const started = Date.now();
    for (let i = 0; i < count; i += 1) hub.socket.send(askForApp(String(i)));
    const latencies: number[] = [];
    while (hub.completions.length < count) {
      latencies.push(await healthzMs());
      await sleep(250);
      expect(Date.now() - started).toBeLessThan(30_000);
    }
    expect(hub.completions.every((completion) => completion.error === undefined)).toBe(true);
    expect(hub.completions.map((completion) => completion.invocationId)).toEqual(
      Array.from({ length: count }, (_, i) => String(i)),
    );
    // 100 at once, the other 100 at 20 per second: at least ~5 s in all (4.5 s: timer slack).
    const lastAt = hub.completions.at(-1)!.at - started;
    expect(lastAt).toBeGreaterThanOrEqual(((count - BURST) / LIMIT_PER_SECOND) * 1000 * 0.9);
    // The first 100 run at once (~175 ms measured); the issue saw 1.2 s under its flood.
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(hub.socket.readyState).toBe(WebSocket.OPEN);
  }, 40_000);

  it('stops reading a flooding connection instead of queueing what it sends', async () => {
    const hub = await openRawHub();
    const heapBefore = process.memoryUsage().heapUsed;
    // 200,000 invocations, ~20 MB: far more than the kernel's socket buffers hold.
    const started = Date.now();
    for (let i = 0; i < 200_000; i += 1) hub.socket.send(askForApp(String(i)));
    await sleep(2_000);
    const latencies = [await healthzMs(), await healthzMs(), await healthzMs()];
    const elapsedS = (Date.now() - started) / 1000;
    expect(hub.completions.length).toBeLessThanOrEqual(
      BURST + Math.ceil(elapsedS * LIMIT_PER_SECOND) + 10,
    );
    expect(hub.completions.length).toBeGreaterThan(0);
    // What the server did not read is still waiting in the client's own buffer.
    expect(hub.socket.bufferedAmount).toBeGreaterThan(1024 * 1024);
    expect(hub.socket.readyState).toBe(WebSocket.OPEN);
    expect(Math.max(...latencies)).toBeLessThan(500);
    // The client holds ~20 MB of its own; the server adds little to it.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(96 * 1024 * 1024);
  }, 30_000);
});

describe('what the limits leave to real clients', () => {
  it('prints a topology range of 150 labels one job each, every result reported', async () => {
    const web = createWebClient(url, sessionToken);
    const agent = createAgentClient(url);
    clients.push(web, agent);
    await web.connection.start();
    await agent.connection.start();
    // As the device agent does: print each delivered job, then report it, jobs overlapping.
    const reported: Promise<unknown>[] = [];
    agent.connection.on(HUB_METHODS.notify, (notification: { type: string; jobId: string }) => {
      if (notification.type !== 'PrintBarcode') return;
      reported.push(
        agent.connection.invoke(HUB_METHODS.printResult, notification.jobId, true, null),
      );
    });
    await agent.connection.invoke(HUB_METHODS.addPrinterClient, DEMO_AGENT.appId, DEMO_PRINTERS);
    await web.next('PrinterConnected', (n) => n.appId === DEMO_AGENT.appId);

    const jobIds: string[] = [];
    for (let cell = 1; cell <= 150; cell += 1) {
      const job = cellLabelJob({
        barcodeData: [
          { name: 'barcode', value: `=34717-1-a-${cell}` },
          { name: 'name', value: `A-${cell}` },
        ],
      });
      const accepted = await web.connection.invoke<HubPrintAccepted>(
        HUB_METHODS.printBarcode,
        JSON.stringify(job),
      );
      jobIds.push(accepted.jobId);
    }
    expect(new Set(jobIds).size).toBe(150);
    await withTimeout(Promise.all(reported), 20_000, 'print results');
    expect(reported).toHaveLength(150);

    const response = await callWithSession(app, sessionToken, 'GET', '/printing-api/v1/jobs');
    const jobs = response.json<{ OperationObject: TPrintJobList }>().OperationObject;
    expect(jobs.map((job) => job.jobId)).toEqual(jobIds.slice(-50).reverse());
    expect(jobs.every((job) => job.state === 'printed')).toBe(true);
  }, 60_000);
});
