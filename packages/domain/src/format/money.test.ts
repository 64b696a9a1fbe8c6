import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cashOnDeliveryRemaining,
  CURRENCIES,
  currencySign,
  EMPTY_MONEY,
  formatMoney,
  RUBLE_SIGN,
} from './money.js';

const NBSP = '\u00A0';
/** The text with NBSP shown as '_' so the table below is readable. */
const show = (text: string) => text.replaceAll(NBSP, '_');

describe('formatMoney (spec part 1 §5)', () => {
  it.each([
    [0, '0,00_₽'],
    [1, '1,00_₽'],
    [1234.5, '1_234,50_₽'],
    [1234567.891, '1_234_567,89_₽'],
    [999.995, '1_000,00_₽'],
    [1.005, '1,01_₽'],
    [0.1 + 0.2, '0,30_₽'],
    [-1500, '-1_500,00_₽'],
    [-0.001, '0,00_₽'],
    [100, '100,00_₽'],
    [1000, '1_000,00_₽'],
    [1e21, '1_000_000_000_000_000_000_000,00_₽'],
    [5e-7, '0,00_₽'],
    [2.675, '2,68_₽'],
    [0.005, '0,01_₽'],
    [-0.005, '-0,01_₽'],
    [-0.004, '0,00_₽'],
    [-0, '0,00_₽'],
    [12345678.9, '12_345_678,90_₽'],
    [Number.MAX_SAFE_INTEGER, '9_007_199_254_740_991,00_₽'],
  ])('%s → %s', (value, expected) => {
    expect(show(formatMoney(value))).toBe(expected);
  });

  it('writes the sign of the currency code (spec part 1 §3: RUB, USD), RUB by default', () => {
    expect(CURRENCIES).toEqual(['RUB', 'USD']);
    expect(currencySign('RUB')).toBe(RUBLE_SIGN);
    expect(currencySign('USD')).toBe('$');
    expect(show(formatMoney(1234.5, { currency: 'RUB' }))).toBe('1_234,50_₽');
    expect(show(formatMoney(1234.5, { currency: 'USD' }))).toBe('1_234,50_$');
    expect(show(formatMoney(1234.5))).toBe('1_234,50_₽');
    expect(formatMoney(null, { currency: 'USD' })).toBe(EMPTY_MONEY);
    // A postfix the server sends (a return item's currencyPostfix) still wins.
    expect(show(formatMoney(5, { currency: 'USD', postfix: 'руб.' }))).toBe('5,00_руб.');
  });

  it('shows -- for empty values', () => {
    for (const value of [null, undefined, Number.NaN, Infinity, -Infinity]) {
      expect(formatMoney(value)).toBe(EMPTY_MONEY);
    }
  });

  it('takes other fraction digits and postfixes', () => {
    expect(show(formatMoney(1234.5678, { fractionDigits: 3 }))).toBe('1_234,568_₽');
    expect(show(formatMoney(1234.5, { fractionDigits: 0 }))).toBe('1_235_₽');
    expect(show(formatMoney(12.5, { postfix: '$' }))).toBe('12,50_$');
    expect(show(formatMoney(12.5, { postfix: '' }))).toBe('12,50');
    expect(show(formatMoney(-0.4, { fractionDigits: 0 }))).toBe('0_₽');
    expect(show(formatMoney(-0.5, { fractionDigits: 0 }))).toBe('-1_₽');
    expect(show(formatMoney(0.5, { fractionDigits: -3 }))).toBe('1_₽');
    expect(show(formatMoney(1e-20, { fractionDigits: 25 }))).toBe('0,00000000000000000001_₽');
  });

  it('never throws and always has the shape, for any number', () => {
    const shape = /^(--|-?\d{1,3}(\u00A0\d{3})*,\d{2}\u00A0₽)$/;
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constant(null)), (value) => {
        expect(formatMoney(value)).toMatch(shape);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the value rounded to kopecks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 99 }),
        (rub, kop) => {
          const value = rub + Math.sign(rub || 1) * (kop / 100);
          const text = formatMoney(value)
            .replace(`${NBSP}₽`, '')
            .replaceAll(NBSP, '')
            .replace(',', '.');
          expect(Number(text)).toBeCloseTo(value, 2);
        },
      ),
    );
  });
});

describe('cashOnDeliveryRemaining (spec part 1 §5)', () => {
  it('subtracts the parcels without binary residue', () => {
    expect(cashOnDeliveryRemaining(0.3, [0.1, 0.2])).toBe(0);
    expect(cashOnDeliveryRemaining(1000, [250.5, 249.5])).toBe(500);
    expect(cashOnDeliveryRemaining(100, [])).toBe(100);
    expect(cashOnDeliveryRemaining(100, [150])).toBe(-50);
  });

  it('equals the kopeck arithmetic for any amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { maxLength: 30 }),
        (amount, parts) => {
          const expected = (amount - parts.reduce((sum, part) => sum + part, 0)) / 100;
          expect(
            cashOnDeliveryRemaining(
              amount / 100,
              parts.map((part) => part / 100),
            ),
          ).toBe(expected);
        },
      ),
    );
  });
});
