import { describe, expect, it } from 'vitest';
import { dimensionBarcodeProblem, isDimensionSize } from './dimension-barcode.js';

describe('dimension type barcode', () => {
  it('takes a parcel-type code of 1–50 printable characters', () => {
    expect(dimensionBarcodeProblem('DIM-S')).toBeNull();
    expect(dimensionBarcodeProblem('К-60')).toBeNull();
    expect(dimensionBarcodeProblem('x'.repeat(50))).toBeNull();
  });

  it('refuses what a scan would take for something else', () => {
    expect(dimensionBarcodeProblem('=34717-1-a-01')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('%Z1')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('_34717-1')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('~W1001')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('.GL12')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('.69.1')).toBe('notParcelType');
    expect(dimensionBarcodeProblem('http://x')).toBe('notParcelType');
  });

  it('refuses empty, long, spaced or unprintable text', () => {
    expect(dimensionBarcodeProblem('')).toBe('empty');
    expect(dimensionBarcodeProblem('x'.repeat(51))).toBe('tooLong');
    expect(dimensionBarcodeProblem('DIM S')).toBe('notPrintable');
    expect(dimensionBarcodeProblem('DIM\u0000')).toBe('notPrintable');
    expect(dimensionBarcodeProblem('DIM\u00a0S')).toBe('notPrintable');
  });

  it('sizes are more than 0 and at most 10,000 cm', () => {
    expect([0, -1, 0.1, 10_000, 10_000.1, Number.NaN].map(isDimensionSize)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
