import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMoveResult } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { DEMO_PARCELS } from '../src/db/demo-data.js';
import { events, inbounds, parcels } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import { createReopenableTestDatabase } from './test-database.js';
import {
  BADGES,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// A crash between calls loses nothing answered as a success: the database is closed and
// opened again (a new app over it) between the calls, then the state is read back.
let store: Awaited<ReturnType<typeof createReopenableTestDatabase>>;
let database: Database | null = null;
let app: FastifyInstance | null = null;
let worker: SortingClient;
let sc = 0;
let sito = 0;

async function start(): Promise<void> {
  database = await store.open();
  app = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
  worker = await signInClient(app, BADGES.worker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
  sito = (await zoneIdsOf(worker, sc)).get(1) ?? 0;
}

async function stop(): Promise<void> {
  await app?.close();
  await database?.close();
  app = null;
  database = null;
}

function db() {
  if (!database) throw new Error('database closed');
  return database.db;
}

beforeAll(async () => {
  store = await createReopenableTestDatabase();
  const first = await store.open();
  await seedDemoData(first.db);
  await first.close();
  await start();
});

afterAll(async () => {
  await stop();
  await store?.drop();
});

describe('sorting across restarts', () => {
  it('keeps every answered move, and a replay after the restart is still a repeat', async () => {
    const parcel = await worker.scan('P100001', sito);
    const operationId = newOperationId();
    const body = { parcelId: parcel.id, cellId: parcel.cells[0]?.id };
    const answered = await worker.call('POST', '/sorting-api/move', body, operationId);
    expect(answered.json()).toMatchObject({ IsSuccess: true, IsRepeat: false });

    await stop();
    await start();

    const [row] = await db().select().from(parcels).where(eq(parcels.number, 'P100001'));
    expect(row?.boxId).not.toBeNull();
    expect((await worker.scan('P100001', sito)).boxNumber).toBe(
      (answered.json().OperationObject as TMoveResult).boxNumber,
    );
    const replay = await worker.call('POST', '/sorting-api/move', body, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.json().OperationObject).toEqual(answered.json().OperationObject);
    const moves = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.kind, 'parcel.moved'));
    expect(moves[0]?.n).toBe(1);
  });

  it('receives the whole inbound over restarts; the last move reports it received', async () => {
    const remaining = DEMO_PARCELS.filter(
      (p) => p.inboundNumber === 'IN-0001' && p.number !== 'P100001',
    );
    const results: TMoveResult[] = [];
    for (const demo of remaining) {
      const parcel = await worker.scan(demo.number, sito);
      // A parcel that needs measure or weight is measured and weighed first, as on the screen
      // (docs/DECISIONS.md "Sorting rules": the move refuses it before).
      if (demo.needsMeasure) {
        const measured = await worker.call('POST', '/sorting-api/parcels/measure', {
          parcelId: parcel.id,
          length: 30,
          width: 20,
          height: 15,
        });
        expect(measured.json(), demo.number).toMatchObject({ IsSuccess: true });
      }
      if (demo.needsWeight) {
        const weighed = await worker.call('POST', '/sorting-api/parcels/weight', {
          parcelId: parcel.id,
          weight: 1200,
        });
        expect(weighed.json(), demo.number).toMatchObject({ IsSuccess: true });
      }
      const response = await worker.call('POST', '/sorting-api/move', {
        parcelId: parcel.id,
        cellId: parcel.cells[0]?.id,
      });
      expect(response.json(), demo.number).toMatchObject({ IsSuccess: true });
      results.push(response.json().OperationObject as TMoveResult);
      await stop();
      await start();
    }
    expect(results.slice(0, -1).every((result) => !result.isInboundReceipted)).toBe(true);
    expect(results.at(-1)).toMatchObject({ inboundNumber: 'IN-0001', isInboundReceipted: true });
    const received = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      // IN-0001's parcels only: the demo supplies bring received parcels of their own.
      .where(
        sql`${parcels.isReceipted} and ${parcels.inboundId} = (select ${inbounds.id} from ${inbounds} where ${inbounds.number} = 'IN-0001')`,
      );
    expect(received[0]?.n).toBe(remaining.length + 1);
    expect((await worker.scan('P100002', sito)).isInboundReceipted).toBe(true);
  });
});
