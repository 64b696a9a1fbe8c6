import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS_ROUTES, fillPath, type TDimension } from '@sorting/contracts';
import { DEMO_DIMENSIONS } from '../src/db/demo-data.js';
import { dimensionTypes, events, users } from '../src/db/schema.js';
import { WEB_HEADERS, createSessionTestApp } from './sessions.js';
import {
  BADGES,
  expectRefused,
  newOperationId,
  signInClient,
  type SortingClient,
} from './sorting-client.js';

/** Петрова Мария (supervisor of 34717); this file takes her default warehouse away. */
const NO_WAREHOUSE_BADGE = '~S2001-9TB4';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let foreignWorker: SortingClient;
let withoutWarehouse: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp();
  // Types added after the seed, interleaving warehouses, so the order is by id, not by kind.
  await context.database.db.insert(dimensionTypes).values([
    {
      name: 'Короб Подольск',
      barcode: 'DIM-PDL',
      length: 60,
      width: 40,
      height: 40,
      warehouseCode: 'PDL-WH2',
    },
    { name: 'Короб L', barcode: 'DIM-L', length: 60, width: 40, height: 35, warehouseCode: null },
    {
      name: 'Лоток',
      barcode: 'DIM-TRAY',
      length: 50,
      width: 30,
      height: 10.5,
      warehouseCode: 'MSK-SC1',
    },
  ]);
  await context.database.db
    .update(users)
    .set({ defaultWarehouseNumber: null })
    .where(eq(users.number, 2001));
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
  withoutWarehouse = await signInClient(context.app, NO_WAREHOUSE_BADGE, () => 0);
});

afterAll(async () => {
  await context?.close();
});

async function listOf(client: SortingClient): Promise<TDimension[]> {
  const response = await client.call('GET', '/dimensions-api/dimension');
  const body = response.json();
  expect(response.statusCode, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ IsSuccess: true });
  return body.OperationObject as TDimension[];
}

const commonSeeded = DEMO_DIMENSIONS.filter((type) => type.warehouseCode === null);
const ownSeeded = DEMO_DIMENSIONS.filter((type) => type.warehouseCode === 'MSK-SC1');

describe('GET /dimensions-api/dimension', () => {
  it("lists the types of the user's warehouse and the common ones, id descending", async () => {
    const types = await listOf(worker);
    expect(types.map((type) => type.Barcode)).toEqual([
      'DIM-TRAY',
      'DIM-L',
      ...ownSeeded.map((type) => type.barcode).reverse(),
      ...commonSeeded.map((type) => type.barcode).reverse(),
    ]);
    const ids = types.map((type) => type.DimensionId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(types[0]).toEqual({
      DimensionId: ids[0],
      Name: 'Лоток',
      Barcode: 'DIM-TRAY',
      Length: 50,
      Width: 30,
      Height: 10.5,
      WarehouseCode: 'MSK-SC1',
      IsCommon: false,
    });
    expect(types.find((type) => type.Barcode === 'DIM-S')).toMatchObject({
      Name: 'Короб S',
      Length: 30,
      Width: 20,
      Height: 15,
      WarehouseCode: null,
      IsCommon: true,
    });
  });

  it("hides another warehouse's types", async () => {
    expect((await listOf(worker)).some((type) => type.Barcode === 'DIM-PDL')).toBe(false);
    expect((await listOf(foreignWorker)).map((type) => type.Barcode)).toEqual([
      'DIM-L',
      'DIM-PDL',
      ...commonSeeded.map((type) => type.barcode).reverse(),
    ]);
  });

  it('shows a user without a default warehouse the common types only', async () => {
    expect((await listOf(withoutWarehouse)).map((type) => type.Barcode)).toEqual([
      'DIM-L',
      ...commonSeeded.map((type) => type.barcode).reverse(),
    ]);
  });

  it('needs a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/dimensions-api/dimension' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ IsSuccess: false });
  });
});

const DIMENSION = DIMENSIONS_ROUTES.create.path;
const typePath = (id: number) => fillPath(DIMENSIONS_ROUTES.update.path, { id });

const sample = {
  Name: 'Короб тест',
  Barcode: 'DIM-T1',
  Length: 10,
  Width: 20.5,
  Height: 30,
  IsCommon: false,
};

async function idOf(barcode: string): Promise<number> {
  const [row] = await context.database.db
    .select({ id: dimensionTypes.id })
    .from(dimensionTypes)
    .where(eq(dimensionTypes.barcode, barcode));
  if (!row) throw new Error(`no dimension type ${barcode}`);
  return row.id;
}

