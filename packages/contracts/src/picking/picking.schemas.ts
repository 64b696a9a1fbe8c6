import { z } from 'zod';

import { blankToUndefined, ZId, zText } from '../input-rules.js';
import {
  PICKING_DELIVERY_TYPES,
  PICKING_ITEM_STATES,
  PICKING_MAX_PAGE_SIZE,
  PICKING_MODES,
  PICKING_PAGE_SIZE,
  PICKING_STATES,
} from './picking-types.js';
import {
  ZCallerUserId,
  ZLostRequest,
  ZLostResult,
  ZPickingBalance,
  ZValidationData,
} from './picking-rules.schemas.js';

export * from './picking-types.js';
export * from './picking-rules.schemas.js';

// The schemas of the recipient picking calls (spec part 1 §3 "Picking client", "Picking item",
// §7 "Recipient picking"; part 2 §3 "Picking info", §7 "Picking"); the route map is
// `picking.routes.ts`. Casing (docs/DECISIONS.md "Recipient picking"): the clients, items and
// the changes answer camelCase as part 1 §3 writes them, `info` PascalCase as part 2 §3;
// requests are PascalCase as part 1 §7 writes them. Money travels in rubles with two decimals,
// kopecks in the database.

const ZCode = zText({ min: 1, max: 100 });
const ZBarcode = zText({ min: 1, max: 200, barcode: true });

/** The device's ISO 8601 time (stored beside the server's). */
const ZTimestamp = zText({ min: 1, max: 40 }).refine(
  (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
  'an ISO 8601 date and time',
);

/** `GET /picking-api/picking/clients` query (ours): paging by 30 and a search. */
export const ZPickingClientsQuery = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(PICKING_MAX_PAGE_SIZE).default(PICKING_PAGE_SIZE),
  ),
  /** A client code, part of a name, or a parcel barcode. */
  search: z.preprocess(blankToUndefined, zText({ max: 200 }).optional()),
});
export type TPickingClientsQuery = z.infer<typeof ZPickingClientsQuery>;

const ZMoney = z.number();

/** Spec part 1 §3 "Picking client" (camelCase). */
export const ZPickingClient = z.object({
  clientCode: z.string(),
  clientName: z.string(),
  /** The parcels lying in cells, waiting to be handed out. */
  parcelsCount: z.number().int(),
  barcodes: z.array(z.string()),
  warehouseCodeFrom: z.string().nullable(),
  warehouseCodeTo: z.string().nullable(),
  addressFrom: z.string().nullable(),
  addressTo: z.string().nullable(),
  deliveryType: z.enum(PICKING_DELIVERY_TYPES),
  /** Index 0 none, 1 pincode, 2 attorney. */
  validationType: z.number().int().min(0).max(2),
  pickingId: z.number().int().nullable(),
  pickingBeginDateUtc: z.string().nullable(),
  pickingUserName: z.string().nullable(),
  deliveryId: z.number().int().nullable(),
  allowedGateCells: z.array(z.string()),
  pickingMode: z.enum(PICKING_MODES),
  /** Rubles: the cash on delivery of the parcels counted in parcelsCount. */
  cashOnDelivery: ZMoney,
  balance: ZMoney.nullable(),
  balanceDebet: ZMoney.nullable(),
  isNeedBalanceCheck: z.boolean(),
  /** The client's parcels lying in the returns area. */
  parcelsForReturnCount: z.number().int(),
});
export type TPickingClient = z.infer<typeof ZPickingClient>;

/** Ours: one page of clients, ordered by name then code; `totalCount` matches `search`. */
export const ZPickingClientsPage = z.object({
  items: z.array(ZPickingClient),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Ours (part 1 §6): the warehouse runs one picking per device, so `/picking`
   * reopens the recipient kept in LAST_PICKING_RECIPIENT.
   */
  isSinglePickingPerDevice: z.boolean(),
});
export type TPickingClientsPage = z.infer<typeof ZPickingClientsPage>;

