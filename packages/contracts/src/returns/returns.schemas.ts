import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import {
  REASON_DISABLED,
  REASON_ENABLED,
  RETURN_PHOTOS_MAX_PER_BARCODE,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_TYPES,
  RETURN_REASON_CODES,
} from './returns-types.js';

export * from './returns-types.js';

const ZParcelBarcode = zText({ min: 1, max: 200, barcode: true });

/** `?barcode=` of `GET /returns-api/return/returns`. */
export const ZReturnsQuery = z.object({ barcode: ZParcelBarcode });

/**
 * Spec part 1 §7 `POST /returns-api/return/policies`: warehouseCode, parcelBarcode list. A
 * warehouse code is its number (the id rule), kept as the text the spec sends.
 */
export const ZReturnPoliciesRequest = z.object({
  warehouseCode: ZId.transform(String),
  parcelBarcode: z.array(ZParcelBarcode).min(1).max(20),
});
export type TReturnPoliciesRequest = z.infer<typeof ZReturnPoliciesRequest>;

/** Spec part 1 §3 "Return payload". */
export const ZReturnPayload = z.object({
  code: zText({ min: 1, max: 100 }),
  barcode: ZParcelBarcode,
  quantity: z.coerce.number().int().min(1).max(10_000),
  reasonCode: z.enum(RETURN_REASON_CODES),
  reasonComment: zText({ max: 1000, multiline: true }).default(''),
  comment: zText({ max: 1000, multiline: true }).default(''),
  returnCost: z.coerce.number().finite().min(0),
  imagesIds: z.array(z.uuid()).max(RETURN_PHOTOS_MAX_PER_BARCODE).default([]),
});
export type TReturnPayloadInput = z.infer<typeof ZReturnPayload>;
/** Spec part 1 §3 "Return payload": one line of `return2`. */
export type TReturnPayload = TReturnPayloadInput;

/** Spec part 1 §7 `POST /returns-api/return/return2`: a list of return payloads. */
export const ZReturn2Request = z.array(ZReturnPayload).min(1).max(50);
export type TReturn2Request = z.infer<typeof ZReturn2Request>;

/** base64 text of at most RETURN_PHOTO_MAX_BYTES bytes (4 characters per 3 bytes). */
const MAX_BASE64_CHARS = Math.ceil(RETURN_PHOTO_MAX_BYTES / 3) * 4;

/**
 * Spec part 1 §7 `POST /returns-api/return/image`: barcode, fileData (base64, a `data:` URL
 * prefix allowed), fileName. Size and type are checked on the decoded bytes by the service,
 * so a too-big photo gets its own message rather than a schema error.
 */
export const ZReturnImageRequest = z.object({
  barcode: ZParcelBarcode,
  // base64 may be wrapped in lines (MIME); any other control character is no base64.
  fileData: zText({ min: 1, max: MAX_BASE64_CHARS * 2, multiline: true, trim: false }),
  fileName: zText({ min: 1, max: 255 }),
});
export type TReturnImageRequest = z.infer<typeof ZReturnImageRequest>;

/** `DELETE /returns-api/return/image/{id}` and `GET …/image/{id}`. */
export const ZReturnImageParams = z.object({ id: z.uuid() });
export type TReturnImageParams = z.infer<typeof ZReturnImageParams>;

/** One reason of a return item. */
export const ZReturnReason = z.object({
  code: z.enum(RETURN_REASON_CODES),
  disableCode: z.union([z.literal(REASON_ENABLED), z.literal(REASON_DISABLED)]),
});
export type TReturnReason = z.infer<typeof ZReturnReason>;

/**
 * Spec part 1 §3 "Return item", one per item of a shipped parcel. `barcode` (the parcel it
 * came in) is ours (additive): policies answer for a list of parcel barcodes. `returnCost` is
 * the price of the `quantityAvailable` units; a return of `quantity` of them costs
 * returnCost × quantity / quantityAvailable (rounded to 0.01), or 1 for manufacturing_defects.
 */
