import { DEFAULT_LOCALE, isLocale, type Locale } from '@sorting/domain';

/** The interface's locale from i18next's language (`i18n.language`); ru when unknown. */
export function numberLocale(language: string): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * Numbers on screen in the interface's language: its decimal separator («8,5» in ru, "8.5" in
 * en), no thousands grouping (a size or weight is read off, not summed). Labels keep their own
 * fixed format (`formatDimensions` of domain: a dot, as a scanner reads it).
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatDecimal(
  value: number,
  locale: Locale,
  maximumFractionDigits: number,
): string {
  const key = `${locale}:${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits, useGrouping: false });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * A number as a measure form holds it: up to three decimals (a gram of a weight in kg, the
 * saved precision), in the interface's decimals (docs/DECISIONS.md "Delivery to a recipient":
 * the scale's 2,3456 kg is «2,346», sent as 2346 g).
 */
export function formDecimal(value: number, locale: Locale): string {
  return formatDecimal(value, locale, 3);
}

/** Length × width × height in cm with at most one decimal, in the locale («8,5x20x30»). */
export function formatSizesCm(
  length: number,
  width: number,
  height: number,
  locale: Locale,
): string {
  return [length, width, height].map((size) => formatDecimal(size, locale, 1)).join('x');
}

const KG_UNIT: Record<Locale, string> = { ru: 'кг', en: 'kg' };

/**
 * A measured weight as it was measured (docs/DECISIONS.md "Delivery to a recipient"): kg with
 * up to three decimals, so 1250 g reads «1,25 кг», never rounded to «1,3 кг».
 */
export function formatMeasuredKg(grams: number, locale: Locale): string {
  return `${formatDecimal(grams / 1000, locale, 3)} ${KG_UNIT[locale]}`;
}
