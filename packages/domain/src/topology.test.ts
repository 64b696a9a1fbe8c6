import { describe, expect, it } from 'vitest';
import {
  CELL_ROWS,
  formatCellBarcode,
  formatCellName,
  formatBoxBarcode,
  formatReturnableBoxBarcode,
  formatZoneBarcode,
  isCellRow,
  isReturnableBoxBarcode,
} from './topology.js';
import { USER_ROLES } from './roles.js';

describe('topology barcodes', () => {
  it('formats zone and cell barcodes with the location prefixes', () => {
    expect(formatZoneBarcode(34717, 1)).toBe('%Z34717-1');
    const cell = { warehouseNumber: 34717, zoneNumber: 1, row: 'a', col: 7 } as const;
    expect(formatCellBarcode(cell)).toBe('=34717-1-a-07');
    expect(formatCellName(cell)).toBe('1-a-07');
    expect(formatCellName({ zoneNumber: 2, row: 'z', col: 12 })).toBe('2-z-12');
  });

  it('tells a returnable box barcode from a box barcode', () => {
    expect(isReturnableBoxBarcode(formatReturnableBoxBarcode(34717, 3))).toBe(true);
    expect(isReturnableBoxBarcode(' _R34717-11 ')).toBe(true);
    expect(isReturnableBoxBarcode(formatBoxBarcode(34717, 3))).toBe(false);
    expect(isReturnableBoxBarcode('_Rx-1')).toBe(false);
    expect(isReturnableBoxBarcode('R34717-3')).toBe(false);
  });

  it('has rows a to z', () => {
    expect(CELL_ROWS).toHaveLength(26);
    expect(CELL_ROWS[0]).toBe('a');
    expect(CELL_ROWS[25]).toBe('z');
    expect(isCellRow('q')).toBe(true);
    expect(isCellRow('A')).toBe(false);
    expect(isCellRow('return')).toBe(false);
  });

  it('knows the roles', () => {
    expect(USER_ROLES).toContain('supervisor');
    expect(USER_ROLES).not.toContain('root');
  });
});