export const ZReturnItem = z.object({
  code: z.string(),
  barcode: z.string(),
  article: z.string(),
  brand: z.string(),
  name: z.string(),
  quantityAvailable: z.number(),
  returnCost: z.number(),
  currencyPostfix: z.string(),
  /** Picture URLs of the product (for the worker to compare), maybe empty. */
  images: z.array(z.string()),
  /** ISO 8601. */
  shippedDateUtc: z.string(),
  shipmentWarehouseCode: z.string(),
  reasons: z.array(ZReturnReason),
});
export type TReturnItem = z.infer<typeof ZReturnItem>;

/** Ours: what `return2` answers: the accepted return and the cost the server recorded per line. */
export const ZReturnAccepted = z.object({
  returnId: z.number().int(),
  items: z.array(
    z.object({
      code: z.string(),
      barcode: z.string(),
      quantity: z.number(),
      returnCost: z.number(),
    }),
  ),
});
export type TReturnAccepted = z.infer<typeof ZReturnAccepted>;

/** Ours: what `POST …/return/image` answers; `url` shows the stored photo (GET, same session). */
export const ZReturnPhoto = z.object({
  id: z.string(),
  barcode: z.string(),
  fileName: z.string(),
  contentType: z.enum(RETURN_PHOTO_TYPES),
  size: z.number().int(),
  url: z.string(),
});
export type TReturnPhoto = z.infer<typeof ZReturnPhoto>;

/**
 * Ours: `GET /returns-api/return/returns?barcode=` answers the accepted returns of a parcel
 * with their photos (a supervisor's view; the browser tests read the database through it).
 */
export const ZAcceptedReturn = z.object({
  returnId: z.number().int(),
  acceptedAtUtc: z.string(),
  userName: z.string(),
  warehouseCode: z.string(),
  items: z.array(
    z.object({
      code: z.string(),
      barcode: z.string(),
      quantity: z.number(),
      reasonCode: z.enum(RETURN_REASON_CODES),
      reasonComment: z.string(),
      comment: z.string(),
      returnCost: z.number(),
      images: z.array(ZReturnPhoto),
    }),
  ),
});
export type TAcceptedReturn = z.infer<typeof ZAcceptedReturn>;

/**
 * The photo's bytes (`GET …/return/image/{id}`): a file of one of RETURN_PHOTO_TYPES, no
 * envelope. A photo not found answers the PascalCase refusal envelope (HTTP 200, ErrorCode
 * 104) instead, so the schema holds any body; the document names the file in its description.
 */
export const ZReturnPhotoFile = z
  .unknown()
  .describe('The photo: JPEG, PNG, WebP or HEIC bytes; a refusal envelope when not found');

/** Each call's schemas, bound to its route of `RETURNS_ROUTES` by name. */
export const RETURNS_SCHEMAS = {
  policies: {
    summary: 'The returnable items of shipped parcels, with their reasons and costs',
    body: ZReturnPoliciesRequest,
    response: z.array(ZReturnItem),
  },
  accept: {
    summary: 'Accepts a return: one payload line per item, with its reason and photos',
    body: ZReturn2Request,
    response: ZReturnAccepted,
  },
  uploadPhoto: {
    summary: 'Stores a photo of a returned parcel (base64 in JSON, at most 10 MiB)',
    body: ZReturnImageRequest,
    response: ZReturnPhoto,
  },
  deletePhoto: {
    summary: 'Deletes a photo not yet in an accepted return',
    params: ZReturnImageParams,
    response: z.literal(true),
  },
  readPhoto: {
    summary: 'The bytes of a stored photo',
    params: ZReturnImageParams,
    response: ZReturnPhotoFile,
  },
  listReturns: {
    summary: 'The accepted returns of a parcel with their photos (ours)',
    query: ZReturnsQuery,
    response: z.array(ZAcceptedReturn),
  },
};
