/**
 * Barcode recognition, spec part 1 §4 (order of the rules), §3 (scan object types) and §9
 * (prefixes). One pure function shared by the web app (scan flows) and the server.
 *
 * Decisions where the spec is silent:
 * - The text is trimmed at both ends of whitespace and control characters first (scanners end
 *   with CR/LF/TAB; a GS1 FNC1 '\x1d' at an end goes too); characters inside are kept.
 * - Nothing left after trimming is its own type 'empty', so a stray Enter is never sent to
 *   the server as a parcel number.
 * - Prefixes and 'http://'/'https://' are matched case-sensitively, as the spec writes them:
 *   '.gl12' is a parcel, not a length.
 * - `raw` is always the trimmed text as scanned (before any layout conversion). `value` is the
 *   text after the prefix for acceptance reports and measurements (§4 rule 4); for cells,
 *   users and boxes it is the whole barcode, because the prefix belongs to the stored barcode
 *   (`=34717-1-a-01`, `~W1001-7KQ2`, docs/DEMO.md).
 */
import { convertRussianLayoutToLatin, hasCyrillic } from './keyboard-layout.js';

/** Scan object types recognised from scanned text (spec part 1 §3). */
export const SCAN_OBJECT_TYPES = [
  'box',
  'cell',
  'zone',
  'user',
  'token',
  'parcel',
  'warehouse',
  'url',
  'length',
  'width',
  'height',
  'acceptance-report',
] as const;
export type ScanObjectType = (typeof SCAN_OBJECT_TYPES)[number];

/** Query parameter of a URL that carries a login token (spec part 1 §4 rule 2). */
export const LOGIN_TOKEN_PARAM = 'lkdToken';

/** Barcode prefixes of spec part 1 §9. */
export const ACCEPTANCE_REPORT_PREFIX = '.69.';
const MEASUREMENT_PREFIXES = { '.GL': 'length', '.GW': 'width', '.GH': 'height' } as const;
const CELL_FIRST_CHARS = ['=', '%'];
const USER_FIRST_CHARS = ['~', '>', '<'];
const BOX_FIRST_CHAR = '_';

export type MeasurementType = (typeof MEASUREMENT_PREFIXES)[keyof typeof MEASUREMENT_PREFIXES];

/** What a scanned text is, discriminated by `type`; `raw` is the trimmed scanned text. */
export type RecognizedBarcode =
  | { type: 'url'; raw: string; url: string; params: Readonly<Record<string, string>> }
  | { type: 'token'; raw: string; token: string }
  | { type: 'acceptance-report'; raw: string; value: string }
  | { type: MeasurementType; raw: string; value: string; amount: number | null }
  | { type: 'cell' | 'user' | 'box' | 'parcel'; raw: string; value: string }
  | { type: 'empty'; raw: string };

// Whitespace (incl. NBSP, BOM) and C0/C1 control characters such as CR, LF, TAB, GS (FNC1).
const EDGE_JUNK = /^[\s\p{Cc}]+|[\s\p{Cc}]+$/gu;
const URL_SCHEME = /https?:\/\//u;

/** Trims whitespace and control characters (CR, LF, TAB, GS…) from both ends of a scan. */
export function trimScannedText(text: string): string {
  return text.replace(EDGE_JUNK, '');
}

/**
 * Recognises a scanned text by the rules of spec part 1 §4, in order: URL (a URL carrying an
 * lkdToken gives a token), .69. acceptance report, .GL/.GW/.GH measurement, =/% cell,
 * ~/>/< user, _ box, else parcel. Never throws.
 */
export function recognizeBarcode(scanned: string): RecognizedBarcode {
  const raw = trimScannedText(scanned);
  if (raw === '') return { type: 'empty', raw };

  // Rules 1–2. Text typed on a Russian layout is converted only when it contains Cyrillic,
  // is not already a URL, and its converted form is one; so Russian parcel names and any other
  // Cyrillic text are never mangled, and a real URL with a Cyrillic path is taken as it is.
  let urlText: string | null = null;
  if (URL_SCHEME.test(raw)) urlText = raw;
  else if (hasCyrillic(raw)) {
    const converted = convertRussianLayoutToLatin(raw);
    if (URL_SCHEME.test(converted)) urlText = converted;
  }
  if (urlText !== null) return recognizeUrl(raw, urlText);

  if (raw.startsWith(ACCEPTANCE_REPORT_PREFIX)) {
    return { type: 'acceptance-report', raw, value: raw.slice(ACCEPTANCE_REPORT_PREFIX.length) };
  }

  const measurement = measurementTypeOf(raw);
  if (measurement !== null) {
    const value = raw.slice(3);
    return { type: measurement, raw, value, amount: parseMeasurementAmount(value) };
  }

  const first = raw.charAt(0);
  if (CELL_FIRST_CHARS.includes(first)) return { type: 'cell', raw, value: raw };
  if (USER_FIRST_CHARS.includes(first)) return { type: 'user', raw, value: raw };
  if (first === BOX_FIRST_CHAR) return { type: 'box', raw, value: raw };
  return { type: 'parcel', raw, value: raw };
}

function recognizeUrl(raw: string, text: string): RecognizedBarcode {
  const url = text.slice(text.search(URL_SCHEME));
  const params = parseQueryParams(url);
  const token = params[LOGIN_TOKEN_PARAM];
  // An empty lkdToken carries no login token, so such a URL stays a plain URL.
  if (token !== undefined && token !== '') return { type: 'token', raw, token };
  return { type: 'url', raw, url, params };
}

function measurementTypeOf(text: string): MeasurementType | null {
  const prefix = text.slice(0, 3);
  return Object.hasOwn(MEASUREMENT_PREFIXES, prefix)
    ? MEASUREMENT_PREFIXES[prefix as keyof typeof MEASUREMENT_PREFIXES]
    : null;
}

const DECIMAL = /^-?\d+(?:[.,]\d+)?$/u;

/** Parses '12', '12.5' or '12,5' (surrounding spaces allowed); anything else gives null. */
export function parseMeasurementAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const amount = Number(trimmed.replace(',', '.'));
  return Number.isFinite(amount) ? amount : null;
}

/**
 * Query parameters of a URL text as a record; the first of repeated names wins (as
 * URLSearchParams.get does). Parsed by hand with the application/x-www-form-urlencoded rules
 * ('+' is a space, %XX is UTF-8) instead of the WHATWG URL class: that class is not part of
 * ECMAScript, so the pure domain package (lib ES2023, no DOM or Node types) cannot see it, and
 * a hand parser never throws on the malformed URLs a scanner can produce.
 */
export function parseQueryParams(url: string): Readonly<Record<string, string>> {
  const beforeHash = url.split('#', 1)[0] ?? '';
  const queryStart = beforeHash.indexOf('?');
  if (queryStart < 0) return {};
  const entries: [string, string][] = [];
  const seen = new Set<string>();
  for (const pair of beforeHash.slice(queryStart + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeFormComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decodeFormComponent(pair.slice(eq + 1));
    if (seen.has(name)) continue;
    seen.add(name);
    entries.push([name, value]);
  }
  // fromEntries defines own properties, so a name like '__proto__' is kept as data.
  return Object.fromEntries(entries);
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/gu;

function decodeFormComponent(text: string): string {
  return text.replace(/\+/gu, ' ').replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Malformed UTF-8: keep the escapes as typed rather than fail the scan.
      return run;
    }
  });
}
