import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDimension } from '@sorting/contracts';
import { DEMO_DIMENSIONS } from '../src/db/demo-data.js';
import { dimensionTypes, users } from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, signInClient, type SortingClient } from './sorting-client.js';

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

describe('GET /dimensions-api/dimension', () => {
  it("lists the types of the user's warehouse and the common ones, id descending", async () => {
    const types = await listOf(worker);
    expect(types.map((type) => type.Barcode)).toEqual([
      'DIM-TRAY',
      'DIM-L',
      'DIM-PAL',
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

  it('only reads: writing the directory is not served yet', async () => {
    const response = await worker.call('POST', '/dimensions-api/dimension', {
      Name: 'X',
      Barcode: 'DIM-X',
      Length: 1,
      Width: 1,
      Height: 1,
      IsCommon: false,
    });
    expect(response.statusCode).toBe(404);
    expect((await listOf(worker)).some((type) => type.Barcode === 'DIM-X')).toBe(false);
  });
});
