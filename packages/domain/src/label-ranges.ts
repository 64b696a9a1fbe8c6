// Spec part 1 §9: "printed labels per cell span row-from to row-to and col-from to col-to, in
// 1D or QR form"; rows run a–z. Pure: the web app's /topology counts and sends these, the
// labels package re-exports them for the agent side.
import {
  CELL_ROWS,
  formatBoxBarcode,
  formatCellBarcode,
  formatCellName,
  isCellRow,
} from './topology.js';

/** Cell label templates (spec part 1 §9: cell bar and QR, long and short). */
export type CellLabelTemplate =
  'cell-bar-long' | 'cell-bar-short' | 'cell-qr-long' | 'cell-qr-short';

/** One label to print: a template of @sorting/labels with its parameters (same shape as LabelRequest). */
export interface RangeLabel<T extends string = CellLabelTemplate | 'box'> {
  template: T;
  parameters: { name: string; value: string }[];
  copies: number;
}

/** A rectangle of cells in one zone, both ends included. */
export interface CellRange {
  warehouseNumber: number;
  zoneNumber: number;
  rowFrom: string;
  rowTo: string;
  colFrom: number;
  colTo: number;
  /** '1d' prints Code128, 'qr' a QR code. */
  form: '1d' | 'qr';
  /** Long (100x30 mm) or short labels. */
  length: 'long' | 'short';
  /** Copies of each cell's label; 1 when absent. */
  copies?: number;
}

/** A run of box numbers of one warehouse, both ends included. */
export interface BoxRange {
  warehouseNumber: number;
  numberFrom: number;
  numberTo: number;
  /** Copies of each box's label; 1 when absent. */
  copies?: number;
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value >= 1;
}

/** Why a cell range cannot be printed, or null when it can (the Error texts of expandCellRange). */
export function checkCellRange(range: CellRange): string | null {
  const { warehouseNumber, zoneNumber, rowFrom, rowTo, colFrom, colTo } = range;
  if (!isPositiveInteger(warehouseNumber) || !isPositiveInteger(zoneNumber)) {
    return 'Cell range: warehouse and zone numbers must be whole numbers from 1';
  }
  if (!isCellRow(rowFrom) || !isCellRow(rowTo)) {
    return `Cell range: rows run from a to z, got ${rowFrom}–${rowTo}`;
  }
  if (!isPositiveInteger(colFrom) || !isPositiveInteger(colTo)) {
    return `Cell range: columns are whole numbers from 1, got ${colFrom}–${colTo}`;
  }
  if (CELL_ROWS.indexOf(rowFrom) > CELL_ROWS.indexOf(rowTo) || colFrom > colTo) {
    return `Cell range: from ${rowFrom}-${colFrom} is after to ${rowTo}-${colTo}`;
  }
  return null;
}

/** How many cells the range spans (rows × columns); 0 for a range that cannot be printed. */
export function countCellRange(range: CellRange): number {
  if (checkCellRange(range) !== null) return 0;
  const rows =
    CELL_ROWS.indexOf(range.rowTo as never) - CELL_ROWS.indexOf(range.rowFrom as never) + 1;
  return rows * (range.colTo - range.colFrom + 1);
}

/**
 * One label request per cell of the range, row by row (a-01, a-02, ..., b-01, ...). Throws an
 * Error for a row outside a–z, a column below 1 or a range whose start is after its end.
 */
export function expandCellRange(range: CellRange): RangeLabel<CellLabelTemplate>[] {
  const problem = checkCellRange(range);
  if (problem !== null) throw new Error(problem);
  const { warehouseNumber, zoneNumber, colFrom, colTo } = range;
  const firstRow = CELL_ROWS.indexOf(range.rowFrom as never);
  const lastRow = CELL_ROWS.indexOf(range.rowTo as never);
  const template: CellLabelTemplate = `cell-${range.form === 'qr' ? 'qr' : 'bar'}-${range.length}`;
  const requests: RangeLabel<CellLabelTemplate>[] = [];
  for (const row of CELL_ROWS.slice(firstRow, lastRow + 1)) {
    for (let col = colFrom; col <= colTo; col += 1) {
      const address = { warehouseNumber, zoneNumber, row, col };
      requests.push({
        template,
        copies: range.copies ?? 1,
        parameters: [
          { name: 'barcode', value: formatCellBarcode(address) },
          { name: 'name', value: formatCellName(address) },
          { name: 'zone', value: String(zoneNumber) },
          { name: 'row', value: row },
          { name: 'col', value: String(col).padStart(2, '0') },
        ],
      });
    }
  }
  return requests;
}

/** How many boxes the range spans; 0 for a range that cannot be printed. */
export function countBoxRange(range: BoxRange): number {
  const { warehouseNumber, numberFrom, numberTo } = range;
  if (![warehouseNumber, numberFrom, numberTo].every(isPositiveInteger)) return 0;
  return numberFrom > numberTo ? 0 : numberTo - numberFrom + 1;
}

/** One `box` label per box number (barcode `_<warehouse>-<number>`); throws for a bad range. */
export function expandBoxRange(range: BoxRange): RangeLabel<'box'>[] {
  if (countBoxRange(range) === 0) {
    throw new Error(
      `Box range: numbers are whole numbers from 1, from ≤ to, got ${range.numberFrom}–${range.numberTo}`,
    );
  }
  const requests: RangeLabel<'box'>[] = [];
  for (let number = range.numberFrom; number <= range.numberTo; number += 1) {
    requests.push({
      template: 'box',
      copies: range.copies ?? 1,
      parameters: [
        { name: 'barcode', value: formatBoxBarcode(range.warehouseNumber, number) },
        { name: 'number', value: String(number) },
      ],
    });
  }
  return requests;
}
