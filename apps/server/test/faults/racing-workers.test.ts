import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { boxes, cells, events, parcels } from '../../src/db/schema.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createTestConfig } from '../helpers.js';
import {
  BADGES,
  cellIdOf,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from '../sorting-client.js';
import { createTestDatabase } from '../test-database.js';
import { seedExtraParcels } from './fault-fixtures.js';

// Thirty-two workers race on the same few parcels and cells. Whatever wins, a parcel
// lies in at most one box, every box holds one sorting key, and box and cell contents equal
// what the recorded moves (events) say.

const WORKERS = 32;
const ROUNDS = 5;
const CELL_BARCODES = ['=34717-1-b-01', '=34717-1-b-02', '=34717-1-b-03', '=34717-1-b-04'];

let database: Database;
let app: FastifyInstance;
let pool: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  pool = await seedExtraParcels(database.db, { count: 16, prefix: 'R', keys: 3 });
  app = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A small deterministic generator, so a failure can be replayed with the same seed. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('32 workers racing on the same parcels and cells', () => {
  it('never puts a parcel in two places; boxes and cells equal the recorded moves', async () => {
    let sc = 0;
    const workers: SortingClient[] = [];
    for (let index = 0; index < WORKERS; index += 1) {
      workers.push(
        await signInClient(app, index % 2 === 0 ? BADGES.worker : BADGES.otherWorker, () => sc),
      );
    }
    sc = await warehouseIdOf(workers[0]!, 34717);
    const sito = (await zoneIdsOf(workers[0]!, sc)).get(1)!;
    const cellIds = await Promise.all(
      CELL_BARCODES.map((barcode) => cellIdOf(workers[0]!, sc, barcode)),
    );

    const outcomes = { moved: 0, inPlace: 0, refused: 0 };
    const errors: string[] = [];
    await Promise.all(
      workers.map(async (worker, index) => {
        const random = createRandom(index + 1);
        for (let round = 0; round < ROUNDS; round += 1) {
          const barcode = pool[Math.floor(random() * pool.length)]!;
          const scan = await worker.call('POST', '/sorting-api/parcels/scan', {
            barcode,
            warehouseId: sc,
            zoneId: sito,
          });
          const parcelId = (scan.json().OperationObject as { id: number }).id;
          const cellId = cellIds[Math.floor(random() * cellIds.length)]!;
          const move = await worker.call(
            'POST',
            '/sorting-api/move',
            { parcelId, cellId },
            newOperationId(),
          );
          const body = move.json();
          if (move.statusCode !== 200) errors.push(`${move.statusCode} ${move.body}`);
          // A move to where the parcel already lies changes nothing and says so (IsRepeat).
          else if (body.IsSuccess === true && body.IsRepeat === true) {
            if (body.OperationObject?.isAlreadyInPlace === true) outcomes.inPlace += 1;
            else errors.push(move.body);
          } else if (body.IsSuccess === true) outcomes.moved += 1;
          else if ([1, 409].includes(body.ErrorCode as number)) outcomes.refused += 1;
          else errors.push(move.body);
        }
      }),
    );
    // Only success, "already in place" or a clean business refusal (another key in the box,
    // state changed).
    expect(errors).toEqual([]);
    expect(outcomes.moved).toBeGreaterThan(0);
    expect(outcomes.moved + outcomes.inPlace + outcomes.refused).toBe(WORKERS * ROUNDS);

    const db = database.db;
    const moveEvents = await db
      .select({ id: events.id, payload: events.payload })
      .from(events)
      .where(eq(events.kind, 'parcel.moved'))
      .orderBy(events.id);
    // Every answered move wrote exactly one event, nothing else did ("already in place" none).
    expect(moveEvents.length).toBe(outcomes.moved);

    const lastBoxOf = new Map<number, number>();
    const lastCellOfBox = new Map<number, number | null>();
    for (const event of moveEvents) {
      const payload = event.payload as { parcelId: number; boxId: number; cellId: number | null };
      lastBoxOf.set(payload.parcelId, payload.boxId);
      lastCellOfBox.set(payload.boxId, payload.cellId);
    }
    const poolRows = await db
      .select({ id: parcels.id, boxId: parcels.boxId, key: parcels.sortingKey })
      .from(parcels)
      .where(inArray(parcels.number, pool));
    for (const row of poolRows) {
      expect(row.boxId, `parcel ${row.id}`).toBe(lastBoxOf.get(row.id) ?? null);
    }

    // Box contents equal the moves: the parcels whose last move went into the box.
    const boxRows = await db.select().from(boxes);
    for (const box of boxRows.filter((b) => lastCellOfBox.has(b.id))) {
      const inside = poolRows.filter((row) => row.boxId === box.id);
      const recorded = [...lastBoxOf].filter(([, boxId]) => boxId === box.id);
      expect(inside.length, `box ${box.number}`).toBe(recorded.length);
      expect(new Set(inside.map((row) => row.key)).size, `box ${box.number}`).toBeLessThanOrEqual(
        1,
      );
      if (inside.length > 0) expect(box.sortingKey).toBe(inside[0]!.key);
      expect(box.cellId, `box ${box.number}`).toBe(lastCellOfBox.get(box.id));
    }
    // A cell holds at most one open box, and is empty exactly when no box stands in it.
    for (const cellId of cellIds) {
      const standing = boxRows.filter((box) => box.cellId === cellId);
      expect(standing.filter((box) => !box.isClosed).length).toBeLessThanOrEqual(1);
      const [cell] = await db.select().from(cells).where(eq(cells.id, cellId));
      expect(cell?.isEmpty).toBe(standing.length === 0);
    }
    const [stored] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`operations`);
    // Every answered operation keeps its answer ("already in place" too); a refused one none.
    expect(stored?.n).toBe(outcomes.moved + outcomes.inPlace);
  });
});
