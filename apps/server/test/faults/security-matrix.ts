import { and, eq, isNotNull } from 'drizzle-orm';
import {
  ROUTE_MAPS,
  pathParameters,
  toRouterPath,
  type RouteDefinition,
  type RouteWarehouse,
} from '@sorting/contracts';
import type { Db } from '../../src/db/database.js';
import type { RouteSample } from './endpoint-samples.js';
import {
  boxes,
  cells,
  documents,
  inboundDocuments,
  inbounds,
  outbounds,
  parcels,
  pickingClients,
  pickingItems,
  pickings,
  returnableBoxes,
  warehouses,
  zones,
} from '../../src/db/schema.js';

// The calls of security.test.ts's cross-warehouse matrix (docs/DECISIONS.md "Faults and bad input"): every call that
// names an object of a warehouse, built from that warehouse's ids (`targetOf`).

export interface Target {
  warehouseId: number;
  warehouseNumber: number;
  warehouseCode: string;
  zoneId: number;
  parcelId: number;
  parcelNumber: string;
  boxBarcode: string;
  cellId: number;
  cellBarcode: string;
  acceptanceBarcode: string;
  containerBarcode: string | null;
  /** An incoming state-1 document of the sorting centre with this number. */
  documentId: number | null;
  /** A recipient of the warehouse and an open picking of it, if any. */
  clientCode: string;
  pickingId: number | null;
  /** An item of that picking (return and its reasons). */
  pickingItemId: number | null;
  inboundId: number;
  inboundDetailId: number;
  receiptPlaceId: number | null;
  outboundId: number;
}

