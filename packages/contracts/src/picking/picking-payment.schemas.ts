import { z } from 'zod';

import { ZId, blankToUndefined, zText } from '../input-rules.js';
import {
  PAYMENT_CANCEL_REASONS,
  PAYMENT_PROVIDER_CODES,
  PAYMENT_SET_STATES,
  PAYMENT_STATES,
  PAYMENT_TYPE_CODES,
  PICKING_RETURN_COMMENT_MAX,
  PICKING_RETURN_REASON_CODES,
} from '../payment-types.js';
import { ZCallerUserId, ZValidationData } from './picking-rules.schemas.js';
import { PICKING_ITEM_STATES } from './picking-types.js';

export * from '../payment-types.js';

// The schemas of picking payment and item return (spec part 2 §3 "Picking and
// payment", §4, §7 `pay`, `return/reasons`, `return`; docs/DECISIONS.md "Picking payment").
// PICKING_PAYMENT_SCHEMAS binds them to PICKING_PAYMENT_ROUTES. Money in rubles with two
// decimals on the wire, kopecks in the database.

/** The device's ISO 8601 time (stored beside the server's). */
const ZTimestamp = zText({ min: 1, max: 40 }).refine(
  (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
  'an ISO 8601 date and time',
);

/** `{pickingId}` of the pay paths. */
export const ZPayParams = z.object({ pickingId: ZId });
export type TPayParams = z.infer<typeof ZPayParams>;

/** Spec part 2 §3 pay request: PaymentTypeCode, ProviderCode, UserId, Timestamp, ValidationData. */
export const ZPayRequest = z.object({
  PaymentTypeCode: z.enum(PAYMENT_TYPE_CODES),
  ProviderCode: z.enum(PAYMENT_PROVIDER_CODES),
  UserId: ZCallerUserId,
  Timestamp: z.preprocess(blankToUndefined, ZTimestamp.optional()),
  ValidationData: z.preprocess(blankToUndefined, ZValidationData.optional()),
});
export type TPayRequest = z.input<typeof ZPayRequest>;

/** Spec part 2 §3 payment state as `PUT …/pay` sets it. */
export const ZPayStateRequest = z.object({ State: z.enum(PAYMENT_SET_STATES) });
export type TPayStateRequest = z.input<typeof ZPayStateRequest>;

/**
 * What the three pay calls answer (PascalCase as part 2 §3 `State`): the picking's latest
 * payment; Amount in rubles (the server's own: Σ cash on delivery of the PICKED items).
 */
export const ZPickingPayment = z.object({
  PaymentId: z.number().int(),
  PickingId: z.number().int(),
  State: z.enum(PAYMENT_STATES),
  PaymentTypeCode: z.enum(PAYMENT_TYPE_CODES),
  ProviderCode: z.enum(PAYMENT_PROVIDER_CODES),
  Amount: z.number(),
  /** Why it ended CANCELLED; null otherwise. */
  CancelReason: z.enum(PAYMENT_CANCEL_REASONS).nullable(),
  /** The terminal's transaction; null for manual providers. */
  TransactionId: z.string().nullable(),
  StartedDateUtc: z.string(),
});
export type TPickingPayment = z.infer<typeof ZPickingPayment>;

/** `GET return/reasons?pickingRouteItemId=`: the item's `itemId` (docs/DECISIONS.md "Picking payment"). */
export const ZPickingReturnReasonsQuery = z.object({ pickingRouteItemId: ZId });
export type TPickingReturnReasonsQuery = z.infer<typeof ZPickingReturnReasonsQuery>;

/** Spec part 2 §3 return reason: `{code}`. */
export const ZPickingReturnReason = z.object({ code: z.enum(PICKING_RETURN_REASON_CODES) });
export const ZPickingReturnReasons = z.array(ZPickingReturnReason);
export type TPickingReturnReason = z.infer<typeof ZPickingReturnReason>;

/** Spec part 2 §3 return request. */
export const ZPickingReturnRequest = z.object({
  PickingRouteItemId: ZId,
  ReturnReasonCode: z.enum(PICKING_RETURN_REASON_CODES),
  /** Always sent empty by the web app (part 2 §3); kept when given. */
  ReturnReasonComment: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    zText({ max: PICKING_RETURN_COMMENT_MAX }),
  ),
  Timestamp: ZTimestamp,
});
export type TPickingReturnRequest = z.input<typeof ZPickingReturnRequest>;

/** Ours: what `return` answers: the item now RETURNED and the picking's figures. */
export const ZPickingReturnResult = z.object({
  itemId: z.number().int(),
  barcode: z.string(),
  state: z.enum(PICKING_ITEM_STATES),
  returnReasonCode: z.enum(PICKING_RETURN_REASON_CODES),
  pickedCount: z.number().int(),
  /** Items to pick: WAITING and PICKED. */
  totalCount: z.number().int(),
  /** Rubles now due: the cash on delivery of the PICKED items. */
  amount: z.number(),
  /** The client's parcels in the returns area. */
  parcelsForReturnCount: z.number().int(),
});
export type TPickingReturnResult = z.infer<typeof ZPickingReturnResult>;

/** The payment and return calls' schemas, bound to `PICKING_PAYMENT_ROUTES` by name. */
export const PICKING_PAYMENT_SCHEMAS = {
  pay: {
    summary: "Starts the payment of a picking's picked parcels (at most one live per picking)",
    params: ZPayParams,
    body: ZPayRequest,
    response: ZPickingPayment,
  },
  payState: {
    summary: "The state of a picking's payment (asks the terminal while it is pending)",
    params: ZPayParams,
    response: ZPickingPayment,
  },
  setPayState: {
    summary: "Confirms (PROCESSED) or cancels/refunds (CANCELLED) a picking's payment",
    params: ZPayParams,
    body: ZPayStateRequest,
    response: ZPickingPayment,
  },
  returnReasons: {
    summary: 'The reasons a picking item may be returned for',
    query: ZPickingReturnReasonsQuery,
    response: ZPickingReturnReasons,
  },
  returnItem: {
    summary:
      'Returns a WAITING or PICKED picking item with a reason: its parcel to the returns area',
    body: ZPickingReturnRequest,
    response: ZPickingReturnResult,
  },
};
