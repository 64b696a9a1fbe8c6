import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, operations, parcels } from '../../src/db/schema.js';
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

// PostgreSQL is lost abruptly while devices scan and move. The machine's PostgreSQL
// is never stopped: a TCP proxy between the server process and PostgreSQL resets and refuses
// connections, then lets them through again. PostgreSQL only.

const DEVICES = 4;
const PARCELS = 60;

let store: ChildDatabase;
let proxy: TcpProxy;
let server: ServerChild;
let numbers: string[] = [];

const serverUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  if (!serverUrl) return;
  ({ store, proxy, server, numbers } = await startServerBehindProxy({
    count: PARCELS,
    prefix: 'L',
    keys: 1,
  }));
});

afterAll(async () => {
  killServerChildren();
  await proxy?.close();
  await store?.drop();
});

interface Attempt {
  parcelNumber: string;
  operationId: string;
  body: { parcelId: number; cellId: number } | null;
  answers: HttpAnswer[];
}

describe.skipIf(!serverUrl)('PostgreSQL lost while devices scan', () => {
  it('answers a retryable 503 meanwhile, recovers by itself, writes nothing half', async () => {
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

    const attempts: Attempt[] = [];
    const failures: HttpAnswer[] = [];
    let next = 0;
    let isRunning = true;

    /** One device: scan → move with an operation id, retrying the same id until answered. */
    async function runDevice(device: HttpDevice): Promise<void> {
      while (isRunning && next < numbers.length) {
        const attempt: Attempt = {
          parcelNumber: numbers[next++]!,
          operationId: newOperationId(),
          body: null,
          answers: [],
        };
        attempts.push(attempt);
        while (isRunning) {
          if (attempt.body === null) {
            const scan = await device.call('POST', '/sorting-api/parcels/scan', {
              barcode: attempt.parcelNumber,
              warehouseId,
              zoneId,
            });
            if (scan.status !== 200) {
              failures.push(scan);
              await new Promise((resolve) => setTimeout(resolve, 50));
              continue;
            }
            const parcel = scan.body?.OperationObject as { id: number; cells: { id: number }[] };
            attempt.body = { parcelId: parcel.id, cellId: parcel.cells[0]!.id };
          }
          const move = await device.call(
            'POST',
            '/sorting-api/move',
            attempt.body,
            attempt.operationId,
          );
          attempt.answers.push(move);
          if (move.status === 200) break;
          failures.push(move);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }

    const succeeded = () => attempts.filter((a) => a.answers.at(-1)?.body?.IsSuccess === true);
    const running = Promise.all(devices.map(runDevice));
    running.catch(() => {});
    await waitFor(() => succeeded().length >= 8);
    const movedBeforeCut = succeeded().length;
    proxy.cut();
    await waitFor(() => failures.length >= 8);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const failuresDuringCut = failures.length;
    proxy.restore();
    // Recovers by itself: the same process answers successes again.
    await waitFor(
      () => succeeded().length >= movedBeforeCut + 8 || server.child.exitCode !== null,
      {
        timeoutMs: 30_000,
      },
    );
    isRunning = false;
    await running.catch((error: unknown) => {
      throw new Error(`a device failed: ${String(error)}\n${server.output()}`);
    });
    expect(server.child.exitCode, server.output()).toBeNull();

    // Every failure meanwhile was the clear, retryable envelope: 503, ErrorCode 503,
    // Retry-After, a message, no stack or internals.
    expect(failuresDuringCut).toBeGreaterThanOrEqual(8);
    for (const failure of failures) {
      expect(failure.status, failure.text).toBe(503);
      expect(failure.headers.get('retry-after')).toBe('2');
      expect(failure.body).toMatchObject({
        IsSuccess: false,
        ErrorCode: 503,
        IsCriticalError: false,
        IsRepeat: false,
        OperationObject: null,
      });
      expect(failure.body?.Message).toEqual(expect.stringMatching(/База данных недоступна/));
      expect(failure.text).not.toMatch(/at .*\.(ts|js):\d+|ECONN|terminated/);
    }
    // Ready again: the database answers (/healthz, liveness, never asked it).
    const health = await fetch(`${server.url}/readyz`);
    expect(health.status).toBe(200);

    // Nothing half-written: each move answered once as a success has exactly one event,
    // one stored operation and its parcel in the answered box; no other move exists.
    // (A 200 refusal — another device's box of another key in the cell — moved nothing.)
    const answered = succeeded();
    expect(answered.length).toBeGreaterThanOrEqual(16);
    const database = await store.open();
    try {
      const moved = await database.db
        .select({
          parcelId: sql<number>`(${events.payload}->>'parcelId')::int`,
          boxId: sql<number>`(${events.payload}->>'boxId')::int`,
        })
        .from(events)
        .where(eq(events.kind, 'parcel.moved'));
      expect(moved.length).toBe(answered.length);
      for (const attempt of answered) {
        const answer = attempt.answers.at(-1)!.body!;
        expect(answer, attempt.parcelNumber).toMatchObject({ IsSuccess: true });
        const result = answer.OperationObject as { boxId: number };
        const rows = moved.filter((row) => row.parcelId === attempt.body!.parcelId);
        expect(rows, attempt.parcelNumber).toEqual([
          { parcelId: attempt.body!.parcelId, boxId: result.boxId },
        ]);
        const [parcel] = await database.db
          .select({ boxId: parcels.boxId })
          .from(parcels)
          .where(eq(parcels.id, attempt.body!.parcelId));
        expect(parcel?.boxId).toBe(result.boxId);
        const stored = await database.db
          .select({ id: operations.operationId })
          .from(operations)
          .where(eq(operations.operationId, attempt.operationId));
        expect(stored.length).toBe(1);
      }
    } finally {
      await database.close();
    }
  });
});