export async function targetOf(db: Db, warehouseNumber: number): Promise<Target> {
  const [warehouse] = await db
    .select()
    .from(warehouses)
    .where(eq(warehouses.number, warehouseNumber));
  const id = warehouse!.id;
  const [zone] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.warehouseId, id), eq(zones.number, 1)));
  const [parcel] = await db.select().from(parcels).where(eq(parcels.warehouseId, id)).limit(1);
  const [box] = await db.select().from(boxes).where(eq(boxes.warehouseId, id)).limit(1);
  const [cell] = await db.select().from(cells).where(eq(cells.zoneId, zone!.id)).limit(1);
  const [inbound] = await db.select().from(inbounds).where(eq(inbounds.warehouseId, id)).limit(1);
  const [container] = await db
    .select()
    .from(returnableBoxes)
    .where(eq(returnableBoxes.warehouseId, id))
    .limit(1);
  const [document] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.sortingCenterId, warehouseNumber), eq(documents.state, 1)))
    .limit(1);
  const [client] = await db
    .select()
    .from(pickingClients)
    .where(eq(pickingClients.warehouseId, id))
    .orderBy(pickingClients.code)
    .limit(1);
  const [picking] = await db
    .select()
    .from(pickings)
    .where(and(eq(pickings.warehouseId, id), eq(pickings.state, 'OPEN')));
  const [pickingItem] = picking
    ? await db.select().from(pickingItems).where(eq(pickingItems.pickingId, picking.id)).limit(1)
    : [];
  const [detail] = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.warehouseId, id), isNotNull(parcels.inboundId)))
    .limit(1);
  const [receiptPlace] = await db
    .select({ id: inboundDocuments.id })
    .from(inboundDocuments)
    .innerJoin(inbounds, eq(inbounds.id, inboundDocuments.inboundId))
    .where(and(eq(inbounds.warehouseId, id), eq(inboundDocuments.kind, 'receipt-place')))
    .limit(1);
  const [outbound] = await db
    .select()
    .from(outbounds)
    .where(eq(outbounds.warehouseId, id))
    .limit(1);
  return {
    clientCode: client!.code,
    pickingId: picking?.id ?? null,
    pickingItemId: pickingItem?.id ?? null,
    warehouseId: id,
    warehouseNumber,
    warehouseCode: warehouse!.code,
    zoneId: zone!.id,
    parcelId: parcel!.id,
    parcelNumber: parcel!.number,
    boxBarcode: box!.barcode,
    cellId: cell!.id,
    cellBarcode: cell!.barcode,
    acceptanceBarcode: inbound!.acceptanceBarcode,
    containerBarcode: container?.barcode ?? null,
    documentId: document?.id ?? null,
    inboundId: inbound!.id,
    inboundDetailId: detail!.id,
    receiptPlaceId: receiptPlace?.id ?? null,
    outboundId: outbound!.id,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface MatrixCall {
  name: string;
  /** A read the owner may make: it must succeed for the owner (so the refusal means something). */
  isOwnerRead: boolean;
  request: (t: Target) => { method: Method; url: string; payload?: unknown } | null;
}

/** Every call that names an object of a warehouse, with that warehouse's ids. */
export const MATRIX: MatrixCall[] = [
  {
    name: 'zones/search',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/zones/search',
      payload: { warehouseId: t.warehouseId, number: 1 },
    }),
  },
  {
    name: 'zones list',
    isOwnerRead: true,
    request: (t) => ({ method: 'GET', url: `/sorting-api/zones?warehouseId=${t.warehouseId}` }),
  },
  {
    name: 'parcels/scan',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/parcels/scan',
      payload: { barcode: t.parcelNumber, warehouseId: t.warehouseId, zoneId: t.zoneId },
    }),
  },
  {
    name: 'boxes/search',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/boxes/search',
      payload: { barcode: t.boxBarcode, warehouseId: t.warehouseId },
    }),
  },
  {
    name: 'cells/search',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/cells/search',
      payload: { barcode: t.cellBarcode, warehouseId: t.warehouseId },
    }),
  },
  {
    name: 'cells/suggest',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/cells/suggest',
      payload: { parcelId: t.parcelId, warehouseId: t.warehouseId, zoneId: t.zoneId },
    }),
  },
  {
    name: 'move',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/move',
      payload: { parcelId: t.parcelId, cellId: t.cellId },
    }),
  },
  {
    name: 'parcels/measure',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/parcels/measure',
      payload: { parcelId: t.parcelId, height: 10, width: 10, length: 10 },
    }),
  },
  {
    name: 'parcels/weight',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: '/sorting-api/parcels/weight',
      payload: { parcelId: t.parcelId, weight: 1000 },
    }),
  },
  {
    name: 'measures',
    isOwnerRead: true,
    request: (t) => ({
      method: 'GET',
      url: `/sortingsystem-api/Parcels/${encodeURIComponent(t.parcelNumber)}/measures`,
    }),
  },
  {
    name: 'inbound arrive',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: `/sortingsystem-api/documents/inbound/arrive?barcode=${encodeURIComponent(t.acceptanceBarcode)}`,
    }),
  },
  {
    name: 'sticker',
    isOwnerRead: true,
    request: (t) => ({ method: 'GET', url: `/sorting-api/Parcels/${t.parcelId}/sticker?lang=ru` }),
  },
  {
    name: 'sticker_printed',
    isOwnerRead: false,
    request: (t) => ({ method: 'PUT', url: `/sorting-api/Parcels/${t.parcelId}/sticker_printed` }),
  },
  {
    name: 'attention',
    isOwnerRead: false,
    request: (t) => ({ method: 'DELETE', url: `/sorting-api/parcels/${t.parcelId}/attention` }),
  },
  {
    name: 'damage',
    isOwnerRead: false,
    request: (t) => ({
      method: 'PUT',
      url: `/sorting-api/parcels/${t.parcelId}/damage`,
      payload: { Comment: 'x' },
    }),
  },
  {
    name: 'ContainerAccounting',
    isOwnerRead: false,
    request: (t) =>
      t.containerBarcode === null
        ? null
        : {
            method: 'GET',
            url: `/sorting-api/ContainerAccounting?barcode=${encodeURIComponent(t.containerBarcode)}`,
          },
  },
  {
    name: 'ContainerAccounting/move',
    isOwnerRead: false,
    request: (t) =>
      t.containerBarcode === null
        ? null
        : {
            method: 'POST',
            url: '/sorting-api/ContainerAccounting/move',
            payload: { ContainerBarcode: t.containerBarcode, LocationCode: t.cellBarcode },
          },
  },
  {
    name: 'containerAccounting/sticker',
    isOwnerRead: true,
    request: (t) =>
      t.containerBarcode === null
        ? null
        : {
            method: 'GET',
            url: `/sorting-api/containerAccounting/sticker?barcode=${encodeURIComponent(t.containerBarcode)}`,
          },
  },
  {
    name: 'containerAccounting delete',
    isOwnerRead: false,
    request: (t) =>
      t.containerBarcode === null
        ? null
        : {
            method: 'DELETE',
            url: `/sorting-api/containerAccounting?barcode=${encodeURIComponent(t.containerBarcode)}`,
          },
  },
  {
    name: 'deconsolidation box',
    isOwnerRead: false,
    request: (t) => ({
      method: 'GET',
      url: `/deconsolidating-api/v1/${t.warehouseNumber}/Consolidating/${encodeURIComponent(t.boxBarcode)}`,
    }),
  },
  {
    name: 'deconsolidate',
    isOwnerRead: false,
    request: (t) => ({
      method: 'DELETE',
      url: `/deconsolidating-api/v1/${t.warehouseNumber}/Consolidating/${encodeURIComponent(t.cellBarcode)}`,
    }),
  },
  // Audit: the warehouse in the path; a session id of the other centre is never
  // reached (the warehouse is refused first).
  {
    name: 'audit sessions',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: `/audit-api/v1/${t.warehouseNumber}/Sessions/get`,
      payload: { dateFrom: '2026-03-01T00:00:00+03:00', dateTo: '2026-03-07T23:59:59+03:00' },
    }),
  },
  {
    name: 'audit start',
    isOwnerRead: false,
    request: (t) => ({ method: 'POST', url: `/audit-api/v1/${t.warehouseNumber}/Sessions` }),
  },
  {
    name: 'audit open cell',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: `/audit-api/v1/${t.warehouseNumber}/Sessions/1/cells`,
      payload: { barcode: t.cellBarcode },
    }),
  },
  {
    name: 'audit scan',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: `/audit-api/v1/${t.warehouseNumber}/Sessions/1/cells/${t.cellId}/scan`,
      payload: { barcode: t.parcelNumber },
    }),
  },
  {
    name: 'audit finish cell',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: `/audit-api/v1/${t.warehouseNumber}/Sessions/1/cells/finish`,
      payload: { cellId: t.cellId },
    }),
  },
  {
    name: 'audit items',
    isOwnerRead: false,
    request: (t) => ({ method: 'GET', url: `/audit-api/v1/${t.warehouseNumber}/Sessions/1/items` }),
  },
  {
    name: 'audit finish',
    isOwnerRead: false,
    request: (t) => ({
      method: 'PUT',
      url: `/audit-api/v1/${t.warehouseNumber}/Sessions/1/finish`,
    }),
  },
  {
    name: 'document sign',
    isOwnerRead: false,
    request: (t) =>
      t.documentId === null
        ? null
        : { method: 'POST', url: `/documentsflow-api/documents/${t.documentId}/sign` },
  },
  {
    name: 'document validate',
    isOwnerRead: false,
    request: (t) =>
      t.documentId === null
        ? null
        : { method: 'POST', url: `/documentsflow-api/documents/${t.documentId}/validate` },
  },
  {
    name: 'picking info',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: '/picking-api/picking/info',
      payload: { PickingClientCode: t.clientCode },
    }),
  },
  {
    name: 'picking begin',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: '/picking-api/picking/begin',
      payload: { PickingClientCode: t.clientCode },
    }),
  },
  ...(['search', 'pickup', 'end', 'cancel'] as const).map((call): MatrixCall => ({
    name: `picking ${call}`,
    isOwnerRead: false,
    request: (t) =>
      t.pickingId === null
        ? null
        : {
            method: 'POST',
            url: `/picking-api/picking/${call}`,
            payload: {
              PickingId: t.pickingId,
              Timestamp: '2026-03-02T08:00:00Z',
              Barcode: t.parcelNumber,
              CellBarcode: t.cellBarcode,
            },
          },
  })),
  // Payment and item return of another warehouse's picking are unknown.
  ...(
    [
      [
        'POST',
        { PaymentTypeCode: 'cash', ProviderCode: 'cash-desk', Timestamp: '2026-03-02T08:00:00Z' },
      ],
      ['GET', undefined],
      ['PUT', { State: 'CANCELLED' }],
    ] as const
  ).map(([method, payload]): MatrixCall => ({
    name: `picking pay ${method}`,
    isOwnerRead: false,
    request: (t) =>
      t.pickingId === null
        ? null
        : { method, url: `/picking-api/picking/${t.pickingId}/pay`, payload },
  })),
  {
    name: 'picking return reasons',
    isOwnerRead: false,
    request: (t) =>
      t.pickingItemId === null
        ? null
        : {
            method: 'GET',
            url: `/picking-api/picking/return/reasons?pickingRouteItemId=${t.pickingItemId}`,
          },
  },
  {
    name: 'picking return',
    isOwnerRead: false,
    request: (t) =>
      t.pickingItemId === null
        ? null
        : {
            method: 'POST',
            url: '/picking-api/picking/return',
            payload: {
              PickingRouteItemId: t.pickingItemId,
              ReturnReasonCode: 'DAMAGED',
              ReturnReasonComment: '',
              Timestamp: '2026-03-02T08:00:00Z',
            },
          },
  },
  // Spec part 2 §7 inbound and outbound documents: the user's default warehouse only.
  {
    name: 'inbound details',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: `/sortingsystem-api/documents/inbound/details?inboundId=${t.inboundId}`,
    }),
  },
  {
    name: 'inbound close',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: `/sortingsystem-api/documents/inbound/close?inboundId=${t.inboundId}`,
    }),
  },
  {
    name: 'inbound receiptplaceid',
    isOwnerRead: false,
    request: (t) => ({
      method: 'GET',
      url: `/sortingsystem-api/documents/inbound/receiptplaceid?inboundId=${t.inboundId}`,
    }),
  },
  {
    name: 'inbound receiptplace',
    isOwnerRead: false,
    request: (t) =>
      t.receiptPlaceId === null
        ? null
        : {
            method: 'GET',
            url: `/sortingsystem-api/documents/inbound/receiptplace/${t.receiptPlaceId}`,
          },
  },
  {
    name: 'inbound detail label',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: `/sortingsystem-api/documents/inbound/details/${t.inboundDetailId}/barcode/json`,
    }),
  },
  {
    name: 'inbound detail stickered',
    isOwnerRead: false,
    request: (t) => ({
      method: 'PUT',
      url: `/sortingsystem-api/documents/inbound/details/${t.inboundDetailId}/stickered`,
    }),
  },
  {
    name: 'outbound details',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: `/sortingsystem-api/documents/outbound/details?outboundId=${t.outboundId}`,
    }),
  },
  {
    name: 'outbound syncstate',
    isOwnerRead: false,
    request: (t) => ({
      method: 'POST',
      url: '/sortingsystem-api/documents/outbound/syncstate',
      payload: [{ OutboundId: t.outboundId, SyncKey: null }],
    }),
  },
  {
    name: 'vision boxes',
    isOwnerRead: true,
    request: (t) => ({
      method: 'POST',
      url: `/vision-api/v1/${t.warehouseNumber}/VisionFragment/boxes`,
      payload: { barcode: t.parcelNumber },
    }),
  },
];

