import { z } from 'zod';
import { blankToUndefined, ZId, ZOptionalId, zText } from '../input-rules.js';

export * from './sorting-types.js';

/** A scanned or typed barcode (docs/DECISIONS.md "Faults and bad input": the text rule). */
const ZBarcode = zText({ min: 1, max: 200, barcode: true });
const ZOptionalBarcode = z.preprocess(blankToUndefined, ZBarcode.optional());
/** A measure in cm (height, width, length): a positive number. */
const ZCentimetres = z.coerce.number().positive().max(10_000);

/** Spec part 1 §7 `POST /sorting-api/parcels/scan`: barcode, warehouseId, userId, zoneId. */
export const ZParcelScanRequest = z.object({
  barcode: ZBarcode,
  warehouseId: ZId,
  userId: ZOptionalId,
  zoneId: ZOptionalId,
});
export type TParcelScanRequest = z.infer<typeof ZParcelScanRequest>;

/**
 * Spec part 1 §7 `POST /sorting-api/boxes/search`: barcode, warehouseId, userId, zoneId,
 * zoneType, parcelId, boxId. zoneType is the zone's type in either casing (SITO or sito).
 */
export const ZBoxSearchRequest = z.object({
  barcode: ZBarcode,
  warehouseId: ZId,
  userId: ZOptionalId,
  zoneId: ZOptionalId,
  zoneType: z.preprocess(blankToUndefined, zText({ max: 20 }).optional()),
  parcelId: ZOptionalId,
  boxId: ZOptionalId,
});
export type TBoxSearchRequest = z.infer<typeof ZBoxSearchRequest>;

/** Spec part 1 §7 `POST /sorting-api/cells/search`: barcode, warehouseId, parcelId, userId, boxId. */
export const ZCellSearchRequest = z.object({
  barcode: ZBarcode,
  warehouseId: ZId,
  parcelId: ZOptionalId,
  userId: ZOptionalId,
  boxId: ZOptionalId,
});
export type TCellSearchRequest = z.infer<typeof ZCellSearchRequest>;

/**
 * Spec part 1 §7 `POST /sorting-api/cells/suggest`: parcelId, barcode, warehouseId, userId,
 * zoneId, boxId. The cells for a parcel (parcelId or its barcode) or for a box (boxId).
 */
export const ZCellSuggestRequest = z
  .object({
    parcelId: ZOptionalId,
    barcode: ZOptionalBarcode,
    warehouseId: ZId,
    userId: ZOptionalId,
    zoneId: ZOptionalId,
    boxId: ZOptionalId,
  })
  .refine((b) => b.parcelId !== undefined || b.boxId !== undefined || b.barcode !== undefined, {
    message: 'parcelId, boxId or barcode is required',
    path: ['parcelId'],
  });
export type TCellSuggestRequest = z.infer<typeof ZCellSuggestRequest>;

/**
 * Spec part 1 §7 `POST /sorting-api/move`: parcelId, boxId, cellId, userId. A parcel into a
 * cell (into the box there), a parcel into a box, or a box into a cell (docs/DECISIONS.md
 * "Sorting rules"). Idempotent under the `X-Operation-Id` header.
 */
export const ZMoveRequest = z
  .object({
    parcelId: ZOptionalId,
    boxId: ZOptionalId,
    cellId: ZOptionalId,
    userId: ZOptionalId,
  })
  .refine((b) => b.parcelId !== undefined || b.boxId !== undefined, {
    message: 'parcelId or boxId is required',
    path: ['parcelId'],
  })
  .refine((b) => b.cellId !== undefined || b.boxId !== undefined, {
    message: 'cellId or boxId is required',
    path: ['cellId'],
  });
export type TMoveRequest = z.infer<typeof ZMoveRequest>;

/** Spec part 1 §7 `POST /sorting-api/boxes/create`: Count, LengthCm, WidthCm, HeightCm, IsReturnable. */
export const ZBoxCreateRequest = z.object({
  Count: z.coerce.number().int().min(1).max(100),
  LengthCm: ZCentimetres,
  WidthCm: ZCentimetres,
  HeightCm: ZCentimetres,
  IsReturnable: z.boolean().default(false),
});
export type TBoxCreateRequest = z.infer<typeof ZBoxCreateRequest>;

/**
 * Spec part 1 §7 `POST /sorting-api/parcels/measure`: height, width, length (cm), parcelId.
 * Any number passes the schema; one that is not positive is refused by the service with the
 * `invalidMeasure` code.
 */
export const ZParcelMeasureRequest = z.object({
  height: z.coerce.number().finite(),
  width: z.coerce.number().finite(),
  length: z.coerce.number().finite(),
  parcelId: ZId,
});
export type TParcelMeasureRequest = z.infer<typeof ZParcelMeasureRequest>;

/**
 * Spec part 1 §7 `POST /sorting-api/parcels/weight`: weight (grams, kg × 1000 rounded, §5),
 * parcelId. Any number passes the schema: weight ≤ 0 is refused by the service with the
 * `invalidMeasure` code (the f-0027 case), not as a malformed request.
 */
export const ZParcelWeightRequest = z.object({
  weight: z.coerce.number().finite(),
  parcelId: ZId,
});
export type TParcelWeightRequest = z.infer<typeof ZParcelWeightRequest>;

/** Spec part 1 §7 `PUT /sorting-api/parcels/{id}/damage`: Comment. */
export const ZParcelDamageRequest = z.object({
  Comment: z.preprocess((v) => (v == null ? '' : v), zText({ max: 2000, multiline: true })),
});
export type TParcelDamageRequest = z.infer<typeof ZParcelDamageRequest>;

/** `?barcode=` of dimension, ContainerAccounting and documents/inbound/arrive. */
export const ZBarcodeQuery = z.object({ barcode: ZBarcode });
export type TBarcodeQuery = z.infer<typeof ZBarcodeQuery>;

/** `GET /sorting-api/Parcels/{id}/sticker?lang`: ru (default) or en. */
export const ZStickerQuery = z.object({
  lang: z.preprocess(blankToUndefined, z.enum(['ru', 'en']).default('ru')),
});
export type TStickerQuery = z.infer<typeof ZStickerQuery>;

/** `{id}` of the `/sorting-api/parcels/{id}/...` paths. */
export const ZParcelIdParams = z.object({ id: ZId });

/** `{barcode}` of `GET /sortingsystem-api/Parcels/{barcode}/measures`. */
export const ZParcelBarcodeParams = z.object({ barcode: ZBarcode });

/**
 * Spec part 1 §7 `POST /sorting-api/ContainerAccounting/move`: ContainerBarcode,
 * ExternalBarcode, LocationCode, LocationName. LocationCode is a cell barcode of the session
 * warehouse or any other location's code; LocationName names it when it is no cell.
 */
export const ZContainerMoveRequest = z.object({
  ContainerBarcode: ZBarcode,
  ExternalBarcode: z.preprocess(blankToUndefined, ZBarcode.optional()),
  LocationCode: ZBarcode,
  LocationName: z.preprocess(blankToUndefined, zText({ max: 200 }).optional()),
});
export type TContainerMoveRequest = z.infer<typeof ZContainerMoveRequest>;

/** Spec part 2 §7 `POST /vision-api/v1/{warehouse}/VisionFragment/boxes`: barcode. */
export const ZVisionBoxesRequest = z.object({ barcode: ZBarcode });
export type TVisionBoxesRequest = z.infer<typeof ZVisionBoxesRequest>;

/** `{warehouse}` of the vision path: a warehouse number or code. */
export const ZVisionParams = z.object({ warehouse: zText({ min: 1, max: 50 }) });
