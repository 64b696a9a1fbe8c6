// Constants of picking payment and item return, in the base because the runtime settings
// offer the payment providers (spec part 2 §3 "Picking and payment", §4
// "Picking payment and return"; docs/DECISIONS.md "Picking payment"). Plain values,
// no zod: the runtime settings and the web app's first screen may import them.

/** Spec part 2 §3 payment types; `undefined` (the spec's third) is refused with 400. */
export const PAYMENT_TYPE_CODES = ['cash', 'card'] as const;
export type TPaymentTypeCode = (typeof PAYMENT_TYPE_CODES)[number];

/**
 * Ours (docs/DECISIONS.md "Picking payment"): `cash-desk` cash confirmed by the worker,
 * `card-pos` a stand-alone card terminal confirmed by the worker, `terminal` the integrated
 * terminal behind the server's adapter.
 */
export const PAYMENT_PROVIDER_CODES = ['cash-desk', 'card-pos', 'terminal'] as const;
export type TPaymentProviderCode = (typeof PAYMENT_PROVIDER_CODES)[number];

/** The payment type each provider takes. */
export const PAYMENT_PROVIDER_TYPES: Readonly<Record<TPaymentProviderCode, TPaymentTypeCode>> = {
  'cash-desk': 'cash',
  'card-pos': 'card',
  terminal: 'card',
};

/** The providers offered to the web app (`paymentProviders` of the runtime settings). */
export const PAYMENT_PROVIDERS: readonly {
  code: TPaymentProviderCode;
  paymentType: TPaymentTypeCode;
}[] = PAYMENT_PROVIDER_CODES.map((code) => ({ code, paymentType: PAYMENT_PROVIDER_TYPES[code] }));

/**
 * Payment states: PROCESSED and CANCELLED are the spec's (part 2 §3); PENDING (ours) while the
 * money is being taken.
 */
export const PAYMENT_STATES = ['PENDING', 'PROCESSED', 'CANCELLED'] as const;
export type TPaymentState = (typeof PAYMENT_STATES)[number];

/** What `PUT …/pay` may set (part 2 §4). */
export const PAYMENT_SET_STATES = ['PROCESSED', 'CANCELLED'] as const;
export type TPaymentSetState = (typeof PAYMENT_SET_STATES)[number];

/** Why a payment ended CANCELLED (ours, stored and answered). */
export const PAYMENT_CANCEL_REASONS = ['cancelled', 'declined', 'timeout', 'refunded'] as const;
export type TPaymentCancelReason = (typeof PAYMENT_CANCEL_REASONS)[number];

/** Ours: the reasons a picking item is returned (titles in the ru/en catalogues). */
export const PICKING_RETURN_REASON_CODES = [
  'RECIPIENT_REFUSED',
  'DAMAGED',
  'WRONG_ITEM',
  'INCOMPLETE',
  'NOT_AS_DESCRIBED',
] as const;
export type TPickingReturnReasonCode = (typeof PICKING_RETURN_REASON_CODES)[number];

/** The longest ReturnReasonComment (the web app always sends ''). */
export const PICKING_RETURN_COMMENT_MAX = 500;
