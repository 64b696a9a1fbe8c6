import { and, eq } from 'drizzle-orm';
import { DEFAULT_SORTING_CENTER_ID, LKD_TOKEN_COOKIE } from '@sorting/contracts';
import type { Db } from '../../src/db/database.js';
import { apiKeys, cells, parcels, users, warehouses, zones } from '../../src/db/schema.js';
import { hashApiKeySecret } from '../../src/modules/integration/integration.service.js';

// A valid request per registered route: the field fuzz replaces one
// value at a time (a path parameter, a query value, a body field at any depth, an input
// cookie) by a hostile one while every other value stays valid, so the hostile value gets as
// far into the server as it can. A route without a sample fails the fuzz until one is added.

export interface RouteSample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Cookies that are the call's input (the badge of a sign-in). */
  cookies?: Record<string, string>;
  /** Headers that are the call's input (what a sign-in records, an operation id). */
  headers?: Record<string, string>;
  /** Called without the session cookie: sign-in and sign-out. */
  anonymous?: boolean;
  /**
   * Values where a control character is not refused but handled otherwise, with why (a
   * wrong badge is a refused sign-in; a page path is the SPA's). Named by slot label.
   */
  notValidated?: Record<string, string>;
  /** Free-text fields where TAB, LF and CR are legitimate (docs/DECISIONS.md "Faults and bad input"). */
  multiline?: string[];
}

/** Routes the field fuzz leaves to their own tests, each with why. */
export const NOT_FIELD_FUZZED: Record<string, string> = {
  'GET /printersHub':
    'the websocket upgrade; every argument of every hub method is fuzzed by printing-hub-arguments.test.ts, its frames by printing-hub-limits.test.ts',
  'GET /api-docs/static/*': "Swagger UI's own files (@fastify/static; not found otherwise)",
  'POST /api/:projectId/envelope/':
    "Sentry's newline-separated envelope, no JSON body: its own corpus (NUL, control characters, huge, gzip bombs, invalid lines) is in error-reports-ingest.test.ts",
};

/** The ids of the demo seed the samples name. */
export interface SampleIds {
  warehouseId: number;
  zoneId: number;
  parcelId: number;
  cellId: number;
  /** The caller's own id: a pick-up call's `UserId` must be the caller's (else 403). */
  callerUserId: number;
  /** An integration key of the demo centre with every scope (`Authorization: Bearer`). */
  apiKeySecret: string;
}

/** The fuzz's integration key (made by sampleIdsOf; the demo seed has none). */
const SAMPLE_API_KEY = 'sk_sample-key-of-the-endpoint-fuzz-0000000000';

/** The demo administrator (`~A3001-5RZ6`), who calls every route in the fuzz and reuse tests. */
const SAMPLE_CALLER_NUMBER = 3001;

export async function sampleIdsOf(
  db: Db,
  callerNumber: number = SAMPLE_CALLER_NUMBER,
): Promise<SampleIds> {
  const [caller] = await db.select().from(users).where(eq(users.number, callerNumber));
  const [warehouse] = await db
    .select()
    .from(warehouses)
    .where(eq(warehouses.number, DEFAULT_SORTING_CENTER_ID));
  const warehouseId = warehouse!.id;
  const [zone] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.warehouseId, warehouseId), eq(zones.number, 1)));
  const [parcel] = await db.select().from(parcels).where(eq(parcels.number, 'P100002'));
  const [cell] = await db.select().from(cells).where(eq(cells.barcode, '=34717-1-a-02'));
  await db
    .insert(apiKeys)
    .values({
      sortingCenterId: DEFAULT_SORTING_CENTER_ID,
      scopes: ['read', 'write:master', 'write:operations'],
      name: 'fuzz',
      secretHash: hashApiKeySecret(SAMPLE_API_KEY),
      prefix: SAMPLE_API_KEY.slice(0, 11),
    })
    .onConflictDoNothing();
  return {
    apiKeySecret: SAMPLE_API_KEY,
    warehouseId,
    zoneId: zone!.id,
    parcelId: parcel!.id,
    cellId: cell!.id,
    callerUserId: caller!.id,
  };
}