/** `info`, `begin` (and the later `balance`): `{PickingClientCode}`. */
export const ZPickingClientRequest = z.object({ PickingClientCode: ZCode });
export type TPickingClientRequest = z.input<typeof ZPickingClientRequest>;

/**
 * Spec part 2 §3 "Picking info" (PascalCase): ClientCode, ClientName, WarehouseCodeFrom/To,
 * AddressFrom/To, Pickings[] (the open pickings) and the client's other fields in PascalCase;
 * IsOwnPicking (ours): the open picking was begun by this user on this device, so the page
 * goes back to the process.
 */
export const ZPickingInfo = z.object({
  ClientCode: z.string(),
  ClientName: z.string(),
  WarehouseCodeFrom: z.string().nullable(),
  WarehouseCodeTo: z.string().nullable(),
  AddressFrom: z.string().nullable(),
  AddressTo: z.string().nullable(),
  Pickings: z.array(
    z.object({ PickingId: z.number().int(), DeliveryId: z.number().int().nullable() }),
  ),
  ParcelsCount: z.number().int(),
  Barcodes: z.array(z.string()),
  DeliveryType: z.enum(PICKING_DELIVERY_TYPES),
  ValidationType: z.number().int().min(0).max(2),
  PickingId: z.number().int().nullable(),
  PickingBeginDateUtc: z.string().nullable(),
  PickingUserName: z.string().nullable(),
  DeliveryId: z.number().int().nullable(),
  AllowedGateCells: z.array(z.string()),
  PickingMode: z.enum(PICKING_MODES),
  CashOnDelivery: ZMoney,
  Balance: ZMoney.nullable(),
  BalanceDebet: ZMoney.nullable(),
  IsNeedBalanceCheck: z.boolean(),
  ParcelsForReturnCount: z.number().int(),
  IsOwnPicking: z.boolean(),
});
export type TPickingInfo = z.infer<typeof ZPickingInfo>;

/** Ours: what `begin` answers, the open picking (camelCase). */
export const ZPicking = z.object({
  pickingId: z.number().int(),
  clientCode: z.string(),
  state: z.enum(PICKING_STATES),
  beginDateUtc: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  itemsCount: z.number().int(),
});
export type TPicking = z.infer<typeof ZPicking>;

/** `search`, `cancel`: `{PickingId}`. */
export const ZPickingIdRequest = z.object({ PickingId: ZId });
export type TPickingIdRequest = z.input<typeof ZPickingIdRequest>;

/**
 * Spec part 1 §3 "Picking item" cell: barcode, order (the walk through the hall), name,
 * zoneNumber, row, col, zoneType. In the returns area row is `return` and the rest null.
 */
export const ZPickingItemCell = z.object({
  barcode: z.string().nullable(),
  order: z.number().int().nullable(),
  name: z.string().nullable(),
  zoneNumber: z.number().int().nullable(),
  row: z.string(),
  col: z.number().int().nullable(),
  zoneType: z.string().nullable(),
});
export type TPickingItemCell = z.infer<typeof ZPickingItemCell>;

/** Spec part 1 §3 "Picking item" (camelCase); cashOnDelivery in rubles. */
export const ZPickingItem = z.object({
  itemId: z.number().int(),
  cell: ZPickingItemCell,
  /** The barcode of the box the parcel lies in; null in the returns area. */
  boxName: z.string().nullable(),
  barcode: z.string(),
  name: z.string(),
  cashOnDelivery: ZMoney,
  make: z.string().nullable(),
  article: z.string().nullable(),
  quantity: z.number().int(),
  state: z.enum(PICKING_ITEM_STATES),
  /** yyyy-mm-dd; null without one. */
  storageDeadlineDate: z.string().nullable(),
});
export type TPickingItem = z.infer<typeof ZPickingItem>;

