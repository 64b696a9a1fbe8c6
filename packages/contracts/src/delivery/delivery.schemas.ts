import { z } from 'zod';

import { ZId, ZOptionalId, zText } from '../input-rules.js';

// The schemas of delivery to a recipient (spec part 2 §3 "Delivery", "Delivery item", the
// create payload; §7 "Delivery", "Picking" tariff and `picking/delivery`;
// docs/DECISIONS.md "Delivery to a recipient"). The delivery-api answers camelCase as the spec
// writes it (`operationObject`); the route maps are `delivery.routes.ts`.

/** Spec part 2 §4 Delivery flow: 1…99 packages per delivery. */
export const DELIVERY_MAX_PACKAGES = 99;
/** The sorting bounds (part 1 §5): a side is > 0 and ≤ 10,000 cm. */
export const DELIVERY_MAX_CENTIMETRES = 10_000;
/** A package weighs whole grams, > 0 and ≤ 1,000,000 (1 t). */
export const DELIVERY_MAX_GRAMS = 1_000_000;

/** The states of a delivery (ours): created, finished (measures frozen), cancelled, handed. */
export const DELIVERY_STATES = ['CREATED', 'FINISHED', 'CANCELLED', 'HANDED'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

const ZWarehouseCode = zText({ min: 1, max: 50 });
const ZAddress = zText({ min: 1, max: 500 });

/** `GET /delivery-api/delivery/tariff?fromAddress=&toAddress=`: both warehouse codes needed. */
export const ZTariffQuery = z.object({
  fromAddress: ZWarehouseCode,
  toAddress: ZWarehouseCode,
});
export type TTariffQuery = z.infer<typeof ZTariffQuery>;

/** A tariff of a warehouse pair (shape ours): price in rubles, days on the way. */
export const ZTariff = z.object({
  tariffCode: z.string(),
  name: z.string(),
  price: z.number(),
  days: z.number().int(),
});
export type TTariff = z.infer<typeof ZTariff>;
export const ZTariffs = z.array(ZTariff);

/** Spec part 2 §3 "Create-delivery payload"; externalCode is the picking id. */
export const ZDeliveryCreateRequest = z.object({
  externalCode: ZId,
  warehouseFrom: ZWarehouseCode,
  warehouseTo: ZWarehouseCode,
  addressFrom: ZAddress,
  addressTo: ZAddress,
  itemsCount: z.number().int().min(1).max(DELIVERY_MAX_PACKAGES),
});
export type TDeliveryCreateRequest = z.input<typeof ZDeliveryCreateRequest>;

/** Spec part 2 §3 "Delivery item" measure: cm and grams, null until measured. */
export const ZDeliveryMeasure = z.object({
  height: z.number().nullable(),
  width: z.number().nullable(),
  length: z.number().nullable(),
  weight: z.number().int().nullable(),
});
export type TDeliveryMeasure = z.infer<typeof ZDeliveryMeasure>;

/** Spec part 2 §3 "Delivery item": a package. */
export const ZDeliveryItem = z.object({
  deliveryItemId: z.number().int(),
  barcode: z.string(),
  positionNumber: z.number().int(),
  description: z.string(),
  measure: ZDeliveryMeasure,
});
export type TDeliveryItem = z.infer<typeof ZDeliveryItem>;
export const ZDeliveryItems = z.array(ZDeliveryItem);

/** What `POST /delivery-api/delivery` answers: the delivery (part 2 §3) with its items. */
export const ZDeliveryCreated = z.object({
  deliveryId: z.number().int(),
  warehouseCodeFrom: z.string(),
  warehouseCodeTo: z.string(),
  addressFrom: z.string(),
  addressTo: z.string(),
  /** yyyy-mm-dd: the creation date. */
  sendDate: z.string(),
  recipientCode: z.string(),
  recipientName: z.string(),
  pickingId: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  items: ZDeliveryItems,
});
export type TDeliveryCreated = z.infer<typeof ZDeliveryCreated>;

export const ZDeliveryParams = z.object({ deliveryId: ZId });
export const ZDeliveryItemParams = z.object({ deliveryId: ZId, deliveryItemId: ZId });

/**
 * `POST …/measure`: height, width, length (cm), weight (g). Any finite number passes the
 * schema; one out of bounds is refused by the service as `invalidMeasure` (422), as the sorting
 * measure does (part 1 §5).
 */
export const ZDeliveryMeasureRequest = z.object({
  height: z.number().finite(),
  width: z.number().finite(),
  length: z.number().finite(),
  weight: z.number().finite(),
});
export type TDeliveryMeasureRequest = z.input<typeof ZDeliveryMeasureRequest>;

/** `POST /picking-api/picking/delivery?pickingId=&deliveryId=`: without deliveryId, a skip. */
export const ZPickingDeliveryQuery = z.object({
  pickingId: ZId,
  deliveryId: ZOptionalId,
});
export type TPickingDeliveryQuery = z.infer<typeof ZPickingDeliveryQuery>;

/** Ours: what `picking/delivery` answers. */
export const ZPickingDeliveryResult = z.object({
  pickingId: z.number().int(),
  /** The finished delivery, or the cancelled one on a skip (null when there was none). */
  deliveryId: z.number().int().nullable(),
  outcome: z.enum(['finished', 'skipped']),
});
export type TPickingDeliveryResult = z.infer<typeof ZPickingDeliveryResult>;

/** The delivery-api calls' schemas, bound to `DELIVERY_ROUTES` by name. */
export const DELIVERY_SCHEMAS = {
  tariff: {
    summary: 'The tariffs of a pair of warehouse codes (an empty list when there is none)',
    query: ZTariffQuery,
    response: ZTariffs,
  },
  create: {
    summary: 'Creates the delivery of an open picking with its packages (one per picking)',
    body: ZDeliveryCreateRequest,
    response: ZDeliveryCreated,
  },
  items: {
    summary: 'The packages of a delivery with their measures',
    params: ZDeliveryParams,
    response: ZDeliveryItems,
  },
  measure: {
    summary: 'Measures a package: sides in cm, weight in grams',
    params: ZDeliveryItemParams,
    body: ZDeliveryMeasureRequest,
    response: ZDeliveryItem,
  },
};

/** `picking/delivery` (picking-api), bound to `PICKING_DELIVERY_ROUTES`. */
export const PICKING_DELIVERY_SCHEMAS = {
  delivery: {
    summary: 'Finishes the picking’s delivery (every package measured) or skips it',
    query: ZPickingDeliveryQuery,
    response: ZPickingDeliveryResult,
  },
};
