import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pluralizeRu, russianPluralCategory } from './plural.js';

const PARCEL = ['посылка', 'посылки', 'посылок'] as const;

describe('Russian plural helper (spec part 1 §5)', () => {
  it.each([
    [0, 'посылок'],
    [1, 'посылка'],
    [2, 'посылки'],
    [4, 'посылки'],
    [5, 'посылок'],
    [11, 'посылок'],
    [12, 'посылок'],
    [14, 'посылок'],
    [19, 'посылок'],
    [20, 'посылок'],
    [21, 'посылка'],
    [22, 'посылки'],
    [101, 'посылка'],
    [111, 'посылок'],
    [112, 'посылок'],
    [121, 'посылка'],
    [1001, 'посылка'],
    [-1, 'посылка'],
    [-13, 'посылок'],
    [1.5, 'посылки'],
    [Number.NaN, 'посылок'],
    [Infinity, 'посылок'],
    [-21, 'посылка'],
    [1.0001, 'посылки'],
    [0.0001, 'посылки'],
    [1e21, 'посылок'],
    [Number.MAX_SAFE_INTEGER, 'посылка'],
  ])('%s %s', (count, expected) => {
    expect(pluralizeRu(count, PARCEL)).toBe(expected);
  });

  it('never throws and answers one of the forms for any number', () => {
    fc.assert(
      fc.property(fc.double(), (count) => {
        expect(PARCEL).toContain(pluralizeRu(count, PARCEL));
      }),
    );
  });

  it('keeps the rule order: 11–19 beat the last digit; only the last two digits count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (n) => {
        const lastTwo = n % 100;
        const category = russianPluralCategory(n);
        if (lastTwo >= 11 && lastTwo <= 19) expect(category).toBe('many');
        else if (n % 10 === 1) expect(category).toBe('one');
        else if (n % 10 >= 2 && n % 10 <= 4) expect(category).toBe('few');
        else expect(category).toBe('many');
        expect(russianPluralCategory(n + 100)).toBe(category);
        expect(russianPluralCategory(-n)).toBe(category);
      }),
    );
  });
});
