/**
 * Scan candidates in text read from a label by OCR (/extract-text, docs/DECISIONS.md "Device
 * pages"): the tokens part 1 §4 recognition takes as a parcel, box, cell (or zone) or
 * acceptance report, at least 5 characters long with a digit. Badges, login tokens, URLs and
 * measurements are never offered: a printed badge number must not sign anyone in.
 *
 * OCR confusions corrected (the corrected variant offered first, then the text as read):
 * - inside a run of digits, `O`/`o`/`О`/`о` read for 0 and `I`/`l`/`|` read for 1;
 * - in a token with a digit, Cyrillic letters that look Latin (`Р` for `P`, `С` for `C`, …):
 *   with `rus+eng` the engine often picks the Cyrillic twin of a Latin capital.
 */
import { recognizeBarcode, type ScanObjectType } from './barcode/recognize-barcode.js';

/** The types a read token may be offered as. */
export const CANDIDATE_TYPES = ['parcel', 'box', 'cell', 'acceptance-report'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

export interface ScanCandidate {
  text: string;
  type: CandidateType;
}

/** The least length of a candidate. */
export const MIN_CANDIDATE_LENGTH = 5;

const LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
};

// Punctuation OCR keeps around a word; a leading `.`, `=`, `%`, `_` is a prefix and stays.
const EDGE_PUNCTUATION = /^[,;:!?()[\]{}"'«»„“”№]+|[,;:!?()[\]{}"'«»„“”.]+$/gu;
const DIGIT = /\d/u;
// A run of digits and the letters read for them, holding at least one digit.
const DIGIT_RUN = /[\dOoОоIl|]*\d[\dOoОоIl|]*/gu;
const AS_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  О: '0',
  о: '0',
  I: '1',
  l: '1',
  '|': '1',
};

function withLatinLookalikes(token: string): string {
  return Array.from(token, (char) => LOOKALIKES[char] ?? char).join('');
}

function withDigitsInRuns(token: string): string {
  return token.replace(DIGIT_RUN, (run) =>
    Array.from(run, (char) => AS_DIGIT[char] ?? char).join(''),
  );
}

const CYRILLIC = /[\u0400-\u04ff]/u;

/**
 * The read text with the codes on a label in Latin: in a word with a digit whose Cyrillic
 * letters all have a Latin twin (`5РВ-01`), those letters become Latin (`5PB-01`); label codes
 * are Latin, and a word with another Cyrillic letter (`Д-3`, `кв.12`) is Russian and stays.
 * Line breaks and spacing are kept.
 */
export function withLatinCodes(readText: string): string {
  return readText.replace(/\S+/gu, (word) => {
    if (!DIGIT.test(word) || !CYRILLIC.test(word)) return word;
    const latin = withLatinLookalikes(word);
    return CYRILLIC.test(latin) ? word : latin;
  });
}

function candidateOf(text: string): ScanCandidate | null {
  if (text.length < MIN_CANDIDATE_LENGTH || !DIGIT.test(text)) return null;
  const type: ScanObjectType | 'empty' = recognizeBarcode(text).type;
  return (CANDIDATE_TYPES as readonly string[]).includes(type)
    ? { text, type: type as CandidateType }
    : null;
}

/** The candidates in read text, in reading order, each text once. */
export function scanCandidates(readText: string): ScanCandidate[] {
  const found: ScanCandidate[] = [];
  const seen = new Set<string>();
  for (const word of readText.split(/\s+/u)) {
    const token = word.replace(EDGE_PUNCTUATION, '');
    if (!DIGIT.test(token)) continue;
    const corrected = withDigitsInRuns(withLatinLookalikes(token));
    for (const text of [corrected, token]) {
      const candidate = seen.has(text) ? null : candidateOf(text);
      if (!candidate) continue;
      seen.add(text);
      found.push(candidate);
    }
  }
  return found;
}
