import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolStats } from '../../src/db/database.js';
import { BADGES } from '../sorting-client.js';
import {
  startServerBehindProxy,
  HttpDevice,
  killServerChildren,
  newOperationId,
  waitFor,
  type ChildDatabase,
  type HttpAnswer,
  type ServerChild,
} from './fault-fixtures.js';
import type { TcpProxy } from './tcp-proxy.js';

// PostgreSQL crashed again and again under load must leave the server's
// pool whole. Each crash is a cut of the TCP proxy between the server process and
// PostgreSQL (every connection reset, new ones refused), as the database-loss test.
// PostgreSQL only.

const CRASHES = 20;
/** More devices than the pool has clients, so requests wait for one as under real load. */
const DEVICES = 14;
const PARCELS = 120;
/** What a user notices: an answer (a success, or the retryable 503 while down) within 1 s. */
const ANSWER_WITHIN_MS = 1_000;
const SHUTDOWN_WITHIN_MS = 3_000;
/** How long a request waits for a pool client before its 503 (database.ts). */
const POOL_CONNECTION_TIMEOUT_MS = 5_000;

let store: ChildDatabase;
let proxy: TcpProxy;
let server: ServerChild;
let numbers: string[] = [];

const serverUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  if (!serverUrl) return;
  ({ store, proxy, server, numbers } = await startServerBehindProxy({
    count: PARCELS,
    prefix: 'C',
    keys: 3,
  }));
});

afterAll(async () => {
  killServerChildren();
  await proxy?.close();
  await store?.drop();
});

interface Timed {
  answer: HttpAnswer;
  ms: number;
}

async function timed(call: () => Promise<HttpAnswer>): Promise<Timed> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

async function poolOf(server: ServerChild): Promise<PoolStats> {
  const response = await fetch(`${server.url}/healthz`);
  const body = (await response.json()) as { pool?: PoolStats };
  if (!body.pool) throw new Error(`no pool in /healthz: ${JSON.stringify(body)}`);
  return body.pool;
}

describe.skipIf(!serverUrl)('PostgreSQL crashed 20 times under load', () => {
  it('keeps no dead client, answers within 1 s afterwards and shuts down in under 3 s', async () => {
    const devices = Array.from({ length: DEVICES }, () => new HttpDevice(server.url));
    for (const [index, device] of devices.entries()) {
      await device.signIn(index % 2 === 0 ? BADGES.worker : BADGES.otherWorker);
    }
    const warehouse = await devices[0]!.call('POST', '/sorting-api/warehouses/search', {
      number: 34717,
    });
    const warehouseId = (warehouse.body?.OperationObject as { Id: number }).Id;
    const zones = await devices[0]!.call('GET', `/sorting-api/zones?warehouseId=${warehouseId}`);
    const zoneId = (zones.body?.OperationObject as { Id: number; Number: number }[]).find(
      (zone) => zone.Number === 1,
    )!.Id;

    /** A scan and a move (a transaction): a success, a refusal or a 503 are all answers. */
    async function scanAndMove(device: HttpDevice, barcode: string): Promise<Timed[]> {
      const scan = await timed(() =>
        device.call('POST', '/sorting-api/parcels/scan', { barcode, warehouseId, zoneId }),
      );
      if (scan.answer.status !== 200) return [scan];
      const parcel = scan.answer.body?.OperationObject as { id: number; cells: { id: number }[] };
      const cellId = parcel.cells[0]?.id ?? 0;
      const move = await timed(() =>
        device.call('POST', '/sorting-api/move', { parcelId: parcel.id, cellId }, newOperationId()),
      );
      return [scan, move];
    }

    let isRunning = true;
    let next = 0;
    let served = 0;
    let unavailable = 0;
    let slowest = 0;
    const unexpected: HttpAnswer[] = [];
    async function runDevice(device: HttpDevice): Promise<void> {
      while (isRunning) {
        const barcode = numbers[next++ % numbers.length]!;
        for (const { answer, ms } of await scanAndMove(device, barcode)) {
          slowest = Math.max(slowest, ms);
          if (answer.status === 200) served += 1;
          else if (answer.status === 503) unavailable += 1;
          else unexpected.push(answer);
        }
      }
    }
    const load = Promise.all(devices.map(runDevice));
    load.catch(() => {});

    // Each crash comes once the database serves again (10 successes since the last one).
    let crashes = 0;
    while (crashes < CRASHES) {
      const servedBefore = served;
      const isServing = await waitFor(() => served >= servedBefore + 10, { timeoutMs: 12_000 })
        .then(() => true)
        .catch(() => false);
      if (!isServing) break;
      const unavailableBefore = unavailable;
      proxy.cut();
      crashes += 1;
      await waitFor(() => unavailable > unavailableBefore, { timeoutMs: 10_000 });
      proxy.restore();
    }
    isRunning = false;
    await load;
    expect(server.child.exitCode, server.output().slice(-4_000)).toBeNull();

    // The pool: nothing checked out but the LISTEN clients, nobody waiting. A client that
    // died checked out would stay counted here for ever.
    await waitFor(
      async () => {
        const pool = await poolOf(server);
        return pool.listening === 2 && pool.waiting === 0;
      },
      { timeoutMs: 10_000 },
    ).catch(() => {});
    const pool = await poolOf(server);
    expect(
      pool.total - pool.idle - pool.listening,
      `after ${crashes} crashes: ${JSON.stringify(pool)}`,
    ).toBe(0);
    expect(pool.waiting).toBe(0);
    expect(crashes, 'the server served again after every crash').toBe(CRASHES);
    // Every answer meanwhile was a success or the retryable 503, none waited the pool's 5 s
    // connection timeout for a client that never came back (about 0.5 s at worst here).
    expect(unexpected.map((answer) => answer.text)).toEqual([]);
    expect(slowest).toBeLessThan(POOL_CONNECTION_TIMEOUT_MS);

    // Every call answers a success within 1 s, also with every device at once.
    for (let round = 0; round < 3; round += 1) {
      const answers = (
        await Promise.all(
          devices.map((device, index) =>
            scanAndMove(device, numbers[(round * DEVICES + index) % numbers.length]!),
          ),
        )
      ).flat();
      for (const { answer, ms } of answers) {
        expect(answer.status, answer.text).toBe(200);
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
    }

    // SIGTERM: the process closes its pool and exits by itself, well before the force-kill.
    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output().slice(-4_000)).toBe(0);
    expect(performance.now() - stoppedAt).toBeLessThan(SHUTDOWN_WITHIN_MS);
  });
});
