// Operation objects and constants of the Returns calls (spec part 1 §3 "Return item", "Return
// payload", §7 "Returns and returnable boxes"). Plain types and constants, no zod: the web
// imports these without pulling the schemas into a chunk.

/** Spec part 1 §3: the reason codes of a return, in the order the screen lists them. */
export const RETURN_REASON_CODES = [
  'another_reason',
  'damage_item',
  'oversort',
  'fake',
  'manufacturing_defects',
  'damaged',
] as const;
export type TReturnReasonCode = (typeof RETURN_REASON_CODES)[number];

/** Spec part 1 §3: disableCode 1 = the reason may be chosen, 2 = shown but not selectable. */
export const REASON_ENABLED = 1;
export const REASON_DISABLED = 2;
export type TReasonDisableCode = typeof REASON_ENABLED | typeof REASON_DISABLED;

/** Spec part 1 §3: the currency postfix when the server sends none. */
export const DEFAULT_CURRENCY_POSTFIX = '₽';

/** Spec part 1 §5: a manufacturing defect is returned at cost 1 (the supplier pays). */
export const MANUFACTURING_DEFECT_RETURN_COST = 1;

/** Photos (docs/DECISIONS.md "Returns"): the largest photo, in bytes, after base64 decoding. */
export const RETURN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos a worker may hold for one parcel barcode (uploaded and not yet in an accepted return). */
export const RETURN_PHOTOS_MAX_PER_BARCODE = 12;
/** The image types a photo may be, recognised by its content (never by its name). */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type TReturnPhotoType = (typeof RETURN_PHOTO_TYPES)[number];

/** The least number of photos a return with this reason carries (one per photo step, §4). */
export const RETURN_PHOTOS_REQUIRED: Record<TReturnReasonCode, number> = {
  another_reason: 0,
  damage_item: 0,
  oversort: 0,
  fake: 0,
  manufacturing_defects: 2, // documents photo, package photo
  damaged: 3, // act photo, invoice photo, package photo
};

/** The return cost of a payload line (spec part 1 §3), as both the web and the server reckon it. */
export function returnCostOf(
  // The two fields of TReturnItem it needs (returns.schemas.ts), named here so that the
  // constants file imports nothing back from the schemas.
  item: { returnCost: number; quantityAvailable: number },
  quantity: number,
  reasonCode: TReturnReasonCode,
): number {
  if (reasonCode === 'manufacturing_defects') return MANUFACTURING_DEFECT_RETURN_COST;
  if (item.quantityAvailable <= 0) return 0;
  return Math.round((item.returnCost * quantity * 100) / item.quantityAvailable) / 100;
}
