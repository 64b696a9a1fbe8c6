import { z } from 'zod';

import {
  RETURN_PHOTOS_MAX_PER_BARCODE,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_REASON_CODES,
} from './returns-types.js';

export * from './returns-types.js';

const ZParcelBarcode = z.string().trim().min(1).max(200);

/** Spec part 1 §7 `POST /returns-api/return/policies`: warehouseCode, parcelBarcode list. */
export const ZReturnPoliciesRequest = z.object({
  warehouseCode: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'a warehouse code is its number'),
  parcelBarcode: z.array(ZParcelBarcode).min(1).max(20),
});
export type TReturnPoliciesRequest = z.infer<typeof ZReturnPoliciesRequest>;

/** Spec part 1 §3 "Return payload". */
export const ZReturnPayload = z.object({
  code: z.string().trim().min(1).max(100),
  barcode: ZParcelBarcode,
  quantity: z.coerce.number().int().min(1).max(10_000),
  reasonCode: z.enum(RETURN_REASON_CODES),
  reasonComment: z.string().trim().max(1000).default(''),
  comment: z.string().trim().max(1000).default(''),
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
  fileData: z
    .string()
    .min(1)
    .max(MAX_BASE64_CHARS * 2),
  fileName: z.string().trim().min(1).max(255),
});
export type TReturnImageRequest = z.infer<typeof ZReturnImageRequest>;

/** `DELETE /returns-api/return/image/{id}` and `GET …/image/{id}`. */
export const ZReturnImageParams = z.object({ id: z.uuid() });
export type TReturnImageParams = z.infer<typeof ZReturnImageParams>;