// The generated half of the matrix (docs/DECISIONS.md "Contract and errors", the warehouse on
// the route): every route of ROUTE_MAPS declares where its warehouse comes from; each that
// names one in the call (path, body or query) is called with another centre's warehouse.

/** A route of ROUTE_MAPS by its key (`POST /audit-api/v1/:warehouseCode/Sessions`). */
export interface MappedRoute {
  name: string;
  key: string;
  route: RouteDefinition;
}

export const MAPPED_ROUTES: MappedRoute[] = Object.entries(ROUTE_MAPS).flatMap(([service, map]) =>
  Object.entries(map as Record<string, RouteDefinition>).map(([name, route]) => ({
    name: `${service}.${name}`,
    key: `${route.method} ${toRouterPath(route.path)}`,
    route,
  })),
);

/** The declarations whose warehouse the call itself names. */
export type NamedWarehouse = Extract<RouteWarehouse, { from: 'path' | 'body' | 'query' }>;

export function namedWarehouseOf(route: RouteDefinition): NamedWarehouse | null {
  const source = route.warehouse;
  return source.from === 'path' || source.from === 'body' || source.from === 'query'
    ? source
    : null;
}

/** Input names that name a warehouse: a route taking one must declare it. */
const WAREHOUSE_INPUTS = new Set(['warehouse', 'warehouseCode', 'warehouseId']);

