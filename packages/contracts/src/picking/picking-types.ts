// Constants of recipient picking (spec part 1 §3 "Picking client", "Picking item", §4
// "Picking", §9; part 2 §3 "Picking and payment"). Plain values, no zod: the web app's first
// screen may import them.

/** Spec part 1 §9, part 2 §9: the picking direction and picked lists are paged by 30. */
export const PICKING_PAGE_SIZE = 30;

/** The largest page a client may ask for (`pageSize`). */
export const PICKING_MAX_PAGE_SIZE = 100;

/**
 * Picking item states. WAITING is the spec's (part 1 §3); PICKED (taken from its cell), LOST
 * (`lost`) and RETURNED (`return`; also a parcel lying in the returns
 * area when the picking began) are ours (docs/DECISIONS.md "Recipient picking").
 */
export const PICKING_ITEM_STATES = ['WAITING', 'PICKED', 'LOST', 'RETURNED'] as const;
export type TPickingItemState = (typeof PICKING_ITEM_STATES)[number];

/**
 * Picking states: OPEN (ours) while the worker collects; PROCESSED and CANCELLED are the
 * outcomes of part 2 §3.
 */
export const PICKING_STATES = ['OPEN', 'PROCESSED', 'CANCELLED'] as const;
export type TPickingState = (typeof PICKING_STATES)[number];

/** Spec part 1 §3 `validationType`: index 0 none, 1 pincode, 2 attorney. */
export const PICKING_VALIDATION_KINDS = ['none', 'pincode', 'attorney'] as const;
export type TPickingValidationKind = (typeof PICKING_VALIDATION_KINDS)[number];

/** Spec part 1 §3 `pickingMode`: `with_cell` is gate mode, anything else normal. */
export const PICKING_MODES = ['normal', 'with_cell'] as const;
export type TPickingMode = (typeof PICKING_MODES)[number];

/**
 * Delivery types: part 1 §3 names PVZ as a special value and part 2 §4 SELF; COURIER is ours
 * (the delivery issue).
 */
export const PICKING_DELIVERY_TYPES = ['SELF', 'PVZ', 'COURIER'] as const;
export type TPickingDeliveryType = (typeof PICKING_DELIVERY_TYPES)[number];

/** Spec part 1 §3: a picking item's cell row `return` is the returns area (no column). */
export const PICKING_RETURN_ROW = 'return';
