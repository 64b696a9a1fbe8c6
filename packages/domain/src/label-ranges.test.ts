import { describe, expect, it } from 'vitest';
import {
  checkCellRange,
  countBoxRange,
  countCellRange,
  expandBoxRange,
  expandCellRange,
} from './label-ranges.js';
import { formatBoxBarcode } from './topology.js';

const range = {
  warehouseNumber: 34717,
  zoneNumber: 1,
  rowFrom: 'a',
  rowTo: 'c',
  colFrom: 1,
  colTo: 4,
  form: '1d',
  length: 'short',
} as const;

describe('label ranges (spec part 1 §9)', () => {
  it('counts a cell range as rows × columns, and what expands is exactly that many', () => {
    expect(countCellRange(range)).toBe(12);
    expect(expandCellRange(range)).toHaveLength(12);
    expect(countCellRange({ ...range, rowFrom: 'z', rowTo: 'z', colFrom: 7, colTo: 7 })).toBe(1);
    expect(countCellRange({ ...range, rowFrom: 'a', rowTo: 'z', colFrom: 1, colTo: 99 })).toBe(
      26 * 99,
    );
  });

  it('counts 0 and names the problem for a range that cannot be printed', () => {
    expect(countCellRange({ ...range, rowFrom: 'd' })).toBe(0);
    expect(checkCellRange({ ...range, rowFrom: 'd' })).toMatch(/is after/);
    expect(countCellRange({ ...range, rowTo: 'A' })).toBe(0);
    expect(countCellRange({ ...range, colFrom: Number.NaN })).toBe(0);
    expect(checkCellRange(range)).toBeNull();
  });

  it('uses the short 1D template and the cell barcode rule', () => {
    const [first, last] = [expandCellRange(range)[0], expandCellRange(range).at(-1)];
    expect(first?.template).toBe('cell-bar-short');
    expect(first?.parameters[0]).toEqual({ name: 'barcode', value: '=34717-1-a-01' });
    expect(last?.parameters[0]).toEqual({ name: 'barcode', value: '=34717-1-c-04' });
  });

  it('expands box numbers to box labels with the box barcode', () => {
    expect(formatBoxBarcode(34717, 12)).toBe('_34717-12');
    const boxes = expandBoxRange({
      warehouseNumber: 34717,
      numberFrom: 11,
      numberTo: 13,
      copies: 2,
    });
    expect(boxes).toEqual(
      [11, 12, 13].map((number) => ({
        template: 'box',
        copies: 2,
        parameters: [
          { name: 'barcode', value: `_34717-${number}` },
          { name: 'number', value: String(number) },
        ],
      })),
    );
    expect(countBoxRange({ warehouseNumber: 34717, numberFrom: 5, numberTo: 4 })).toBe(0);
    expect(() => expandBoxRange({ warehouseNumber: 34717, numberFrom: 0, numberTo: 4 })).toThrow(
      /Box range/,
    );
  });
});