/** What a refusal must leave alone: the types and the events. */
async function snapshot() {
  const db = context.database.db;
  const [types, count] = await Promise.all([
    db.select().from(dimensionTypes).orderBy(dimensionTypes.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { types, count };
}

function dimensionOf(response: { json: () => unknown; body: string }): TDimension {
  const body = response.json() as { IsSuccess: boolean; OperationObject: TDimension };
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body.OperationObject;
}

async function eventsOf(kind: string) {
  return context.database.db.select().from(events).where(eq(events.kind, kind));
}

describe('POST /dimensions-api/dimension', () => {
  it("adds a type to the user's warehouse, trimmed; one event; a replay repeats it", async () => {
    const operationId = newOperationId();
    const response = await worker.call(
      'POST',
      DIMENSION,
      { ...sample, Name: '  Короб тест  ' },
      operationId,
    );
    const created = dimensionOf(response);
    expect(created).toEqual({
      DimensionId: expect.any(Number),
      Name: 'Короб тест',
      Barcode: 'DIM-T1',
      Length: 10,
      Width: 20.5,
      Height: 30,
      WarehouseCode: 'MSK-SC1',
      IsCommon: false,
    });
    expect(response.json().IsRepeat).toBe(false);
    expect(await eventsOf('dimension.created')).toHaveLength(1);

    const replay = (await worker.call('POST', DIMENSION, sample, operationId)).json();
    expect(replay).toMatchObject({ IsSuccess: true, IsRepeat: true, OperationObject: created });
    expect(await eventsOf('dimension.created')).toHaveLength(1);

    // The list and the sorting screen's lookup see it at once; another warehouse does not.
    expect((await listOf(worker))[0]).toEqual(created);
    const lookup = await worker.call('GET', '/sorting-api/dimension?barcode=DIM-T1');
    expect(lookup.json()).toMatchObject({ IsSuccess: true, OperationObject: created });
    expect((await listOf(foreignWorker)).some((type) => type.Barcode === 'DIM-T1')).toBe(false);
  });

  it('refuses a common type, a barcode a scan takes for something else, a taken one (1)', async () => {
    const before = await snapshot();
    expect(
      expectRefused(await worker.call('POST', DIMENSION, { ...sample, IsCommon: true }), 1),
    ).toBe('Общие типоразмеры здесь не создаются');
    for (const barcode of [
      '=34717-1-a-01',
      '%Z1',
      '_DIM',
      '~W1',
      '>X',
      '.GL12',
      '.69.7',
      'http://x',
    ]) {
      const message = expectRefused(
        await worker.call('POST', DIMENSION, { ...sample, Barcode: barcode }),
        1,
      );
      expect(message, barcode).toContain(barcode);
    }
    for (const barcode of ['DIM-S', 'DIM-PDL', 'DIM-T1']) {
      expect(
        expectRefused(await worker.call('POST', DIMENSION, { ...sample, Barcode: barcode }), 1),
      ).toBe(`Штрихкод ${barcode} уже занят другим типоразмером`);
    }
    expect(
      expectRefused(
        await withoutWarehouse.call('POST', DIMENSION, { ...sample, Barcode: 'X1' }),
        1,
      ),
    ).toContain('склад');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad fields (400): name, barcode spacing and length, sizes', async () => {
    const before = await snapshot();
    for (const change of [
      { Name: '   ' },
      { Name: 'x'.repeat(101) },
      { Name: 'a\u0007b' },
      { Barcode: '' },
      { Barcode: 'DIM X' },
      { Barcode: 'x'.repeat(51) },
      { Length: 0 },
      { Width: -1 },
      { Height: 10_000.5 },
      { Length: '10' },
      { IsCommon: 'false' },
    ]) {
      const response = await worker.call('POST', DIMENSION, { ...sample, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /dimensions-api/dimension/{id}', () => {
  it("changes a type of the user's warehouse; one event with before and after", async () => {
    const id = await idOf('DIM-T1');
    const operationId = newOperationId();
    const changed = dimensionOf(
      await worker.call(
        'PUT',
        typePath(id),
        { ...sample, Name: 'Короб тест 2', Barcode: 'DIM-T2', Height: 35 },
        operationId,
      ),
    );
    expect(changed).toMatchObject({ DimensionId: id, Barcode: 'DIM-T2', Height: 35 });
    const [event] = await eventsOf('dimension.changed');
    expect(event!.payload).toMatchObject({
      dimensionId: id,
      before: { Barcode: 'DIM-T1' },
      after: { Barcode: 'DIM-T2' },
    });
    const changes = { ...sample, Name: 'Короб тест 2', Barcode: 'DIM-T2', Height: 35 };
    const replay = (await worker.call('PUT', typePath(id), changes, operationId)).json();
    expect(replay).toMatchObject({ IsRepeat: true, OperationObject: changed });
    // The same operation id with other fields is another call: refused, nothing written.
    const before = await snapshot();
    const reused = await worker.call('PUT', typePath(id), sample, operationId);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ IsSuccess: false, ErrorCode: 412 });
    expect(await snapshot()).toEqual(before);
    // Its own barcode is no conflict.
    dimensionOf(await worker.call('PUT', typePath(id), { ...sample, Barcode: 'DIM-T2' }));
    const lookup = await worker.call('GET', '/sorting-api/dimension?barcode=DIM-T2');
    expect(lookup.json()).toMatchObject({ OperationObject: { Height: 30 } });
  });

  it('a double tap without an operation id records one change; the same fields again nothing', async () => {
    const id = await idOf('DIM-T2');
    const before = (await eventsOf('dimension.changed')).length;
    const fields = { ...sample, Barcode: 'DIM-T2', Name: 'Короб тест 3' };
    // No operation id on either tap ('' sends none).
    const taps = await Promise.all([
      worker.call('PUT', typePath(id), fields, ''),
      worker.call('PUT', typePath(id), fields, ''),
    ]);
    const answers = taps.map((tap) => tap.json() as { IsRepeat: boolean; IsSuccess: boolean });
    expect(answers.map((answer) => answer.IsSuccess)).toEqual([true, true]);
    expect(answers.map((answer) => answer.IsRepeat).sort()).toEqual([false, true]);
    expect(dimensionOf(taps[1]!)).toMatchObject({ Name: 'Короб тест 3' });
    expect(await eventsOf('dimension.changed')).toHaveLength(before + 1);
    const unchanged = await snapshot();
    const again = (await worker.call('PUT', typePath(id), fields, '')).json();
    expect(again).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(await snapshot()).toEqual(unchanged);
  });

  it("refuses a common type and another warehouse's (1), an unknown one (104)", async () => {
    const before = await snapshot();
    const own = await idOf('DIM-T2');
    expect(expectRefused(await worker.call('PUT', typePath(await idOf('DIM-S')), sample), 1)).toBe(
      'Типоразмер «Короб S» общий: его нельзя изменить или удалить',
    );
    expect(
      expectRefused(await worker.call('PUT', typePath(await idOf('DIM-PDL')), sample), 1),
    ).toBe('Типоразмер «Короб Подольск» относится к другому складу');
    expectRefused(await foreignWorker.call('PUT', typePath(own), sample), 1);
    expectRefused(await worker.call('PUT', typePath(2_000_000), sample), 104);
    expectRefused(await worker.call('PUT', typePath(own), { ...sample, Barcode: 'DIM-PAL' }), 1);
    expectRefused(await worker.call('PUT', typePath(own), { ...sample, IsCommon: true }), 1);
    expectRefused(await worker.call('PUT', typePath(own), { ...sample, Barcode: '_BOX' }), 1);
    expectRefused(await withoutWarehouse.call('PUT', typePath(own), sample), 1);
    expect((await worker.call('PUT', typePath(0), sample)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a user of another warehouse change that warehouse’s types', async () => {
    const changed = dimensionOf(
      await foreignWorker.call('PUT', typePath(await idOf('DIM-PDL')), {
        ...sample,
        Name: 'Короб Подольск',
        Barcode: 'DIM-PDL',
      }),
    );
    expect(changed).toMatchObject({ WarehouseCode: 'PDL-WH2', Length: 10 });
  });
});

describe('DELETE /dimensions-api/dimension/{id}', () => {
  it("refuses a common type and another warehouse's (1), an unknown one (104)", async () => {
    const before = await snapshot();
    expectRefused(await worker.call('DELETE', typePath(await idOf('DIM-M'))), 1);
    expectRefused(await worker.call('DELETE', typePath(await idOf('DIM-PDL'))), 1);
    expectRefused(await foreignWorker.call('DELETE', typePath(await idOf('DIM-T2'))), 1);
    expectRefused(await worker.call('DELETE', typePath(2_000_000)), 104);
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a type of the user's warehouse; a replay repeats it; later 104", async () => {
    const id = await idOf('DIM-T2');
    const operationId = newOperationId();
    const response = await worker.call('DELETE', typePath(id), undefined, operationId);
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: { DimensionId: id, Barcode: 'DIM-T2' },
    });
    expect(await eventsOf('dimension.deleted')).toHaveLength(1);
    const replay = (await worker.call('DELETE', typePath(id), undefined, operationId)).json();
    expect(replay).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expectRefused(await worker.call('DELETE', typePath(id)), 104);
    expect(await eventsOf('dimension.deleted')).toHaveLength(1);
    expect((await listOf(worker)).some((type) => type.Barcode === 'DIM-T2')).toBe(false);
    const lookup = await worker.call('GET', '/sorting-api/dimension?barcode=DIM-T2');
    expect(lookup.json()).toMatchObject({ IsSuccess: false });
  });

  it('all four calls answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', DIMENSION],
      ['POST', DIMENSION],
      ['PUT', typePath(1)],
      ['DELETE', typePath(1)],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: WEB_HEADERS,
        ...(method === 'POST' || method === 'PUT' ? { payload: sample } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
