import { describe, expect, it } from 'vitest';
import { formatCm, formatWeightKg } from './weight-size.js';

// Spec part 2 §5: weight in kg with one decimal, dimensions in whole cm.
describe('formatWeightKg', () => {
  it.each([
    [1449, 'ru', '1,4 кг'],
    [1450, 'ru', '1,5 кг'],
    [1450, 'en', '1.5 kg'],
    [80, 'ru', '0,1 кг'],
    [49, 'ru', '0,0 кг'],
    [6450, 'en', '6.5 kg'],
    [12_000, 'ru', '12,0 кг'],
    [null, 'ru', '—'],
    [undefined, 'en', '—'],
    [Number.NaN, 'ru', '—'],
  ] as const)('%s g in %s → %s', (grams, locale, expected) => {
    expect(formatWeightKg(grams, locale)).toBe(expected);
  });

  it('words in Russian by default', () => {
    expect(formatWeightKg(2100)).toBe('2,1 кг');
  });
});

describe('formatCm', () => {
  it.each([
    [12.5, '13'],
    [12.4, '12'],
    [60, '60'],
    [0.5, '1'],
    [null, '—'],
    [undefined, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ] as const)('%s cm → %s', (cm, expected) => {
    expect(formatCm(cm)).toBe(expected);
  });
});
