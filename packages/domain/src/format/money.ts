/** The ruble sign, the default currency postfix (spec part 1 §3 "Return item", §9). */
export const RUBLE_SIGN = '₽';

/** Spec part 1 §3: the currencies an amount may be in. */
export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of an amount that names none (spec part 1 §9: default postfix the ruble sign). */
export const DEFAULT_CURRENCY: Currency = 'RUB';

/** One sign per currency, asked of Intl once. */
const signs = new Map<Currency, string>();

/**
 * The sign of a currency as `Intl.NumberFormat` writes it (its narrow symbol: RUB → ₽,
 * USD → $), not a fixed ruble sign. A browser without narrow symbols (Safari before 14.1)
 * gives its plain symbol.
 */
export function currencySign(currency: Currency): string {
  let sign = signs.get(currency);
  if (sign === undefined) {
    const partOf = (currencyDisplay: 'narrowSymbol' | 'symbol') =>
      new Intl.NumberFormat('ru-RU', { style: 'currency', currency, currencyDisplay })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value;
    let found: string | undefined;
    try {
      found = partOf('narrowSymbol');
    } catch {
      found = partOf('symbol');
    }
    sign = found ?? currency;
    signs.set(currency, sign);
  }
  return sign;
}

/** U+00A0: groups thousands and separates the postfix, so a sum never breaks across lines. */
const NBSP = '\u00A0';

/** What formatMoney shows for an empty value (spec part 1 §5). */
export const EMPTY_MONEY = '--';

export interface MoneyFormat {
  /** Digits after the comma; 2 by default (spec part 1 §9: minimum 2 fraction digits). */
  fractionDigits?: number;
  /** The amount's currency, whose sign follows it; RUB by default. */
  currency?: Currency;
  /** Shown after the amount instead of the currency's sign (a server's postfix); '' for none. */
  postfix?: string;
}

/** One `Intl.NumberFormat` per number of fraction digits, made on first use. */
const formats = new Map<number, Intl.NumberFormat>();

function numberFormat(digits: number): Intl.NumberFormat {
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      roundingMode: 'halfExpand',
      useGrouping: 'always',
    });
    formats.set(digits, format);
  }
  return format;
}

/** The spec's separators whatever the runtime's locale data: NBSP groups, comma, hyphen minus. */
const SPEC_PART: Partial<Record<Intl.NumberFormatPartTypes, string>> = {
  group: NBSP,
  decimal: ',',
  minusSign: '-',
};

/**
 * Spec part 1 §5 money formatting: '--' for an empty value (null, undefined, NaN, ±Infinity),
 * two decimals by default, thousands grouped by a non-breaking space, a comma as the decimal
 * separator, the currency's sign (the ruble's by default) after a non-breaking space:
 * 1234.5 → "1 234,50 ₽", in USD "1 234,50 $". The number is
 * `Intl.NumberFormat`'s (ru, half away from zero); it is given the number's own shortest decimal
 * text, so 1.005 is rounded as "1.005" (→ 1,01), not as its binary neighbour 1.00499999….
 */
export function formatMoney(value: number | null | undefined, format: MoneyFormat = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_MONEY;
  const digits = Math.min(Math.max(Math.trunc(format.fractionDigits ?? 2), 0), 20);
  const postfix = format.postfix ?? currencySign(format.currency ?? DEFAULT_CURRENCY);
  const parts = numberFormat(digits).formatToParts(`${value}`);
  // A result of zero is never negative (signDisplay 'negative' would say so, but throws in
  // browsers older than Intl.NumberFormat v3).
  const isZero = parts.every(
    (part) => (part.type !== 'integer' && part.type !== 'fraction') || /^0+$/.test(part.value),
  );
  const amount = parts
    .filter((part) => !(isZero && part.type === 'minusSign'))
    .map((part) => SPEC_PART[part.type] ?? part.value)
    .join('');
  return postfix === '' ? amount : `${amount}${NBSP}${postfix}`;
}

/**
 * Spec part 1 §5: cash on delivery remaining = the amount minus the sum over the parcels,
 * computed in kopecks so that 0.1 + 0.2 leaves no binary residue.
 */
export function cashOnDeliveryRemaining(amount: number, parcelAmounts: readonly number[]): number {
  const kopecks = (value: number) => Math.round(value * 100);
  const remaining = parcelAmounts.reduce((rest, part) => rest - kopecks(part), kopecks(amount));
  return remaining / 100;
}
