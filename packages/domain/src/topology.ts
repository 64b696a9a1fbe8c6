/**
 * Warehouse topology shared by the server (seed, lookups) and the web app (labels, sounds).
 * Spec part 1 §3: zone sorting modes; §9: cell rows run from a to z; §4: '%' and '=' prefixes
 * are recognised as cell/zone scans.
 */

/** Zone types of spec part 1 §3 ("Sorting modes"). */
export const ZONE_TYPES = ['SITO', 'EXPEDITION', 'FAST', 'TRANSIT', 'SUGGESTED'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** Warehouse sorting modes; spec part 1 §3 names SortingCenter "or other". */
export const SORTING_MODES = ['SortingCenter', 'Warehouse'] as const;
export type SortingMode = (typeof SORTING_MODES)[number];

/** Cell rows, spec part 1 §9: from letter a to z. */
export const CELL_ROWS = [
  'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm',
  'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z',
] as const; // prettier-ignore
export type CellRow = (typeof CELL_ROWS)[number];

/** True when the text is a cell row letter a–z. */
export function isCellRow(value: unknown): value is CellRow {
  return typeof value === 'string' && (CELL_ROWS as readonly string[]).includes(value);
}

export interface CellAddress {
  warehouseNumber: number;
  zoneNumber: number;
  row: CellRow;
  col: number;
}

function padCol(col: number): string {
  return String(col).padStart(2, '0');
}

/** Zone barcode: '%Z<warehouse>-<zone>', e.g. %Z34717-1 ('%' reads as a location scan). */
export function formatZoneBarcode(warehouseNumber: number, zoneNumber: number): string {
  return `%Z${warehouseNumber}-${zoneNumber}`;
}

/** Cell barcode: '=<warehouse>-<zone>-<row>-<col 2 digits>', e.g. =34717-1-a-07. */
export function formatCellBarcode(cell: CellAddress): string {
  return `=${cell.warehouseNumber}-${cell.zoneNumber}-${cell.row}-${padCol(cell.col)}`;
}

/** Cell name shown to workers: '<zone>-<row>-<col 2 digits>', e.g. 1-a-07. */
export function formatCellName(cell: Omit<CellAddress, 'warehouseNumber'>): string {
  return `${cell.zoneNumber}-${cell.row}-${padCol(cell.col)}`;
}

/** Box barcode: '_<warehouse>-<number>', e.g. _34717-12 ('_' reads as a box scan, spec part 1 §4). */
export function formatBoxBarcode(warehouseNumber: number | string, boxNumber: number): string {
  return `_${warehouseNumber}-${boxNumber}`;
}

/** Returnable box barcode: a box barcode with 'R' before the warehouse number, e.g. _R34717-3. */
export function formatReturnableBoxBarcode(warehouseNumber: number, boxNumber: number): string {
  return formatBoxBarcode(`R${warehouseNumber}`, boxNumber);
}

/**
 * True for a returnable box's barcode ('_R<warehouse>-<n>'): a box scan (spec part 1 §4, '_')
 * that the sorting screen handles as a returnable container, not as a box to sort.
 */
export function isReturnableBoxBarcode(barcode: string): boolean {
  return /^_R\d+-\d+$/.test(barcode.trim());
}
