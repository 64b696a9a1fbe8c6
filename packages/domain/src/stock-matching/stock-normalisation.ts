// The normalisation of stock matching (spec part 1 §5; docs/DECISIONS.md "Guided workflows", Stock
// matching): the compare key of a text, a maker's canonical name and a number normalised by its
// maker's pattern. Every function here is idempotent: normalising twice equals once.
import { MAKER_PATTERNS, type MakerPattern } from './maker-patterns.js';

// Spec part 1 §5: everything but Latin or Cyrillic letters, digits and hyphen is stripped.
const NOT_COMPARED = /[^0-9A-Za-z\u0400-\u04FF-]/gu;

/**
 * Spec part 1 §5: the text as compared — only Latin or Cyrillic letters, digits and hyphen,
 * upper-cased (the comparison is case-insensitive).
 */
export function compareKey(text: string): string {
  // Every kept character upper-cases to one kept character, so the key is idempotent.
  return text.replace(NOT_COMPARED, '').toUpperCase();
}

/** True for a character `compareKey` keeps: Latin or Cyrillic letter, digit, hyphen. */
function isKept(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 0x400 && code <= 0x4ff) ||
    code === 45
  );
}

/** A kept character upper-cased (`compareKey`'s case), as a char code. */
function upperCode(code: number): number {
  if (code >= 97 && code <= 122) return code - 32;
  return code < 128 ? code : String.fromCharCode(code).toUpperCase().charCodeAt(0);
}

/**
 * `compareKey(text) === key`, without building the key: a character loop that stops at the first
 * difference (matching compares every barcode of thousands of items on each scan).
 */
export function hasCompareKey(text: string, key: string): boolean {
  let at = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isKept(code)) continue;
    if (upperCode(code) !== key.charCodeAt(at)) return false;
    at += 1;
  }
  return at === key.length;
}

/**
 * A cheap necessary condition of `normaliseByPattern(pattern, text) === number`, for any pattern:
 * a canonical number is made of the text's leading letters and digits in order, hyphens put in
 * (Suzuki, Depo) and Daimler's `A` put in front, and a compare key is all of them. So the
 * text's letters and digits (hyphens left out) start with the number's, or with the number's
 * after a leading `A`.
 */
export function mayNormaliseTo(text: string, number: string): boolean {
  return (
    startsWithLetters(text, number, 0) ||
    (number.startsWith('A') && startsWithLetters(text, number, 1))
  );
}

function startsWithLetters(text: string, number: string, from: number): boolean {
  let at = from;
  for (let index = 0; index < text.length; index += 1) {
    while (number.charCodeAt(at) === 45) at += 1;
    if (at >= number.length) return true;
    const code = text.charCodeAt(index);
    if (code === 45 || !isKept(code)) continue;
    if (upperCode(code) !== number.charCodeAt(at)) return false;
    at += 1;
  }
  while (number.charCodeAt(at) === 45) at += 1;
  return at >= number.length;
}

/**
 * A maker's name as compared: letters and digits only, lower-cased, accents dropped, so
 * `Peugeot / Citroen`, `PEUGEOT-CITROEN` and `Citroën` compare as the table writes them.
 */
export function makerKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const PATTERN_BY_KEY = new Map<string, MakerPattern>(
  MAKER_PATTERNS.flatMap((pattern) =>
    [pattern.maker, ...pattern.aliases].map((name) => [makerKey(name), pattern] as const),
  ),
);

/** The pattern of a maker named by its name or an alias (Mercedes-Benz → Daimler AG), else null. */
export function patternOfMaker(maker: string): MakerPattern | null {
  return PATTERN_BY_KEY.get(makerKey(maker)) ?? null;
}

/**
 * A maker's canonical name: the table's name for a maker with a pattern or its alias, else the
 * name trimmed with its runs of whitespace made one space.
 */
export function canonicalMaker(maker: string): string {
  return patternOfMaker(maker)?.maker ?? maker.trim().replace(/\s+/gu, ' ');
}

/**
 * A part number normalised by its maker's pattern: the canonical number when the text (or its
 * compare key: `A/000/420/12/20`) is written in the maker's format, else the compare key.
 */
export function normaliseNumber(maker: string, number: string): string {
  return normaliseByPattern(patternOfMaker(maker), number);
}

/** `normaliseNumber` with the maker's pattern already looked up (null: a maker without one). */
export function normaliseByPattern(pattern: MakerPattern | null, number: string): string {
  return (pattern ? readByPattern(pattern, number) : null) ?? compareKey(number);
}

/**
 * The canonical number of a text in the pattern's maker format: the text as written (trimmed),
 * else its compare key (`A/000/420/12/20`); null when neither is in that format.
 */
export function readByPattern(pattern: MakerPattern, text: string): string | null {
  const written = text.trim();
  const canonical = pattern.read(written);
  if (canonical !== null) return canonical;
  const key = compareKey(text);
  return key !== written ? pattern.read(key) : null;
}
