/** The three Russian noun forms: for 1 (посылка), for 2–4 (посылки), for 5 and more (посылок). */
export type RussianPluralForms = readonly [one: string, few: string, many: string];

/** Which of the three forms a count takes. */
export type RussianPluralCategory = 'one' | 'few' | 'many';

/**
 * Spec part 1 §5 Russian plural rule, checked in this order on the absolute value:
 * 11–19 (by the last two digits) → many; last digit 1 → one; last digit 2–4 → few; else many.
 * A fraction takes the few form (1,5 посылки); NaN and infinities take many.
 */
export function russianPluralCategory(count: number): RussianPluralCategory {
  if (!Number.isFinite(count)) return 'many';
  const value = Math.abs(count);
  if (!Number.isInteger(value)) return 'few';
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 19) return 'many';
  const last = value % 10;
  if (last === 1) return 'one';
  if (last >= 2 && last <= 4) return 'few';
  return 'many';
}

/** The form of `forms` for `count`: pluralizeRu(21, ['посылка', 'посылки', 'посылок']) → 'посылка'. */
export function pluralizeRu(count: number, forms: RussianPluralForms): string {
  const category = russianPluralCategory(count);
  return category === 'one' ? forms[0] : category === 'few' ? forms[1] : forms[2];
}
