import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PATTERN_MAKERS } from './maker-patterns.js';
import {
  compareKey,
  hasCompareKey,
  makerKey,
  mayNormaliseTo,
  normaliseNumber,
} from './stock-normalisation.js';

/** Texts of every kind: any characters, and pieces of part numbers with their separators. */
const anyScanText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom(
      'A',
      'a',
      '0',
      '09160',
      '000',
      '42',
      'L',
      '-',
      '.',
      ' ',
      '  ',
      'Ж',
      'ё',
      '/',
    ),
  }),
);

const anyMaker = fc.oneof(
  fc.constantFrom(...PATTERN_MAKERS, 'Mercedes-Benz', 'PSA', 'Citroen', 'Hella', ''),
  fc.string(),
);

describe('the compare key (part 1 §5 step 4)', () => {
  it('keeps only Latin or Cyrillic letters, digits and hyphen, case-insensitive', () => {
    expect(compareKey(' "asz-001". ')).toBe('ASZ-001');
    expect(compareKey('вт-123/ё')).toBe('ВТ-123Ё');
    expect(compareKey('A 000 420 12 20')).toBe('A0004201220');
    expect(compareKey('Ü–ß_№')).toBe('');
  });

  it('compares a text with a key as the key would', () => {
    fc.assert(
      fc.property(anyScanText, anyScanText, (text, other) => {
        expect(hasCompareKey(text, compareKey(text))).toBe(true);
        expect(hasCompareKey(text, compareKey(other))).toBe(compareKey(text) === compareKey(other));
      }),
    );
  });
});

describe('normalisation is idempotent', () => {
  it('normalising twice equals once', () => {
    fc.assert(
      fc.property(anyMaker, anyScanText, (maker, text) => {
        expect(compareKey(compareKey(text))).toBe(compareKey(text));
        const once = normaliseNumber(maker, text);
        expect(normaliseNumber(maker, once)).toBe(once);
        expect(makerKey(makerKey(maker))).toBe(makerKey(maker));
        // The pipeline's cheap test never rules out a text's own number.
        expect(mayNormaliseTo(text, once)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
