import type { Locale } from '../locale.js';

/** What an unknown (not measured) weight or size shows. */
export const UNKNOWN_MEASURE = '—';

const KG_UNIT: Record<Locale, string> = { ru: 'кг', en: 'kg' };

function isKnown(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Spec part 2 §5: deconsolidation shows weight in kg with one decimal, grams divided by 1000,
 * halves rounded up («1,5 кг» for 1450 g) and the locale's decimal separator; «—» unknown.
 */
export function formatWeightKg(grams: number | null | undefined, locale: Locale = 'ru'): string {
  if (!isKnown(grams)) return UNKNOWN_MEASURE;
  // Tenths of a kilogram in integers: 1450 / 100 = 14.5 rounds to 15, where 1.45 in binary
  // floating point would round down.
  const tenths = Math.round(grams / 100);
  const text = (tenths / 10).toFixed(1);
  return `${locale === 'ru' ? text.replace('.', ',') : text} ${KG_UNIT[locale]}`;
}

/** Spec part 2 §5: a dimension in whole centimetres, rounded (12.5 → «13»); «—» unknown. */
export function formatCm(cm: number | null | undefined): string {
  return isKnown(cm) ? String(Math.round(cm)) : UNKNOWN_MEASURE;
}
