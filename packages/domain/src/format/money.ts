/** The ruble sign, the default currency postfix (spec part 1 §3 "Return item", §9). */
export const RUBLE_SIGN = '₽';

/** U+00A0: groups thousands and separates the postfix, so a sum never breaks across lines. */
const NBSP = '\u00A0';

/** What formatMoney shows for an empty value (spec part 1 §5). */
export const EMPTY_MONEY = '--';

export interface MoneyFormat {
  /** Digits after the comma; 2 by default (spec part 1 §9: minimum 2 fraction digits). */
  fractionDigits?: number;
  /** Shown after the amount; the ruble sign by default, '' for none. */
  postfix?: string;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * Spec part 1 §5 money formatting: '--' for an empty value (null, undefined, NaN, ±Infinity),
 * two decimals by default, thousands grouped by a non-breaking space, a comma as the decimal
 * separator, the ruble sign after a non-breaking space: 1234.5 → "1 234,50 ₽". Rounds half
 * away from zero on the decimal text of the number; a result of zero is never negative.
 */
export function formatMoney(value: number | null | undefined, format: MoneyFormat = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_MONEY;
  const digits = Math.min(Math.max(Math.trunc(format.fractionDigits ?? 2), 0), 20);
  const postfix = format.postfix ?? RUBLE_SIGN;
  const [whole, fraction] = toFixedDigits(Math.abs(value), digits);
  const isZero = /^0*$/.test(whole + fraction);
  const sign = value < 0 && !isZero ? '-' : '';
  const amount = `${sign}${groupThousands(whole)}${digits > 0 ? `,${fraction}` : ''}`;
  return postfix === '' ? amount : `${amount}${NBSP}${postfix}`;
}

/** A non-negative finite number as whole and fraction digit strings, rounded half up. */
function toFixedDigits(value: number, digits: number): [string, string] {
  // Number's own shortest decimal text, so 1.005 is rounded as "1.005" (→ 1.01), not as its
  // binary neighbour 1.00499999…; exponent forms are expanded through BigInt.
  const [mantissa = '0', exponentText = '0'] = value.toString().split('e');
  const exponent = Number(exponentText);
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  let all = intPart + fracPart;
  let point = intPart.length + exponent;
  if (point < 0) {
    all = '0'.repeat(-point) + all;
    point = 0;
  }
  if (point > all.length) all += '0'.repeat(point - all.length);
  const kept = all.slice(0, point + digits).padEnd(point + digits, '0');
  const next = all.charCodeAt(point + digits) || 48;
  let scaled = BigInt(kept === '' ? '0' : kept);
  if (next >= 53) scaled += 1n;
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits) || '0';
  const fraction = digits > 0 ? text.slice(text.length - digits) : '';
  return [whole.replace(/^0+(?=\d)/, ''), fraction];
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