/**
 * The inputs of a route's valid sample that name a warehouse but which its declaration does
 * not read: a route naming a warehouse while declaring `none` or `user` shows up here.
 */
export function undeclaredWarehouseInputs(route: RouteDefinition, sample: RouteSample): string[] {
  const declared = namedWarehouseOf(route);
  const inputs = [
    ...pathParameters(route.path).map((name) => ({ from: 'path', name })),
    ...Object.keys(sample.query ?? {}).map((name) => ({ from: 'query', name })),
    ...(sample.body && typeof sample.body === 'object' && !Array.isArray(sample.body)
      ? Object.keys(sample.body).map((name) => ({ from: 'body', name }))
      : []),
  ];
  return inputs
    .filter((input) => WAREHOUSE_INPUTS.has(input.name))
    .filter(
      (input) =>
        declared === null ||
        input.from !== declared.from ||
        input.name !== ('param' in declared ? declared.param : declared.field),
    )
    .map((input) => `${input.from} ${input.name}`);
}

/**
 * The route's valid sample with its declared warehouse replaced by `t`'s (its code in a path,
 * its id or number in a body or query): the call another centre's user makes.
 */
export function callNaming(
  route: RouteDefinition,
  source: NamedWarehouse,
  sample: RouteSample,
  t: Target,
  pathKey: 'code' | 'number' = 'code',
): { method: Method; url: string; payload?: unknown } {
  const params: Record<string, string> = { ...sample.params };
  const query: Record<string, string> = { ...sample.query };
  let body = sample.body;
  if (source.from === 'path') {
    params[source.param] = pathKey === 'code' ? t.warehouseCode : String(t.warehouseNumber);
  } else {
    const value = source.by === 'id' ? t.warehouseId : t.warehouseNumber;
    if (source.from === 'query') query[source.field] = String(value);
    else body = { ...(body as Record<string, unknown>), [source.field]: value };
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return {
    method: route.method,
    url: search === '' ? path : `${path}?${search}`,
    ...(body === undefined ? {} : { payload: body }),
  };
}
