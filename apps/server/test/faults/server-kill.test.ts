import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, parcels } from '../../src/db/schema.js';
import { BADGES } from '../sorting-client.js';
import {
  createChildDatabase,
  HttpDevice,
  killServerChildren,
  newOperationId,
  prepareChildDatabase,
  startServerChild,
  waitFor,
  type ChildDatabase,
  type ServerChild,
} from './fault-fixtures.js';

// Fault tests (docs/DECISIONS.md "Faults and bad input"): a real server process is SIGKILLed in the middle of a burst of moves
// from many devices, started again on the same database, and the devices retry what got no
// answer with the same operation ids. On PostgreSQL with DATABASE_URL, else a PGlite DATA_DIR.

// Smaller on PGlite: one embedded process serialises every call.
const DEVICES = process.env.DATABASE_URL ? 12 : 6;
const PARCELS_PER_DEVICE = process.env.DATABASE_URL ? 8 : 5;
/** The kill comes after this many answered moves, so the burst is well under way. */
const KILL_AFTER = process.env.DATABASE_URL ? 30 : 10;

interface Move {
  parcelNumber: string;
  parcelId: number;
  cellId: number;
  operationId: string;
  device: HttpDevice;
  /** The first success answer (IsRepeat false or true), else null. */
  answer: Record<string, unknown> | null;
}

let store: ChildDatabase;
let server: ServerChild;
let numbers: string[] = [];

beforeAll(async () => {
  store = await createChildDatabase();
  numbers = await prepareChildDatabase(store, {
    count: DEVICES * PARCELS_PER_DEVICE,
    prefix: 'K',
  });
  server = await startServerChild(store.env);
});

afterAll(async () => {
  killServerChildren();
  await store?.drop();
});

async function scanAndPick(
  device: HttpDevice,
  ids: { warehouseId: number; zoneId: number },
  barcode: string,
): Promise<{ parcelId: number; cellId: number }> {
  const scan = await device.call('POST', '/sorting-api/parcels/scan', {
    barcode,
    warehouseId: ids.warehouseId,
    zoneId: ids.zoneId,
  });
  expect(scan.body, scan.text).toMatchObject({ IsSuccess: true });
  const parcel = scan.body?.OperationObject as { id: number; cells: { id: number }[] };
  const cell = parcel.cells[0];
  if (!cell) throw new Error(`no cell suggested for ${barcode}`);
  return { parcelId: parcel.id, cellId: cell.id };
}

describe('server killed during a burst of moves', () => {
  it('keeps every answered move exactly once; retries and a full replay are repeats', async () => {
    const devices = Array.from({ length: DEVICES }, () => new HttpDevice(server.url));
    await Promise.all(
      devices.map((device, index) =>
        device.signIn(index % 2 === 0 ? BADGES.worker : BADGES.otherWorker),
      ),
    );
    const warehouse = await devices[0]!.call('POST', '/sorting-api/warehouses/search', {
      number: 34717,
    });
    const warehouseId = (warehouse.body?.OperationObject as { Id: number }).Id;
    const zones = await devices[0]!.call('GET', `/sorting-api/zones?warehouseId=${warehouseId}`);
    const zoneId = (zones.body?.OperationObject as { Id: number; Number: number }[]).find(
      (zone) => zone.Number === 1,
    )!.Id;
    const ids = { warehouseId, zoneId };

    const moves: Move[] = [];
    let answered = 0;
    let lostAnswers = 0;
    let isDown = false;

    /** One move, retried with the SAME id until the server answers it. */
    async function moveUntilAnswered(device: HttpDevice, move: Move): Promise<void> {
      for (;;) {
        try {
          const response = await device.call(
            'POST',
            '/sorting-api/move',
            { parcelId: move.parcelId, cellId: move.cellId },
            move.operationId,
          );
          if (response.body?.IsSuccess === true) {
            move.answer = response.body;
            answered += 1;
          }
          // A refusal (another device took the cell for another key) stores nothing.
          return;
        } catch {
          lostAnswers += 1;
          // The server is gone: wait for it to come back, then send the same operation.
          await waitFor(() => !isDown, { timeoutMs: 60_000 });
          device.baseUrl = server.url;
        }
      }
    }

    async function runDevice(device: HttpDevice, index: number): Promise<void> {
      const mine = numbers.slice(index * PARCELS_PER_DEVICE, (index + 1) * PARCELS_PER_DEVICE);
      for (const barcode of mine) {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          let picked: { parcelId: number; cellId: number };
          try {
            picked = await scanAndPick(device, ids, barcode);
          } catch (error) {
            if (!(error instanceof TypeError)) throw error;
            lostAnswers += 1;
            await waitFor(() => !isDown, { timeoutMs: 60_000 });
            device.baseUrl = server.url;
            continue;
          }
          const move: Move = {
            parcelNumber: barcode,
            ...picked,
            operationId: newOperationId(),
            device,
            answer: null,
          };
          moves.push(move);
          await moveUntilAnswered(device, move);
          if (move.answer) break;
        }
      }
    }

    const burst = Promise.all(devices.map((device, index) => runDevice(device, index)));
    await waitFor(() => answered >= KILL_AFTER);
    isDown = true;
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServerChild(store.env);
    isDown = false;
    await burst;

    // The kill really cut requests in flight (moves or scans).
    expect(lostAnswers).toBeGreaterThan(0);
    const succeeded = moves.filter((move) => move.answer !== null);
    expect(new Set(succeeded.map((move) => move.parcelNumber)).size).toBe(succeeded.length);
    expect(succeeded.length).toBe(numbers.length);

    // A full replay of every answered move on the restarted server: all repeats, same answers.
    const replays = await Promise.all(
      succeeded.map(async (move) => ({
        move,
        response: await move.device.call(
          'POST',
          '/sorting-api/move',
          { parcelId: move.parcelId, cellId: move.cellId },
          move.operationId,
        ),
      })),
    );
    for (const { move, response } of replays) {
      expect(response.body, response.text).toMatchObject({ IsSuccess: true, IsRepeat: true });
      expect(response.body?.OperationObject).toEqual(move.answer?.OperationObject);
    }
    // Stop the server so this process can read the database (PGlite: one process at a time).
    server.child.kill('SIGTERM');
    await server.exited;
    const database = await store.open();
    try {
      const movedEvents = await database.db
        .select({
          parcelId: sql<number>`(${events.payload}->>'parcelId')::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(events)
        .where(eq(events.kind, 'parcel.moved'))
        .groupBy(sql`1`);
      const eventsByParcel = new Map(movedEvents.map((row) => [row.parcelId, row.n]));
      for (const move of succeeded) {
        expect(eventsByParcel.get(move.parcelId), move.parcelNumber).toBe(1);
        const [row] = await database.db
          .select({ boxId: parcels.boxId })
          .from(parcels)
          .where(eq(parcels.id, move.parcelId));
        const result = move.answer?.OperationObject as { boxId: number };
        expect(row?.boxId, move.parcelNumber).toBe(result.boxId);
      }
      // Nothing was moved that was not answered as a success.
      expect([...eventsByParcel.values()].reduce((sum, n) => sum + n, 0)).toBe(succeeded.length);
    } finally {
      await database.close();
    }
  });
});
