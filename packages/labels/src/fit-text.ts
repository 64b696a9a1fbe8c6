// Fitting a caption into its box on the label (nothing the label shows may be
// cut): smaller first, then over more lines, and only past the smallest legible size cut.

/** Measures a text's width in mm at a font size (em) in mm. */
export type MeasureText = (text: string, sizeMm: number) => number;

/** Line pitch as a share of the font size. */
export const LINE_HEIGHT = 1.15;

/** A caption shrinks to half its size, never below 2 mm (16 dots of a 203 dpi head, ~6 pt). */
const MIN_SCALE = 0.5;
const MIN_SIZE_MM = 2;
/** Sizes tried between the natural and the smallest, as a share of the natural size. */
const STEP_SCALE = 0.025;

export interface FittedText {
  /** The lines to print, top to bottom. */
  lines: string[];
  /** Font size (em) in mm. */
  size: number;
  /** Top of the first line, mm below the box's top (the lines are centred in the box). */
  offset: number;
}

/** The smallest size a caption of this natural size is printed at. */
export function minimumSize(sizeMm: number): number {
  return Math.min(sizeMm, Math.max(sizeMm * MIN_SCALE, MIN_SIZE_MM));
}

/** A separator ends the line before it; a "№" stays with its number. */
const TRAILING = /^[·—–/|]$/;
const LEADING = /^№$/;

/** The unbreakable pieces of a text: its words, separators and "№" joined to a neighbour. */
function words(text: string): string[] {
  const pieces: string[] = [];
  let carry = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (TRAILING.test(word) && pieces.length > 0 && carry === '') {
      pieces[pieces.length - 1] += ` ${word}`;
    } else if (LEADING.test(word)) {
      carry += `${word} `;
    } else {
      pieces.push(carry + word);
      carry = '';
    }
  }
  if (carry) pieces.push(carry.trimEnd());
  return pieces;
}

/**
 * Breaks a text into lines of at most `width` at a size: at spaces, and inside a word only when
 * the word alone is wider than a line (`isWordBroken` then says so).
 */
function wrap(
  text: string,
  width: number,
  size: number,
  measure: MeasureText,
): { lines: string[]; isWordBroken: boolean } {
  const lines: string[] = [];
  let current = '';
  let isWordBroken = false;
  for (const word of words(text)) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    if (measure(word, size) <= width) {
      current = word;
      continue;
    }
    isWordBroken = true;
    for (const char of Array.from(word)) {
      if (current && measure(current + char, size) > width) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current) lines.push(current);
  return { lines, isWordBroken };
}

/** How many lines of this size the box holds (at least one). */
function linesThatFit(heightMm: number, size: number): number {
  return Math.max(1, Math.floor((heightMm + 1e-6) / (size * LINE_HEIGHT)));
}

function placed(lines: string[], size: number, heightMm: number): FittedText {
  return { lines, size, offset: Math.max(0, (heightMm - lines.length * size * LINE_HEIGHT) / 2) };
}

/**
 * Fits a caption into a box of `widthMm` × `heightMm`: the largest size from `sizeMm` down to
 * `minimumSize(sizeMm)` at which its words fit in the lines the box holds. Only when even the
 * smallest size cannot hold it are its last words cut with the ellipsis.
 */
export function fitText(
  text: string,
  widthMm: number,
  heightMm: number,
  sizeMm: number,
  measure: MeasureText,
  ellipsis = '…',
): FittedText {
  const whole = text.replace(/\s+/g, ' ').trim();
  const smallest = minimumSize(sizeMm);
  const step = sizeMm * STEP_SCALE;
  for (let size = sizeMm; size >= smallest - 1e-9; size -= step) {
    const { lines, isWordBroken } = wrap(whole, widthMm, size, measure);
    if (!isWordBroken && lines.length <= linesThatFit(heightMm, size)) {
      return placed(lines, size, heightMm);
    }
  }
  // A single word longer than a line is broken rather than cut.
  const { lines } = wrap(whole, widthMm, smallest, measure);
  const room = linesThatFit(heightMm, smallest);
  if (lines.length <= room) return placed(lines, smallest, heightMm);
  const kept = lines.slice(0, room);
  const last = Array.from(kept[room - 1] ?? '');
  while (last.length > 0 && measure(last.join('') + ellipsis, smallest) > widthMm) last.pop();
  kept[room - 1] = last.join('').trimEnd() + ellipsis;
  return placed(kept, smallest, heightMm);
}
