import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPOLOGY_ROUTES,
  fillPath,
  type TCellsCreated,
  type TTopologyBox,
  type TTopologyCell,
  type TTopologyZone,
} from '@sorting/contracts';
import { cells, events, zones } from '../src/db/schema.js';
import { ok, refused, type CamelEnvelope } from './camel-envelope.js';
import { WEB_HEADERS, createSessionTestApp } from './sessions.js';
import {
  BADGES,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// docs/DECISIONS.md "Topology": zones and cells as data, the boxes a label is reprinted for.

const SC = 'MSK-SC1';
/** Петрова Мария, supervisor of 34717; Админов Олег, its administrator. */
const SUPERVISOR_BADGE = '~S2001-9TB4';
const ADMIN_BADGE = '~A3001-5RZ6';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let foreignWorker: SortingClient;
let supervisor: SortingClient;
let admin: SortingClient;
let sc: number;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
  supervisor = await signInClient(context.app, SUPERVISOR_BADGE, () => sc);
  admin = await signInClient(context.app, ADMIN_BADGE, () => sc);
  sc = await warehouseIdOf(worker, 34717);
});

afterAll(async () => {
  await context?.close();
});

type Route = keyof typeof TOPOLOGY_ROUTES;

function urlOf(route: Route, params: Record<string, unknown>, query?: Record<string, unknown>) {
  const path = fillPath(TOPOLOGY_ROUTES[route].path, params);
  if (!query) return path;
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${path}?${search.toString()}`;
}

function createCells(
  client: SortingClient,
  zoneNumber: number,
  range: { rowFrom: string; rowTo: string; colFrom: number; colTo: number },
  operationId = newOperationId(),
  warehouseCode = SC,
) {
  return client.call(
    'POST',
    urlOf('createCells', { warehouseCode, zoneNumber }),
    range,
    operationId,
  );
}

async function cellsOf(
  zoneNumber: number,
  range = { rowFrom: 'a', rowTo: 'z', colFrom: 1, colTo: 99 },
): Promise<TTopologyCell[]> {
  const response = await worker.call(
    'GET',
    urlOf('cells', { warehouseCode: SC, zoneNumber }, range),
  );
  return ok<TTopologyCell[]>(response).operationObject;
}

async function zonesOf(client: SortingClient): Promise<TTopologyZone[]> {
  return ok<TTopologyZone[]>(await client.call('GET', urlOf('zones', { warehouseCode: SC })))
    .operationObject;
}

async function cellsCreatedEvents(): Promise<number> {
  const rows = await context.database.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.kind, 'topology.cellsCreated'));
  return rows.length;
}

describe('GET /topology-api/v1/{warehouseCode}/zones', () => {
  it('lists every zone with its cell count and extent, the empty demo zone 9 included', async () => {
    const list = await zonesOf(worker);
    expect(list.map((zone) => zone.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(list[0]).toMatchObject({
      number: 1,
      type: 'SITO',
      barcode: '%Z34717-1',
      cellCount: 26 * 12,
      rowFrom: 'a',
      rowTo: 'z',
      colFrom: 1,
      colTo: 12,
    });
    expect(list[8]).toMatchObject({
      number: 9,
      name: 'Резерв',
      cellCount: 0,
      rowFrom: null,
      colTo: null,
    });
    // The warehouse by its number as well as its code.
    const byNumber = await worker.call('GET', urlOf('zones', { warehouseCode: 34717 }));
    expect(ok<TTopologyZone[]>(byNumber).operationObject).toHaveLength(9);
  });

  it('refuses another centre’s warehouse (403) and an unknown one (104)', async () => {
    const other = await foreignWorker.call('GET', urlOf('zones', { warehouseCode: SC }));
    expect(other.statusCode).toBe(403);
    refused(await worker.call('GET', urlOf('zones', { warehouseCode: 'NO-SUCH' })), 104);
  });
});

describe('GET …/zones/{zoneNumber}/cells', () => {
  it('answers the existing cells of the range, row by row, with their open box', async () => {
    const list = await cellsOf(1, { rowFrom: 'a', rowTo: 'b', colFrom: 11, colTo: 14 });
    expect(list.map((cell) => cell.name)).toEqual(['1-a-11', '1-a-12', '1-b-11', '1-b-12']);
    expect(list[0]).toMatchObject({ barcode: '=34717-1-a-11', row: 'a', col: 11 });
  });

  it('refuses an unknown zone (204) and a reversed range (400)', async () => {
    refused(
      await worker.call(
        'GET',
        urlOf(
          'cells',
          { warehouseCode: SC, zoneNumber: 77 },
          { rowFrom: 'a', rowTo: 'a', colFrom: 1, colTo: 1 },
        ),
      ),
      204,
    );
    const reversed = await worker.call(
      'GET',
      urlOf(
        'cells',
        { warehouseCode: SC, zoneNumber: 1 },
        { rowFrom: 'c', rowTo: 'a', colFrom: 1, colTo: 1 },
      ),
    );
    expect(reversed.statusCode).toBe(400);
  });
});

describe('POST …/zones/{zoneNumber}/cells', () => {
  it('creates the missing cells numbered on in row order, once per operation id', async () => {
    const before = await cellsCreatedEvents();
    const operationId = newOperationId();
    const range = { rowFrom: 'a', rowTo: 'b', colFrom: 1, colTo: 5 };
    const first = ok<TCellsCreated>(await createCells(supervisor, 9, range, operationId));
    expect(first.operationObject).toEqual({ created: 10, existing: 0 });
    const replay = ok<TCellsCreated>(await createCells(supervisor, 9, range, operationId));
    expect(replay).toMatchObject({ isRepeat: true, operationObject: { created: 10, existing: 0 } });
    expect(await cellsCreatedEvents()).toBe(before + 1);

    const made = await cellsOf(9);
    expect(made.map((cell) => cell.name)).toEqual([
      '9-a-01', '9-a-02', '9-a-03', '9-a-04', '9-a-05',
      '9-b-01', '9-b-02', '9-b-03', '9-b-04', '9-b-05',
    ]); // prettier-ignore
    expect(made[5]).toMatchObject({ barcode: '=34717-9-b-01', isEmpty: true, openBoxNumber: null });

    // A wider range: the existing ten untouched, the new ones numbered after them.
    const wider = await createCells(admin, 9, { rowFrom: 'a', rowTo: 'c', colFrom: 1, colTo: 5 });
    expect(ok<TCellsCreated>(wider).operationObject).toEqual({ created: 5, existing: 10 });
    const rows = await context.database.db
      .select({ name: cells.name, number: cells.number })
      .from(cells)
      .innerJoin(zones, eq(zones.id, cells.zoneId))
      .where(and(eq(zones.warehouseId, sc), eq(zones.number, 9)))
      .orderBy(cells.number);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(rows[10]?.name).toBe('9-c-01');
  });

  it('creates each cell once when two calls for overlapping ranges race; both succeed', async () => {
    const [one, two] = await Promise.all([
      createCells(supervisor, 9, { rowFrom: 'd', rowTo: 'e', colFrom: 1, colTo: 6 }),
      createCells(admin, 9, { rowFrom: 'e', rowTo: 'f', colFrom: 4, colTo: 8 }),
    ]);
    const a = ok<TCellsCreated>(one!).operationObject;
    const b = ok<TCellsCreated>(two!).operationObject;
    // d1-6, e1-6 (12) and e4-8, f4-8 (10) overlap in e4-6 (3): 19 cells made in all.
    expect(a.created + b.created).toBe(19);
    expect(a.created + a.existing).toBe(12);
    expect(b.created + b.existing).toBe(10);
    const numbers = await context.database.db.execute(
      sql`select count(*)::int as n, count(distinct c.number)::int as d from cells c
          join zones z on z.id = c.zone_id where z.warehouse_id = ${sc} and z.number = 9`,
    );
    const [count] = (numbers as unknown as { rows: { n: number; d: number }[] }).rows;
    expect(count).toEqual({ n: 15 + 19, d: 15 + 19 });
  });

  it('makes the created cells found by cells/search and suggested by cells/suggest', async () => {
    const found = await worker.call('POST', '/sorting-api/cells/search', {
      barcode: '=34717-9-a-03',
      warehouseId: sc,
    });
    expect(found.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { name: '9-a-03', zoneNumber: 9 },
    });
    const boxes = await worker.call(
      'POST',
      '/sorting-api/boxes/create',
      { Count: 1, LengthCm: 40, WidthCm: 30, HeightCm: 20, IsReturnable: false },
      newOperationId(),
    );
    const [box] = boxes.json().OperationObject as { Barcode: string }[];
    const searched = await worker.call('POST', '/sorting-api/boxes/search', {
      barcode: box!.Barcode,
      warehouseId: sc,
    });
    const boxId = searched.json().OperationObject.id as number;
    const zoneId = (await zoneIdsOf(worker, sc)).get(9);
    const suggested = await worker.call('POST', '/sorting-api/cells/suggest', {
      boxId,
      warehouseId: sc,
      zoneId,
    });
    const names = (suggested.json().OperationObject as { name: string }[]).map((c) => c.name);
    expect(names[0]).toBe('9-a-01');
  });

  it('refuses workers (403), another centre (403), bad ranges (400), writing nothing', async () => {
    const before = await cellsCreatedEvents();
    const range = { rowFrom: 'g', rowTo: 'g', colFrom: 1, colTo: 2 };
    expect((await createCells(worker, 9, range)).statusCode).toBe(403);
    expect((await createCells(foreignWorker, 9, range)).statusCode).toBe(403);
    expect((await createCells(supervisor, 1, range, newOperationId(), 'PDL-WH2')).statusCode).toBe(
      403,
    );
    for (const bad of [
      { rowFrom: 'b', rowTo: 'a', colFrom: 1, colTo: 1 },
      { rowFrom: 'a', rowTo: 'a', colFrom: 0, colTo: 1 },
      { rowFrom: 'a', rowTo: 'a', colFrom: 1, colTo: 100 },
      { rowFrom: 'A', rowTo: 'a', colFrom: 1, colTo: 1 },
      // 11 rows × 99 columns = 1,089 cells: over the 1,000 of a call.
      { rowFrom: 'a', rowTo: 'k', colFrom: 1, colTo: 99 },
    ]) {
      expect((await createCells(supervisor, 9, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    refused(await createCells(supervisor, 77, range), 204);
    expect(await cellsCreatedEvents()).toBe(before);
  });
});

describe('POST …/zones', () => {
  it('creates a zone with its barcode once; an existing number is refused (1)', async () => {
    const url = urlOf('createZone', { warehouseCode: SC });
    const operationId = newOperationId();
    const body = { number: 10, name: 'Буфер', type: 'TRANSIT' };
    const zone = ok<TTopologyZone>(await supervisor.call('POST', url, body, operationId));
    expect(zone.operationObject).toMatchObject({
      number: 10,
      name: 'Буфер',
      type: 'TRANSIT',
      barcode: '%Z34717-10',
      cellCount: 0,
    });
    const replay = (await supervisor.call('POST', url, body, operationId)).json();
    expect((replay as CamelEnvelope<unknown>).isRepeat).toBe(true);
    refused(await supervisor.call('POST', url, { ...body, number: 1 }, newOperationId()), 1);
    expect(
      (await worker.call('POST', url, { ...body, number: 11 }, newOperationId())).statusCode,
    ).toBe(403);
    for (const bad of [
      { ...body, number: 0 },
      { ...body, number: 1000 },
      { ...body, name: '' },
      { ...body, name: 'я'.repeat(101) },
      { ...body, type: 'SHELF' },
    ]) {
      expect((await supervisor.call('POST', url, bad, newOperationId())).statusCode).toBe(400);
    }
    const zoneList = await zonesOf(worker);
    expect(zoneList.map((item) => item.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('GET …/boxes', () => {
  it('answers the existing boxes of a range with their label parameters', async () => {
    const created = await worker.call(
      'POST',
      '/sorting-api/boxes/create',
      { Count: 2, LengthCm: 60, WidthCm: 40, HeightCm: 40, IsReturnable: false },
      newOperationId(),
    );
    const numbers = (created.json().OperationObject as { Number: number }[]).map((b) => b.Number);
    const last = Math.max(...numbers);
    const response = await worker.call(
      'GET',
      urlOf('boxes', { warehouseCode: SC }, { numberFrom: last - 1, numberTo: last + 5 }),
    );
    const list = ok<TTopologyBox[]>(response).operationObject;
    expect(list.map((box) => box.number)).toEqual([last - 1, last]);
    expect(list[1]).toMatchObject({
      barcode: `_34717-${last}`,
      lengthCm: 60,
      widthCm: 40,
      heightCm: 40,
    });
    const tooMany = await worker.call(
      'GET',
      urlOf('boxes', { warehouseCode: SC }, { numberFrom: 1, numberTo: 501 }),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('every topology route', () => {
  it('answers 401 without a session', async () => {
    for (const route of Object.keys(TOPOLOGY_ROUTES) as Route[]) {
      const response = await context.app.inject({
        method: TOPOLOGY_ROUTES[route].method,
        url: urlOf(route, { warehouseCode: SC, zoneNumber: 9 }),
        headers: WEB_HEADERS,
      });
      expect(response.statusCode, route).toBe(401);
    }
  });
});
