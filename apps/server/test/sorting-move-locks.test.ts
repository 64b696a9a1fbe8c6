import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import {
  BADGES,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';
import { createTestDatabase, testDatabaseUrlOf } from './test-database.js';

// A move claims its operation and locks its parcel and cell in one statement, whose snapshot
// is older than the cell's lock (docs/PERFORMANCE.md "Session 5"). These tests hold
// the cell locked from a second connection, change the cell's boxes there, and check that the
// waiting move sees the change. Only PostgreSQL has concurrent connections.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('a move waiting for its cell (PostgreSQL)', () => {
  let database: Database;
  let app: FastifyInstance;
  let other: pg.Client;
  let worker: SortingClient;
  let warehouseId = 0;
  let zoneId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    app = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
    other = new pg.Client({ connectionString: testDatabaseUrlOf(database) });
    await other.connect();
    worker = await signInClient(app, BADGES.worker, () => warehouseId);
    warehouseId = await warehouseIdOf(worker, 34717);
    zoneId = (await zoneIdsOf(worker, warehouseId)).get(1)!;
  });

  afterAll(async () => {
    await other?.end();
    await app?.close();
    await database?.close();
  });

  /** A parcel of the zone's warehouse in no box yet, and an empty cell of the zone. */
  async function freshParcelAndEmptyCell(): Promise<{ parcelId: number; cellId: number }> {
    const parcel = await other.query<{ id: number; number: string }>(
      `select id, number from parcels
       where warehouse_id = $1 and box_id is null and not needs_measure and not needs_weight
         and not needs_sticker and attention_message is null
       order by id limit 1`,
      [warehouseId],
    );
    const cell = await other.query<{ id: number }>(
      `select id from cells where zone_id = $1 and is_empty
         and not exists (select 1 from boxes where boxes.cell_id = cells.id)
       order by id limit 1`,
      [zoneId],
    );
    const parcelRow = parcel.rows[0];
    const cellRow = cell.rows[0];
    if (!parcelRow || !cellRow) throw new Error('the demo data has no free parcel or cell');
    await worker.scan(parcelRow.number, zoneId);
    return { parcelId: parcelRow.id, cellId: cellRow.id };
  }

  /** Resolves once some other backend of the test database waits for a row lock. */
  async function untilAMoveWaits(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const waiting = await other.query(
        `select 1 from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'
           and pid <> pg_backend_pid()`,
      );
      if (waiting.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the move never waited for the locked cell');
  }

  it('puts the parcel into the box another worker put into the cell meanwhile', async () => {
    const { parcelId, cellId } = await freshParcelAndEmptyCell();
    await other.query('begin');
    await other.query('select id from cells where id = $1 for update', [cellId]);
    const moving = worker.call('POST', '/sorting-api/move', { parcelId, cellId }, newOperationId());
    await untilAMoveWaits();
    // As a move that opens a box in a cell does: the box, and the cell's row rewritten.
    const box = await other.query<{ id: number; number: number }>(
      `insert into boxes (warehouse_id, number, barcode, cell_id)
       select $1, n, '_34717-' || n, $2 from (select nextval('box_numbers')::int as n) as next
       returning id, number`,
      [warehouseId, cellId],
    );
    await other.query('update cells set is_empty = false where id = $1', [cellId]);
    await other.query('commit');

    const body = (await moving).json();
    expect(body, JSON.stringify(body)).toMatchObject({
      IsSuccess: true,
      OperationObject: { boxNumber: box.rows[0]!.number, cellId },
    });
    const open = await other.query('select id from boxes where cell_id = $1 and not is_closed', [
      cellId,
    ]);
    expect(open.rows).toEqual([{ id: box.rows[0]!.id }]);
  });

  it('opens a new box when the cell lost its open box meanwhile', async () => {
    const { parcelId, cellId } = await freshParcelAndEmptyCell();
    const first = await worker.call(
      'POST',
      '/sorting-api/move',
      { parcelId, cellId },
      newOperationId(),
    );
    const firstBox = first.json().OperationObject.boxId as number;
    // Another parcel: the next free one (its suggested empty cell is not used).
    const secondParcel = await freshParcelAndEmptyCell();

    await other.query('begin');
    await other.query('select id from cells where id = $1 for update', [cellId]);
    const moving = worker.call(
      'POST',
      '/sorting-api/move',
      { parcelId: secondParcel.parcelId, cellId },
      newOperationId(),
    );
    await untilAMoveWaits();
    await other.query('update boxes set is_closed = true where id = $1', [firstBox]);
    await other.query('commit');

    const body = (await moving).json();
    expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
    expect(body.OperationObject.boxId).not.toBe(firstBox);
    const open = await other.query('select id from boxes where cell_id = $1 and not is_closed', [
      cellId,
    ]);
    expect(open.rows).toEqual([{ id: body.OperationObject.boxId }]);
  });
});
