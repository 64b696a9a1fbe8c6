import type { TWorkedTimeRow } from '@sorting/contracts';

/** The CSV's column titles, in the caller's language: the route words them. */
export type WorkedTimeCsvHeader = Record<keyof TWorkedTimeRow, string>;

/** The columns in their order. */
const COLUMNS = [
  'UserId',
  'FullName',
  'CellBarcode',
  'WorkplaceName',
  'Minutes',
  'Intervals',
] as const satisfies ReadonlyArray<keyof TWorkedTimeRow>;

/**
 * RFC 4180 field: quoted when it holds a separator, a quote or a line break. A field that a
 * spreadsheet would run as a formula (=, +, -, @ first; workplace barcodes start with '=') is
 * prefixed with an apostrophe, the OWASP rule against CSV injection.
 */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The worked-time report as CSV: a UTF-8 byte order mark (so Excel reads Cyrillic), comma
 * separated, CRLF line ends, the header given.
 */
export function formatWorkedTimeCsv(
  rows: readonly TWorkedTimeRow[],
  header: WorkedTimeCsvHeader,
): string {
  const lines = [
    COLUMNS.map((column) => header[column]),
    ...rows.map((row) => COLUMNS.map((column) => row[column])),
  ].map((cells) => cells.map(field).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