const SC = String(DEFAULT_SORTING_CENTER_ID);
/** A real 1×1 PNG: the upload reaches the photo's row. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Why a hostile Authorization header answers 401, not 400. */
const UNKNOWN_KEY = 'a value that is no key is answered as no key (401), before any input is read';
/** No such user: the users calls still look the id up. */
const ABSENT_USER_ID = '999999';
/** No such dimension type or document: the calls still look the id up. */
const ABSENT_ID = '999999';
/** A dimension type the fuzz may create (spec part 2 §7 "Dimensions"). */
const DIMENSION_SAMPLE = {
  Name: 'Фазз',
  Barcode: 'DIM-FUZZ',
  Length: 10,
  Width: 20,
  Height: 30,
  IsCommon: false,
};

/** The valid request of every registered route (HEAD shares its GET's handler). */
export function routeSamples(ids: SampleIds): Record<string, RouteSample> {
  const { warehouseId, zoneId, parcelId, cellId } = ids;
  const bearer = `Bearer ${ids.apiKeySecret}`;
  const parcelPath = { id: String(parcelId) };
  return {
    'GET /healthz': {},
    'GET /readyz': {},
    'GET /errors-api/reports': { query: { page: '1' } },
    'POST /api/:projectId/envelope/': { params: { projectId: '1' }, body: {} },
    'POST /local-settings-newsort': {},
    'POST /auth-api/users/search': {
      anonymous: true,
      cookies: { [LKD_TOKEN_COOKIE]: '~W1001-7KQ2' },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13)' },
      notValidated: {
        [`cookie ${LKD_TOKEN_COOKIE}`]: 'any text is a badge that is not found',
        'header user-agent': 'recorded without its control characters',
      },
    },
    'POST /auth-api/sign-in': {
      anonymous: true,
      body: { login: 'petrova', password: 'demo-supervisor' },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13)' },
      notValidated: { 'header user-agent': 'recorded without its control characters' },
    },
    'DELETE /users-api/v1/sessions': { anonymous: true },
    'GET /auth-api/demo-users': {},
    'POST /sorting-api/warehouses/search': { body: { number: SC, userId: 1 } },
    'POST /sorting-api/zones/search': {
      body: { barcode: '=34717-1-a-01', number: 1, warehouseId },
    },
    'GET /sorting-api/warehouses': {},
    'GET /sorting-api/zones': { query: { warehouseId: String(warehouseId) } },
    'POST /sorting-api/parcels/scan': {
      body: { barcode: 'P100002', warehouseId, userId: 1, zoneId },
    },
    'POST /sorting-api/boxes/search': {
      body: {
        barcode: '_34717-1',
        warehouseId,
        userId: 1,
        zoneId,
        zoneType: 'SITO',
        parcelId,
        boxId: 1,
      },
    },
    'POST /sorting-api/cells/search': {
      body: { barcode: '=34717-1-a-02', warehouseId, parcelId, userId: 1, boxId: 1 },
    },
    'POST /sorting-api/cells/suggest': {
      body: { parcelId, barcode: 'P100002', warehouseId, userId: 1, zoneId, boxId: 1 },
    },
    'POST /sorting-api/move': {
      body: { parcelId, boxId: 1, cellId, userId: 1 },
      headers: { 'x-operation-id': 'fuzz-move-0001' },
    },
    'POST /sorting-api/boxes/create': {
      body: { Count: 1, LengthCm: 60, WidthCm: 40, HeightCm: 30, IsReturnable: true },
    },
    'POST /sorting-api/parcels/measure': { body: { height: 10, width: 20, length: 30, parcelId } },
    'POST /sorting-api/parcels/weight': { body: { weight: 1200, parcelId } },
    'GET /sorting-api/dimension': { query: { barcode: 'DIM-S' } },
    'GET /sortingsystem-api/Parcels/:barcode/measures': { params: { barcode: 'P100004' } },
    'POST /sortingsystem-api/documents/inbound/arrive': { query: { barcode: '.69.IN-0001' } },
    'POST /sortingsystem-api/Documents/inbound/states/count': {
      body: { DateBegin: '2026-01-01T00:00:00+03:00', DateEnd: '2026-12-31T23:59:59+03:00' },
    },
    'POST /sortingsystem-api/documents/inbound/heads': {
      body: {
        IsSupplySelected: true,
        States: [2, 4, 5],
        SearchString: 'IN-0003',
        DateBegin: '2026-01-01T00:00:00+03:00',
        DateEnd: '2026-12-31T23:59:59+03:00',
        Page: 1,
        PageSize: 40,
      },
    },
    'POST /sortingsystem-api/documents/inbound/details': { query: { inboundId: '1' } },
    'POST /sortingsystem-api/documents/outbound/heads': {
      body: {
        IsSupplySelected: false,
        States: [],
        SearchString: 'OUT',
        DateBegin: null,
        DateEnd: null,
      },
    },
    'POST /sortingsystem-api/documents/outbound/details': { query: { outboundId: '1' } },
    'POST /sortingsystem-api/documents/inbound/close': { query: { inboundId: '1' } },
    'GET /sortingsystem-api/documents/inbound/receiptplaceid': { query: { inboundId: '1' } },
    'POST /sortingsystem-api/documents/outbound/syncstate': {
      body: [{ OutboundId: 4, SyncKey: null }],
    },
    'POST /sortingsystem-api/documents/inbound/details/:inboundDetailId/barcode/json': {
      params: { inboundDetailId: '1' },
    },
    'PUT /sortingsystem-api/documents/inbound/details/:inboundDetailId/stickered': {
      params: { inboundDetailId: '999999' },
    },
    'GET /sortingsystem-api/documents/inbound/receiptplace/:id': { params: { id: '1' } },
    'GET /sorting-api/Parcels/:id/sticker': { params: parcelPath, query: { lang: 'ru' } },
    'PUT /sorting-api/Parcels/:id/sticker_printed': { params: parcelPath },
    'DELETE /sorting-api/parcels/:id/attention': { params: parcelPath },
    'PUT /sorting-api/parcels/:id/damage': {
      params: parcelPath,
      body: { Comment: 'угол смят' },
      multiline: ['Comment'],
    },
    'POST /sorting-api/ContainerAccounting/move': {
      body: {
        ContainerBarcode: '_R34717-1',
        ExternalBarcode: 'EXT-1',
        LocationCode: '=34717-1-a-03',
        LocationName: 'Сито',
      },
    },
    'GET /sorting-api/ContainerAccounting': { query: { barcode: '_R34717-2' } },
    'GET /sorting-api/containerAccounting/all': {},
    'DELETE /sorting-api/containerAccounting': { query: { barcode: '_R34717-404' } },
    'GET /sorting-api/containerAccounting/sticker': { query: { barcode: '_R34717-2' } },
    'POST /vision-api/v1/:warehouse/VisionFragment/boxes': {
      params: { warehouse: SC },
      body: { barcode: 'P100008' },
    },
    'GET /dimensions-api/dimension': {},
    'POST /dimensions-api/dimension': { body: DIMENSION_SAMPLE },
    'PUT /dimensions-api/dimension/:id': { params: { id: ABSENT_ID }, body: DIMENSION_SAMPLE },
    'DELETE /dimensions-api/dimension/:id': { params: { id: ABSENT_ID } },
    'POST /documentsflow-api/Documents/search': {
      body: {
        states: [1, 2],
        searchString: 'ДФ',
        dateBegin: '2026-03-01T00:00:00+03:00',
        dateEnd: '2026-03-02T00:00:00+03:00',
        page: 1,
        pageSize: 40,
      },
    },
    'POST /documentsflow-api/documents/:documentId/sign': { params: { documentId: ABSENT_ID } },
    'POST /documentsflow-api/documents/:documentId/validate': {
      params: { documentId: ABSENT_ID },
    },
    'GET /deconsolidating-api/v1/:warehouseCode/Consolidating/:barcode': {
      params: { warehouseCode: 'MSK-SC1', barcode: '=34717-7-a-02' },
    },
    'DELETE /deconsolidating-api/v1/:warehouseCode/Consolidating/:cellBarcode': {
      params: { warehouseCode: 'MSK-SC1', cellBarcode: '=34717-7-a-05' },
    },
    'POST /sorting-center-workflow-api/v1/:sortingCenterId/:workflowName/process': {
      params: { sortingCenterId: '34717', workflowName: 'placing' },
      body: {
        currentState: { code: 'InitialState', runId: null, version: 0 },
        action: { code: 'BarcodeScanned', barcode: '_34717-163' },
      },
      headers: { 'x-operation-id': 'fuzz-workflow-process-0001' },
    },
    'GET /picking-api/picking/clients': { query: { page: '1', pageSize: '30', search: 'R-10' } },
    'POST /picking-api/picking/info': { body: { PickingClientCode: 'R-1001' } },
    'POST /picking-api/picking/begin': {
      body: { PickingClientCode: 'R-0404' },
      headers: { 'x-operation-id': 'fuzz-picking-begin-0001' },
    },
    'POST /picking-api/picking/search': { body: { PickingId: 1 } },
    'POST /picking-api/picking/pickup': {
      body: {
        PickingId: 999999,
        UserId: ids.callerUserId,
        Timestamp: '2026-03-02T08:00:00Z',
        Barcode: 'P400001',
        CellBarcode: '=34717-8-a-01',
      },
      headers: { 'x-operation-id': 'fuzz-picking-pickup-0001' },
    },
    'POST /picking-api/picking/end': {
      body: {
        PickingId: 999999,
        UserId: ids.callerUserId,
        Timestamp: '2026-03-02T08:00:00Z',
        // The attorney's fields are fuzzed too.
        ValidationData: {
          Kind: 'attorney',
          AttorneyNumber: '77 АБ 1234567',
          AttorneyDate: '2026-01-10',
          HolderName: 'Орлов Дмитрий',
        },
      },
      headers: { 'x-operation-id': 'fuzz-picking-end-0001' },
    },
    'POST /picking-api/picking/balance': { body: { PickingClientCode: 'R-1011' } },
    'POST /picking-api/picking/lost': {
      body: {
        PickingItemId: 999999,
        UserId: ids.callerUserId,
        Timestamp: '2026-03-02T08:00:00Z',
        Barcode: 'P400014',
        Description: 'Нет в ячейке',
      },
      headers: { 'x-operation-id': 'fuzz-picking-lost-0001' },
    },
    'POST /picking-api/picking/cancel': {
      body: { PickingId: 999999 },
      headers: { 'x-operation-id': 'fuzz-picking-cancel-0001' },
    },
    // Delivery to a recipient: picking 999999 and delivery 999999 do not exist.
    'POST /picking-api/picking/delivery': {
      query: { pickingId: '999999', deliveryId: '999999' },
      headers: { 'x-operation-id': 'fuzz-picking-delivery-0001' },
    },
    'GET /delivery-api/delivery/tariff': {
      query: { fromAddress: 'MSK-SC1', toAddress: 'PDL-WH2' },
    },
    'POST /delivery-api/delivery': {
      body: {
        externalCode: 999999,
        warehouseFrom: 'MSK-SC1',
        warehouseTo: 'PDL-WH2',
        addressFrom: 'Москва',
        addressTo: 'Подольск',
        itemsCount: 2,
      },
      headers: { 'x-operation-id': 'fuzz-delivery-create-0001' },
    },
    'GET /delivery-api/delivery/:deliveryId/items': { params: { deliveryId: '999999' } },
    'POST /delivery-api/delivery/:deliveryId/items/:deliveryItemId/measure': {
      params: { deliveryId: '999999', deliveryItemId: '1' },
      body: { height: 10, width: 10, length: 10, weight: 500 },
      headers: { 'x-operation-id': 'fuzz-delivery-measure-0001' },
    },
    // Payment and item return (no such picking or item: looked up all the same).
    'POST /picking-api/picking/:pickingId/pay': {
      params: { pickingId: ABSENT_ID },
      body: {
        PaymentTypeCode: 'card',
        ProviderCode: 'terminal',
        UserId: ids.callerUserId,
        Timestamp: '2026-03-02T08:00:00Z',
        ValidationData: { Kind: 'pincode', Pincode: '1357' },
      },
      headers: { 'x-operation-id': 'fuzz-picking-pay-0001' },
    },
    'GET /picking-api/picking/:pickingId/pay': { params: { pickingId: ABSENT_ID } },
    'PUT /picking-api/picking/:pickingId/pay': {
      params: { pickingId: ABSENT_ID },
      body: { State: 'CANCELLED' },
      headers: { 'x-operation-id': 'fuzz-picking-pay-state-0001' },
    },
    'GET /picking-api/picking/return/reasons': { query: { pickingRouteItemId: ABSENT_ID } },
    'POST /picking-api/picking/return': {
      body: {
        PickingRouteItemId: 999999,
        ReturnReasonCode: 'DAMAGED',
        ReturnReasonComment: '',
        Timestamp: '2026-03-02T08:00:00Z',
      },
      headers: { 'x-operation-id': 'fuzz-picking-return-0001' },
    },
    // Session 1 is the demo's finished one (demo-audit-data.ts): a change in it is refused
    // after every lookup, the items and the finish answer it.
    'POST /audit-api/v1/:warehouseCode/Sessions/get': {
      params: { warehouseCode: 'MSK-SC1' },
      body: { dateFrom: '2026-03-01T00:00:00+03:00', dateTo: '2026-03-07T23:59:59+03:00' },
    },
    'POST /audit-api/v1/:warehouseCode/Sessions': { params: { warehouseCode: 'MSK-SC1' } },
    'POST /audit-api/v1/:warehouseCode/Sessions/:sessionId/cells': {
      params: { warehouseCode: 'MSK-SC1', sessionId: '1' },
      body: { barcode: '=34717-6-d-06' },
    },
    'POST /audit-api/v1/:warehouseCode/Sessions/:sessionId/cells/:cellId/scan': {
      params: { warehouseCode: 'MSK-SC1', sessionId: '1', cellId: String(cellId) },
      body: { barcode: 'P410001' },
    },
    'POST /audit-api/v1/:warehouseCode/Sessions/:sessionId/cells/finish': {
      params: { warehouseCode: 'MSK-SC1', sessionId: '1' },
      body: { cellId },
    },
    'GET /audit-api/v1/:warehouseCode/Sessions/:sessionId/items': {
      params: { warehouseCode: 'MSK-SC1', sessionId: '1' },
    },
    'PUT /audit-api/v1/:warehouseCode/Sessions/:sessionId/finish': {
      params: { warehouseCode: 'MSK-SC1', sessionId: '1' },
    },
    // Topology: zone 9 «Резерв» has no cells in the seed; zone 1 exists (a new zone refused).
    'GET /topology-api/v1/:warehouseCode/zones': { params: { warehouseCode: 'MSK-SC1' } },
    'GET /topology-api/v1/:warehouseCode/zones/:zoneNumber/cells': {
      params: { warehouseCode: 'MSK-SC1', zoneNumber: '1' },
      query: { rowFrom: 'a', rowTo: 'b', colFrom: '1', colTo: '3' },
    },
    'POST /topology-api/v1/:warehouseCode/zones': {
      params: { warehouseCode: 'MSK-SC1' },
      body: { number: 1, name: 'Сито', type: 'SITO' },
      headers: { 'x-operation-id': 'fuzz-topology-zone-0001' },
    },
    'POST /topology-api/v1/:warehouseCode/zones/:zoneNumber/cells': {
      params: { warehouseCode: 'MSK-SC1', zoneNumber: '1' },
      body: { rowFrom: 'a', rowTo: 'a', colFrom: 1, colTo: 2 },
      headers: { 'x-operation-id': 'fuzz-topology-cells-0001' },
    },
    'GET /topology-api/v1/:warehouseCode/boxes': {
      params: { warehouseCode: 'MSK-SC1' },
      query: { numberFrom: '1', numberTo: '20' },
    },
    'GET /users-api/v1/:code/ApiKeys': { params: { code: SC } },
    'POST /users-api/v1/:code/ApiKeys': {
      params: { code: SC },
      body: { name: 'Фазз', scopes: ['read'], warehouseNumber: DEFAULT_SORTING_CENTER_ID },
    },
    'DELETE /users-api/v1/:code/ApiKeys/:apiKeyId': {
      params: { code: SC, apiKeyId: ABSENT_ID },
    },
    'POST /integration-api/v1/parcels/batch': {
      headers: { authorization: bearer, 'idempotency-key': 'fuzz-batch-0001' },
      body: {
        parcels: [
          {
            externalId: 'FUZZ-1',
            number: 'FUZZ-P-1',
            name: 'Фазз',
            warehouseNumber: DEFAULT_SORTING_CENTER_ID,
            sortingKey: 'SPB-01',
            sortingName: 'Санкт-Петербург',
            routeNumber: 'R-1',
            clientName: 'Клиент',
            makeName: 'Марка',
            detailNumber: 'D-1',
            detailName: 'Деталь',
            quantity: 1,
            needsMeasure: false,
            needsWeight: false,
            needsSticker: false,
            attentionMessage: 'Хрупкое',
            factoryBarcodes: ['4600000000017'],
          },
        ],
      },
      notValidated: { 'header authorization': UNKNOWN_KEY },
    },
    'GET /integration-api/v1/events': {
      headers: { authorization: bearer },
      query: { after: '0', limit: '10' },
      notValidated: { 'header authorization': UNKNOWN_KEY },
    },
    'GET /users-api/v1/:code/Users': {
      params: { code: SC },
      query: { page: '1', pageSize: '40', search: 'Петр' },
    },
    'POST /users-api/v1/:code/Users': {
      params: { code: SC },
      body: { sortingCenterId: DEFAULT_SORTING_CENTER_ID, name: 'Фаззов Тест' },
    },
    'POST /users-api/v1/:code/Users/:userId/badge': {
      params: { code: SC, userId: ABSENT_USER_ID },
    },
    'DELETE /users-api/v1/:code/Users/:userId': { params: { code: SC, userId: ABSENT_USER_ID } },
    'POST /users-api/v1/:code/Users/:userId/unlock': {
      params: { code: SC, userId: ABSENT_USER_ID },
    },
    'GET /timetracking-api/v1/:code/Workplaces': { params: { code: SC } },
    'POST /timetracking-api/v1/:code/Workplaces/:barcode/users/barcode-scan': {
      params: { code: SC, barcode: '=34717-WP-01' },
      body: { UserToken: '~W1002-3MX8' },
    },
    'POST /timetracking-api/v1/:code/Workplaces/:barcode/users/:userId/leave': {
      params: { code: SC, barcode: '=34717-WP-01', userId: ABSENT_USER_ID },
    },
    'GET /timetracking-api/v1/:code/report': {
      params: { code: SC },
      query: { from: '2026-03-01T00:00:00+03:00', to: '2026-03-02T00:00:00+03:00', format: 'csv' },
    },
    'POST /returns-api/return/policies': {
      body: { warehouseCode: SC, parcelBarcode: ['P300011'] },
    },
    'POST /returns-api/return/return2': {
      body: [
        {
          code: 'ITM-300011-1',
          barcode: 'P300011',
          quantity: 1,
          reasonCode: 'another_reason',
          reasonComment: 'не подошло',
          comment: 'без упаковки',
          returnCost: 0,
          imagesIds: [],
        },
      ],
      multiline: ['0.reasonComment', '0.comment'],
    },
    'POST /returns-api/return/image': {
      body: { barcode: 'P300001', fileData: PNG_DATA_URL, fileName: 'photo.png' },
      multiline: ['fileData'],
    },
    'DELETE /returns-api/return/image/:id': {
      params: { id: '0b6f1c9e-3a8e-4e0f-9a51-6f4f2f0f0a01' },
    },
    'GET /returns-api/return/image/:id': {
      params: { id: '0b6f1c9e-3a8e-4e0f-9a51-6f4f2f0f0a01' },
    },
    'GET /returns-api/return/returns': { query: { barcode: 'P300004' } },
    'GET /demo-sheet': {},
    'GET /en/demo-sheet': {},
    'GET /openapi.json': {},
    'GET /api-docs': {},
    'GET /api-docs/json': {},
    'GET /api-docs/yaml': {},
    'GET /api-docs/static/index.html': {},
    'GET /api-docs/static/swagger-initializer.js': {},
    'POST /printersHub/negotiate': {
      query: { negotiateVersion: '1' },
      notValidated: { 'query negotiateVersion': "SignalR's: anything but 1 is answered as 0" },
    },
    'GET /printing-api/v1/jobs': {},
    'POST /printing-api/v1/jobs/:jobId/reprint': {
      params: { jobId: '0b6f1c9e-3a8e-4e0f-9a51-6f4f2f0f0a02' },
    },
    'GET /ru/manifest.webmanifest': {},
    'GET /manifest.webmanifest': {},
    'GET /en/manifest.webmanifest': {},
    'GET /*': {
      params: { '*': 'sorting' },
      notValidated: { 'path *': 'a page path: the SPA answers any page, or 404 for a file' },
    },
  };
}

/** A sample as a request to inject: the registered URL filled with its parameters and query. */
export function sampleRequest(
  routeUrl: string,
  sample: RouteSample,
): { url: string; payload?: string; headers: Record<string, string> } {
  const params = sample.params ?? {};
  const path = routeUrl.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams(sample.query ?? {}).toString();
  return {
    url: search ? `${path}?${search}` : path,
    ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
    headers: {
      ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...sample.headers,
    },
  };
}
