/** The three Russian noun forms: for 1 (посылка), for 2–4 (посылки), for 5 and more (посылок). */
export type RussianPluralForms = readonly [one: string, few: string, many: string];

/** Which of the three forms a count takes. */
export type RussianPluralCategory = 'one' | 'few' | 'many';

/** CLDR's Russian plural rules, as the runtime's ICU data has them. */
const RUSSIAN_PLURAL_RULES = new Intl.PluralRules('ru');

/**
 * Spec part 1 §5 Russian plural rule: 11–19 (by the last two digits) → many; last digit 1 → one;
 * last digit 2–4 → few; else many. For whole numbers this is CLDR's rule, so `Intl.PluralRules`
 * answers it. The spec's own rules stay on top: the absolute value counts, a fraction takes the
 * few form (1,5 посылки; CLDR's `other`, and a fraction below 0.001 would otherwise be rounded
 * to a whole number first), NaN and infinities take many.
 */
export function russianPluralCategory(count: number): RussianPluralCategory {
  if (!Number.isFinite(count)) return 'many';
  const value = Math.abs(count);
  if (!Number.isInteger(value)) return 'few';
  const category = RUSSIAN_PLURAL_RULES.select(value);
  return category === 'one' || category === 'many' ? category : 'few';
}

/** The form of `forms` for `count`: pluralizeRu(21, ['посылка', 'посылки', 'посылок']) → 'посылка'. */
export function pluralizeRu(count: number, forms: RussianPluralForms): string {
  const category = russianPluralCategory(count);
  return category === 'one' ? forms[0] : category === 'few' ? forms[1] : forms[2];
}
