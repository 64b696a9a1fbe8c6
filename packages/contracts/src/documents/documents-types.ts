// Values of spec part 2 §4 "Inbound supply states" and §9 (docs/DECISIONS.md "Inbound
// supplies and outbound shipments"), spelled here so the web's first screen needs no zod.

/** Spec part 2 §4: 1 Ожидается, 2 Сортируется, 3 Принята, 4 Стикеруется, 5 Поступила. */
export const INBOUND_STATES = [1, 2, 3, 4, 5] as const;
export type InboundState = (typeof INBOUND_STATES)[number];

/** Spec part 2 §4 inbound detail states: 1 Ожидается, 2 Принята, 3 Стикерована, 4 Отменена. */
export const INBOUND_DETAIL_STATES = [1, 2, 3, 4] as const;
export type InboundDetailState = (typeof INBOUND_DETAIL_STATES)[number];

/** Ours (the spec gives none): 1 Формируется, 2 Готова, 3 Отгружена. */
export const OUTBOUND_STATES = [1, 2, 3] as const;
export type OutboundState = (typeof OUTBOUND_STATES)[number];

/** Spec part 2 §9: page size of supplies and shipments. */
export const DOCUMENTS_PAGE_SIZE = 40;

/** The largest page a caller may ask for (ours). */
export const DOCUMENTS_MAX_PAGE_SIZE = 200;

/** The template of the inbound detail label (spec part 2 §7 `…/barcode/json`). */
export const INBOUND_DETAIL_LABEL = 'inbound-detail';

/** The answer header carrying the number of heads matching the filter (ours, additive). */
export const DOCUMENTS_TOTAL_HEADER = 'x-total-count';

/**
 * The print job parameters of the label JSON's `barcodeData` object (part 2 §7 answers it as
 * `{barcode, name, …}`; a print job carries `[{name, value}]`).
 */
export function labelParametersOf(
  barcodeData: Readonly<Record<string, string>>,
): { name: string; value: string }[] {
  return Object.entries(barcodeData).map(([name, value]) => ({ name, value: String(value) }));
}
