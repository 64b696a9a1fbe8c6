import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWarehouseList, ZZoneList } from '@sorting/contracts';
import { callWithSession, createSessionTestApp, signInByBadge } from './sessions.js';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
/** A worker of sorting centre 34717. */
let workerToken: string;
/** A worker of warehouse 1201, which belongs to no sorting centre. */
let regularToken: string;

beforeAll(async () => {
  context = await createSessionTestApp();
  workerToken = (await signInByBadge(context.app, '~W1001-7KQ2')).token ?? '';
  regularToken = (await signInByBadge(context.app, '~W1101-2PL5')).token ?? '';
});

afterAll(async () => {
  await context?.close();
});

async function warehouseIdOf(token: string, number: number): Promise<number> {
  const response = await callWithSession(context.app, token, 'GET', '/sorting-api/warehouses');
  const list = ZWarehouseList.parse(response.json().OperationObject);
  const warehouse = list.find((item) => item.Number === number);
  if (!warehouse) throw new Error(`warehouse ${number} is not in the list`);
  return warehouse.Id;
}

describe('GET /sorting-api/warehouses', () => {
  it('lists the warehouses of the user’s sorting centre, in the search’s shape', async () => {
    const response = await callWithSession(
      context.app,
      workerToken,
      'GET',
      '/sorting-api/warehouses',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ IsSuccess: true });
    const list = ZWarehouseList.parse(body.OperationObject);
    expect(list.map((warehouse) => warehouse.Number)).toEqual([34717]);
    expect(list[0]).toMatchObject({ Name: 'СЦ Москва — Север', SortingMode: 'SortingCenter' });
  });

  it('lists only the default warehouse of a worker outside any sorting centre', async () => {
    const response = await callWithSession(
      context.app,
      regularToken,
      'GET',
      '/sorting-api/warehouses',
    );
    const list = ZWarehouseList.parse(response.json().OperationObject);
    expect(list.map((warehouse) => warehouse.Number)).toEqual([1201]);
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/sorting-api/warehouses' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 401 });
  });
});

describe('GET /sorting-api/zones', () => {
  it('lists the zones of a warehouse by number, with their barcodes', async () => {
    const warehouseId = await warehouseIdOf(workerToken, 34717);
    const response = await callWithSession(
      context.app,
      workerToken,
      'GET',
      `/sorting-api/zones?warehouseId=${warehouseId}`,
    );
    expect(response.statusCode).toBe(200);
    const list = ZZoneList.parse(response.json().OperationObject);
    expect(list.map((zone) => [zone.Number, zone.Name, zone.Type, zone.Barcode])).toEqual([
      [1, 'Сито', 'SITO', '%Z34717-1'],
      [2, 'Экспедиция', 'EXPEDITION', '%Z34717-2'],
      [3, 'Быстрая отгрузка', 'FAST', '%Z34717-3'],
      [4, 'Транзит', 'TRANSIT', '%Z34717-4'],
      [5, 'Рекомендуемые ячейки', 'SUGGESTED', '%Z34717-5'],
      [6, 'Хранение', 'SITO', '%Z34717-6'],
      [7, 'Консолидация', 'SITO', '%Z34717-7'],
      [8, 'Выдача', 'SITO', '%Z34717-8'],
      [9, 'Резерв', 'SITO', '%Z34717-9'],
    ]);
  });

  it('refuses the zones of another warehouse with 403', async () => {
    const foreignId = await warehouseIdOf(regularToken, 1201);
    const response = await callWithSession(
      context.app,
      workerToken,
      'GET',
      `/sorting-api/zones?warehouseId=${foreignId}`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
  });

  it("answers 'Object not found' for an unknown warehouse and 400 without one", async () => {
    const unknown = await callWithSession(
      context.app,
      workerToken,
      'GET',
      '/sorting-api/zones?warehouseId=999999',
    );
    expect(unknown.json()).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
    const missing = await callWithSession(context.app, workerToken, 'GET', '/sorting-api/zones');
    expect(missing.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/sorting-api/zones?warehouseId=1',
    });
    expect(response.statusCode).toBe(401);
  });
});
