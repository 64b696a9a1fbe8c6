import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWarehouse, ZZone } from '@sorting/contracts';
import { WEB_HEADERS, callWithSession, createSessionTestApp, signInByBadge } from './sessions.js';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
/** A worker of sorting centre 34717. */
let workerToken: string;
/** A worker of warehouse 1201, which belongs to no sorting centre. */
let regularToken: string;
let sortingCenterId: number;
let regularWarehouseId: number;

beforeAll(async () => {
  context = await createSessionTestApp();
  workerToken = (await signInByBadge(context.app, '~W1001-7KQ2')).token ?? '';
  regularToken = (await signInByBadge(context.app, '~W1101-2PL5')).token ?? '';
  const sc = await searchWarehouse(workerToken, { number: 34717 });
  sortingCenterId = sc.json().OperationObject.Id;
  const regular = await searchWarehouse(regularToken, {});
  regularWarehouseId = regular.json().OperationObject.Id;
});

afterAll(async () => {
  await context?.close();
});

function searchWarehouse(token: string, body: Record<string, unknown>) {
  return callWithSession(context.app, token, 'POST', '/sorting-api/warehouses/search', body);
}

function searchZone(token: string, body: Record<string, unknown>) {
  return callWithSession(context.app, token, 'POST', '/sorting-api/zones/search', body);
}

describe('POST /sorting-api/warehouses/search', () => {
  it('finds a warehouse by number, as a number or as text', async () => {
    for (const number of [34717, '34717']) {
      const response = await searchWarehouse(workerToken, { number, userId: 1 });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ IsSuccess: true });
      expect(ZWarehouse.parse(body.OperationObject)).toEqual({
        Id: sortingCenterId,
        Name: 'СЦ Москва — Север',
        Number: 34717,
        Code: 'MSK-SC1',
        DefaultZoneNumber: 1,
        // The demo seed's boxes 1-5, the consolidated 111-112, the recipients' 121-152 and the
        // guided workflows' 161-168 (storage workflows 166-168), transit loading's 71-77 and
        // transit picking's 181-188, picking goods by SKU's 241-244 (demo-data.ts DEMO_BOXES,
        // demo-workflows-data.ts, demo-transit-*-data.ts, demo-sku-picking-data.ts).
        LastBoxNumber: 244,
        Version: 1,
        SortingMode: 'SortingCenter',
        // The sorting centre runs one picking per device.
        IsSinglePickingPerDevice: true,
        DisableAutomove: false,
        MenuType: 0,
      });
    }
  });

  it("answers the user's default warehouse without a number", async () => {
    const response = await searchWarehouse(regularToken, {});
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 1201, SortingMode: 'Warehouse', DisableAutomove: true },
    });
    const empty = await context.app.inject({
      method: 'POST',
      url: '/sorting-api/warehouses/search',
      headers: { ...WEB_HEADERS, 'content-type': 'application/json' },
      cookies: { sorting_session: workerToken },
      payload: '',
    });
    expect(empty.json()).toMatchObject({ IsSuccess: true, OperationObject: { Number: 34717 } });
  });

  it("answers 'Object not found' for an unknown warehouse", async () => {
    for (const number of [99999, 'abc']) {
      const response = await searchWarehouse(workerToken, { number });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        IsSuccess: false,
        Message: 'Object not found',
        ErrorCode: 104,
      });
    }
  });

  it('refuses a warehouse outside the user’s sorting centre with 403', async () => {
    const foreign = await searchWarehouse(workerToken, { number: 1201 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
    const other = await searchWarehouse(regularToken, { number: 34717 });
    expect(other.statusCode).toBe(403);
  });

  it('answers 401 without a session, before looking anything up', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/sorting-api/warehouses/search',
      payload: { number: 99999 },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 401 });
  });
});

describe('POST /sorting-api/zones/search', () => {
  it('finds a zone by its barcode', async () => {
    const response = await searchZone(workerToken, {
      barcode: '%Z34717-2',
      warehouseId: sortingCenterId,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ IsSuccess: true });
    expect(ZZone.parse(body.OperationObject)).toEqual({
      Id: expect.any(Number),
      Number: 2,
      Name: 'Экспедиция',
      Type: 'EXPEDITION',
    });
  });

  it("finds a cell barcode's zone", async () => {
    const response = await searchZone(workerToken, {
      barcode: '=34717-1-a-07',
      warehouseId: String(sortingCenterId),
    });
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 1, Type: 'SITO' },
    });
  });

  it('finds a zone by number within the warehouse', async () => {
    const response = await searchZone(workerToken, { number: '4', warehouseId: sortingCenterId });
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 4, Type: 'TRANSIT', Name: 'Транзит' },
    });
  });

  it('answers ErrorCode 204 naming what was searched', async () => {
    // Zone 9 «Резерв» exists (no cells, for the topology screen); 99 does not.
    const byBarcode = await searchZone(workerToken, {
      barcode: '%Z34717-99',
      warehouseId: sortingCenterId,
    });
    expect(byBarcode.statusCode).toBe(200);
    expect(byBarcode.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 204,
      Message: 'Зона %Z34717-99 не найдена',
    });
    // A zone of another warehouse is not in this one.
    const elsewhere = await searchZone(workerToken, {
      barcode: '%Z1201-1',
      warehouseId: sortingCenterId,
    });
    expect(elsewhere.json()).toMatchObject({ ErrorCode: 204 });
    const byNumber = await searchZone(workerToken, { number: 42, warehouseId: sortingCenterId });
    expect(byNumber.json()).toMatchObject({
      ErrorCode: 204,
      Message: 'Зона с номером 42 не найдена',
    });
  });

  it('answers 400 without a barcode or number, or without a warehouse', async () => {
    for (const body of [
      { warehouseId: sortingCenterId },
      { barcode: '', number: '', warehouseId: sortingCenterId },
      { barcode: '%Z34717-1' },
    ]) {
      const response = await searchZone(workerToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 400 });
    }
  });

  it('refuses a zone of a warehouse the user may not use with 403', async () => {
    const response = await searchZone(workerToken, {
      barcode: '%Z1201-1',
      warehouseId: regularWarehouseId,
    });
    expect(response.statusCode).toBe(403);
    const own = await searchZone(regularToken, {
      barcode: '%Z1201-1',
      warehouseId: regularWarehouseId,
    });
    expect(own.json()).toMatchObject({ IsSuccess: true, OperationObject: { Number: 1 } });
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/sorting-api/zones/search',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});