/** `search`: the picking's items by cell order, then name. */
export const ZPickingItems = z.array(ZPickingItem);
export type TPickingItems = z.infer<typeof ZPickingItems>;

/** Spec part 1 §7 `pickup`: PickingId, UserId, Timestamp, Barcode, CellBarcode. */
export const ZPickupRequest = z.object({
  PickingId: ZId,
  UserId: ZCallerUserId,
  Timestamp: ZTimestamp,
  Barcode: ZBarcode,
  /**
   * The cell the parcel is taken from; '' when none was scanned yet: the server then answers
   * only why a barcode that is no item of the picking cannot be picked (DECISIONS "Recipient
   * picking").
   */
  CellBarcode: z.union([z.literal(''), ZBarcode]),
});
export type TPickupRequest = z.input<typeof ZPickupRequest>;

/** Ours: what `pickup` answers, the item now PICKED and the picking's progress. */
export const ZPickupResult = z.object({
  item: ZPickingItem,
  pickedCount: z.number().int(),
  /** Items to pick: WAITING and PICKED. */
  totalCount: z.number().int(),
});
export type TPickupResult = z.infer<typeof ZPickupResult>;

/** Spec part 1 §7 `end`: PickingId, UserId, Timestamp, ValidationData; part 2 §7 PickingId. */
export const ZEndRequest = z.object({
  PickingId: ZId,
  UserId: ZCallerUserId,
  Timestamp: z.preprocess(blankToUndefined, ZTimestamp.optional()),
  ValidationData: z.preprocess(blankToUndefined, ZValidationData.optional()),
});
export type TEndRequest = z.input<typeof ZEndRequest>;

/** Ours: what `end` answers; the handed-out parcels and those left for a later visit. */
export const ZEndResult = z.object({
  pickingId: z.number().int(),
  state: z.enum(PICKING_STATES),
  handedOut: z.array(z.string()),
  waiting: z.array(z.string()),
  /** Rubles of the handed-out parcels. */
  cashOnDelivery: ZMoney,
});
export type TEndResult = z.infer<typeof ZEndResult>;

/** Ours: what `cancel` answers; the parcels to put back into their cells. */
export const ZCancelResult = z.object({
  pickingId: z.number().int(),
  state: z.enum(PICKING_STATES),
  putBack: z.array(z.string()),
});
export type TCancelResult = z.infer<typeof ZCancelResult>;

/** The recipient picking calls' schemas, bound to `PICKING_ROUTES` by name. */
export const PICKING_SCHEMAS = {
  clients: {
    summary: 'One page of the recipients with parcels in cells (paged by 30, searched)',
    query: ZPickingClientsQuery,
    response: ZPickingClientsPage,
  },
  info: {
    summary: 'A recipient with its open pickings (PascalCase)',
    body: ZPickingClientRequest,
    response: ZPickingInfo,
  },
  begin: {
    summary:
      'Begins (or resumes) the picking of a recipient: one WAITING item per parcel in a cell',
    body: ZPickingClientRequest,
    response: ZPicking,
  },
  search: {
    summary: 'The items of a picking by cell order, then name',
    body: ZPickingIdRequest,
    response: ZPickingItems,
  },
  pickup: {
    summary: 'Picks a parcel up from its cell: WAITING → PICKED',
    body: ZPickupRequest,
    response: ZPickupResult,
  },
  end: {
    summary: 'Ends a picking: the PICKED parcels are handed out, WAITING ones stay',
    body: ZEndRequest,
    response: ZEndResult,
  },
  balance: {
    summary: 'The balance of a recipient and whether the balance check lets the picking begin',
    body: ZPickingClientRequest,
    response: ZPickingBalance,
  },
  lost: {
    summary: 'Marks a WAITING item lost (not found in its cell) with a description',
    body: ZLostRequest,
    response: ZLostResult,
  },
  cancel: {
    summary: 'Cancels a picking: PICKED items back to WAITING',
    body: ZPickingIdRequest,
    response: ZCancelResult,
  },
};
