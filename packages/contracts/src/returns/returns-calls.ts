import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import {
  RETURN_PHOTOS_MAX_PER_BARCODE,
  RETURN_PHOTO_MAX_BYTES,
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
