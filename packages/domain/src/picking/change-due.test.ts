import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDue } from './change-due.js';

// The change of a cash payment, in kopecks.

describe('changeDue', () => {
  it.each([
    [123_450, 123_450, { enough: true, changeKopecks: 0 }],
    [123_450, 150_000, { enough: true, changeKopecks: 26_550 }],
    [123_450, 100_000, { enough: false, shortKopecks: 23_450 }],
    [99_913, 100_000, { enough: true, changeKopecks: 87 }],
    [1, 0, { enough: false, shortKopecks: 1 }],
  ])('due %i, received %i → %o', (due, received, expected) => {
    expect(changeDue(due, received)).toEqual(expected);
  });

  it('received = due + change, or due − short, for any amounts', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000_00), fc.nat(10_000_000_00), (due, received) => {
        const result = changeDue(due, received);
        if (result.enough) {
          expect(result.changeKopecks).toBeGreaterThanOrEqual(0);
          expect(due + result.changeKopecks).toBe(received);
        } else {
          expect(result.shortKopecks).toBeGreaterThan(0);
          expect(received + result.shortKopecks).toBe(due);
        }
      }),
    );
  });

  it('refuses fractions and negatives', () => {
    expect(() => changeDue(100.5, 200)).toThrow(RangeError);
    expect(() => changeDue(100, -1)).toThrow(RangeError);
    expect(() => changeDue(Number.NaN, 1)).toThrow(RangeError);
  });
});
