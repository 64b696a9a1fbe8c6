import type { TWorkedTimeRow } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { translate } from '../../i18n/messages.js';

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
 * separated, CRLF line ends, headers in the caller's language.
 */
export function formatWorkedTimeCsv(rows: readonly TWorkedTimeRow[], locale: Locale): string {
  const header = [
    translate(locale, 'reportUserId'),
    translate(locale, 'reportFullName'),
    translate(locale, 'reportCellBarcode'),
    translate(locale, 'reportWorkplaceName'),
    translate(locale, 'reportMinutes'),
    translate(locale, 'reportIntervals'),
  ];
  const lines = [
    header,
    ...rows.map((row) => [
      row.UserId,
      row.FullName,
      row.CellBarcode,
      row.WorkplaceName,
      row.Minutes,
      row.Intervals,
    ]),
  ].map((cells) => cells.map(field).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
