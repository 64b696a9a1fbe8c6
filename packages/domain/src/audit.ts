import type { Locale } from './locale.js';

// Pure rules of the cell audit (spec part 2 §3 "Audit" derived figures, §5;
// docs/DECISIONS.md "Audit").

/** Part 2 §4: state 0 is a unit expected and not yet scanned, 1 a correct one. */
const STATE_EXPECTED = 0;
const STATE_CORRECT = 1;

export interface AuditStateCount {
  state: number;
  count: number;
}

export interface AuditFigures {
  /** Every unit of the session or cell, whatever its state. */
  unitsCount: number;
  /**
   * Part 2 §5: state-1 units ÷ (all − state-0 units) × 100; null when nothing was judged yet
   * (the divisor is 0), shown «—».
   */
  correctPercentage: number | null;
}

/** Part 2 §3 derived figures from `itemsStatuses`. */
export function auditFigures(itemsStatuses: readonly AuditStateCount[]): AuditFigures {
  let unitsCount = 0;
  let expected = 0;
  let correct = 0;
  for (const { state, count } of itemsStatuses) {
    unitsCount += count;
    if (state === STATE_EXPECTED) expected += count;
    if (state === STATE_CORRECT) correct += count;
  }
  const judged = unitsCount - expected;
  return { unitsCount, correctPercentage: judged === 0 ? null : (correct / judged) * 100 };
}

/** The correct percentage with one decimal in the locale's way («66,7 %», "66.7%"), «—» none. */
export function formatAuditPercentage(percentage: number | null, locale: Locale = 'ru'): string {
  if (percentage === null || !Number.isFinite(percentage)) return '—';
  const text = (Math.round(percentage * 10) / 10).toFixed(1);
  return locale === 'ru' ? `${text.replace('.', ',')} %` : `${text}%`;
}

/**
 * The sound file name of each Cyrillic letter (`letters/cyr-<name>`): ASCII file names, apart
 * from the Latin letters' (`letters/a`), so «а» and "a" are told apart.
 */
export const CYRILLIC_LETTER_SOUNDS: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'ye',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'j',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'hard',
  ы: 'y',
  ь: 'soft',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** The sound of one character: `numbers/<d>`, `letters/<a-z>`, `letters/cyr-<name>`; or null. */
export function characterSound(character: string): string | null {
  const lower = character.toLowerCase();
  if (/^[0-9]$/.test(lower)) return `numbers/${lower}`;
  if (/^[a-z]$/.test(lower)) return `letters/${lower}`;
  const cyrillic = CYRILLIC_LETTER_SOUNDS[lower];
  return cyrillic === undefined ? null : `letters/cyr-${cyrillic}`;
}

/**
 * Part 2 §5: the barcode text spoken by the audit keeps only letters and digits (Latin or
 * Cyrillic); everything else is dropped.
 */
export function auditSpokenText(barcode: string): string {
  return [...barcode].filter((character) => characterSound(character) !== null).join('');
}

/** How many of the last letters and digits of a scanned unit are spoken. */
export const AUDIT_SPOKEN_TAIL = 4;

/** Part 2 §4: a scan that starts with '=' is a cell (opens it, or finishes the open one). */
export function isAuditCellScan(barcode: string): boolean {
  return barcode.startsWith('=');
}
