import { z } from 'zod';

import { ZId, ZOptionalId, zText } from '../input-rules.js';
import { PICKING_ITEM_STATES } from './picking-types.js';

// The schemas of picking's validation and floor rules (spec part 1 §3 "Picking
// client" balance fields, §5, §7 `balance`, `lost`, `end` ValidationData; docs/DECISIONS.md
// "Picking validation"). PICKING_SCHEMAS (picking.schemas.ts) binds them to their routes.

/**
 * `UserId` of the pickup, lost, end and pay bodies (part 1 §7, part 2 §7): the web sends the
 * signed-in user's id; the server still acts as the session's user and refuses another
 * user's id (403, nothing written; docs/DECISIONS.md "Recipient picking"). Optional, so an
 * older client without it is served.
 */
export const ZCallerUserId = ZOptionalId;

/** Spec part 1 §7 `balance` answer (camelCase, rubles with two decimals). */
export const ZPickingBalance = z.object({
  clientCode: z.string(),
  balance: z.number().nullable(),
  balanceDebet: z.number().nullable(),
  isNeedBalanceCheck: z.boolean(),
  /** Rubles: the cash on delivery of the parcels lying in cells. */
  cashOnDelivery: z.number(),
  /**
   * Ours: the balance rule's outcome (part 1 §5): null when it does not apply, else the
   * shortfall in rubles (0 when the balance covers the cash on delivery).
   */
  shortfall: z.number().nullable(),
});
export type TPickingBalance = z.infer<typeof ZPickingBalance>;

/** A lost item's description: required, trimmed, 1–500 characters. */
export const LOST_DESCRIPTION_MAX = 500;

/** Spec part 1 §7 `lost`: PickingItemId, UserId, Timestamp, Barcode, Description. */
export const ZLostRequest = z.object({
  PickingItemId: ZId,
  UserId: ZCallerUserId,
  Timestamp: zText({ min: 1, max: 40 }).refine(
    (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
    'an ISO 8601 date and time',
  ),
  Barcode: zText({ min: 1, max: 200, barcode: true }),
  Description: zText({ min: 1, max: LOST_DESCRIPTION_MAX }),
});
export type TLostRequest = z.input<typeof ZLostRequest>;

/** Ours: what `lost` answers, the item now LOST and the picking's progress. */
export const ZLostResult = z.object({
  itemId: z.number().int(),
  barcode: z.string(),
  state: z.enum(PICKING_ITEM_STATES),
  description: z.string(),
  pickedCount: z.number().int(),
  /** Items to pick: WAITING and PICKED. */
  totalCount: z.number().int(),
});
export type TLostResult = z.infer<typeof ZLostResult>;

/** yyyy-mm-dd. */
const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date yyyy-mm-dd');

/**
 * `ValidationData` of `end` (shape ours; docs/DECISIONS.md "Picking validation"): Kind, and per
 * kind the pincode (4–6 digits) or the power of attorney (number 1–50, date, holder 2–200).
 * Whether the Kind is the client's and the date's range are judged by the service.
 */
export const ZValidationData = z.discriminatedUnion('Kind', [
  z.object({ Kind: z.literal('none') }),
  z.object({
    Kind: z.literal('pincode'),
    Pincode: z.string().regex(/^\d{4,6}$/, '4 to 6 digits'),
  }),
  z.object({
    Kind: z.literal('attorney'),
    AttorneyNumber: zText({ min: 1, max: 50 }),
    AttorneyDate: ZIsoDate,
    HolderName: zText({ min: 2, max: 200 }),
  }),
]);
export type TValidationData = z.infer<typeof ZValidationData>;
