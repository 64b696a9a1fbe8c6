import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createEventRecorder, eventCtes } from '../src/db/events.js';
import { pagedSelect } from '../src/db/paged-select.js';
import { rowsOf } from '../src/db/raw-rows.js';
import { events } from '../src/db/schema-base.js';
import { eventUnits } from '../src/db/schema-sorting.js';
import { createTestDatabase } from './test-database.js';

// The two helpers of db/ every module writes and lists through (docs/ARCHITECTURE.md, server
// layers): `events.record` appends to the history what a unit's vision history reads back,
// and `pagedSelect` answers a page with the whole list's total, past the end too.

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function unitsOf(eventId: number): Promise<string[]> {
  const rows = await database.db
    .select({ barcode: eventUnits.barcode })
    .from(eventUnits)
    .where(eq(eventUnits.eventId, eventId))
    .orderBy(asc(eventUnits.barcode));
  return rows.map((row) => row.barcode);
}

describe('events.record', () => {
  it('writes who, where, when, the kind and the payload as given, and each unit once', async () => {
    const at = new Date('2026-03-01T10:20:30.456Z');
    const id = await createEventRecorder(database.db).record(
      { userId: 7, warehouseId: 34717, at },
      'parcel.moved',
      { parcelNumber: 'P-1', nested: { cell: 'A-1', count: 2 }, none: null },
      ['P-1', 'BOX-1', null, undefined, '', 'P-1'],
    );
    const [row] = await database.db.select().from(events).where(eq(events.id, id));
    expect(row).toEqual({
      id,
      at,
      userId: 7,
      warehouseId: 34717,
      kind: 'parcel.moved',
      payload: { parcelNumber: 'P-1', nested: { cell: 'A-1', count: 2 }, none: null },
    });
    expect(await unitsOf(id)).toEqual(['BOX-1', 'P-1']);
  });

  it('takes the database clock without a time, and no warehouse nor units when there are none', async () => {
    const { id, now } = await database.db.transaction(async (tx) => {
      const recorded = await createEventRecorder(tx).record(
        { userId: null, warehouseId: null },
        'sign-in-refused',
        { reason: 'rate-limited' },
      );
      const [clock] = rowsOf<{ now: string | Date }>(await tx.execute(sql`select now() as now`));
      return { id: recorded, now: new Date(clock!.now) };
    });
    const [row] = await database.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ userId: null, warehouseId: null, kind: 'sign-in-refused' });
    expect(row?.at.getTime()).toBe(now.getTime());
    expect(await unitsOf(id)).toEqual([]);
  });

  it('stands inside a bigger statement as its `event` and `units` CTEs', async () => {
    const result = await database.db.execute(sql`
      with ${eventCtes(
        { userId: 8, warehouseId: 1201, at: new Date('2026-03-02T08:00:00.000Z') },
        'parcel.pickedUp',
        { pickingId: 5 },
        ['P-2', 'CELL-2'],
      )}, answered as (select 41 + 1 as answer)
      select (select id from event) as id, answer from answered`);
    const [row] = rowsOf<{ id: unknown; answer: unknown }>(result);
    expect(Number(row?.answer)).toBe(42);
    const id = Number(row?.id);
    const [stored] = await database.db.select().from(events).where(eq(events.id, id));
    expect(stored).toMatchObject({ userId: 8, warehouseId: 1201, kind: 'parcel.pickedUp' });
    expect(stored?.payload).toEqual({ pickingId: 5 });
    expect(await unitsOf(id)).toEqual(['CELL-2', 'P-2']);
  });
});

describe('pagedSelect', () => {
  const WAREHOUSE = 999;
  let ids: number[] = [];

  beforeAll(async () => {
    const recorder = createEventRecorder(database.db);
    ids = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(await recorder.record({ userId: n, warehouseId: WAREHOUSE }, `listed.${n}`, {}));
    }
  });

  function countedPage(limit: number, offset: number, warehouseId = WAREHOUSE) {
    const where = eq(events.warehouseId, warehouseId);
    return pagedSelect(database.db, {
      page: database.db
        .select({ id: events.id, kind: events.kind })
        .from(events)
        .where(where)
        .orderBy(asc(events.id))
        .limit(limit)
        .offset(offset),
      from: events,
      where,
    });
  }

  function listedPage(limit: number, offset: number, warehouseId = WAREHOUSE) {
    return pagedSelect(database.db, {
      listed: sql`select id, kind from events where warehouse_id = ${warehouseId}`,
      page: sql`select id, kind, user_id from listed inner join events using (id, kind)
        order by id desc limit ${limit} offset ${offset}`,
    });
  }

  it('answers a page in the list’s order and the whole list’s total (two statements)', async () => {
    expect(await countedPage(2, 1)).toEqual({
      rows: [
        { id: ids[1], kind: 'listed.2' },
        { id: ids[2], kind: 'listed.3' },
      ],
      total: 5,
    });
    expect(await countedPage(2, 10)).toEqual({ rows: [], total: 5 });
    expect(await countedPage(2, 0, 12345)).toEqual({ rows: [], total: 0 });
  });

  it('answers a page in the page’s order and the total in one statement, past the end too', async () => {
    const page = await listedPage(2, 1);
    expect(page.total).toBe(5);
    expect(page.rows.map((row) => [Number(row.id), row.kind, Number(row.user_id)])).toEqual([
      [ids[3], 'listed.4', 4],
      [ids[2], 'listed.3', 3],
    ]);
    expect(await listedPage(2, 5)).toEqual({ rows: [], total: 5 });
    expect(await listedPage(2, 0, 12345)).toEqual({ rows: [], total: 0 });
  });
});
