/** Measures a text's width in mm at a font size (em) in mm. */
export type MeasureText = (text: string, sizeMm: number) => number;

/** Smallest fraction of its size a caption shrinks to before it is cut with an ellipsis. */
const MIN_SCALE = 0.7;

/**
 * Fits a caption into a width: first smaller (down to 70 %), then cut with an ellipsis, so a
 * long client name never runs off the label or over a neighbour.
 */
export function fitText(
  text: string,
  widthMm: number,
  sizeMm: number,
  measure: MeasureText,
  ellipsis = '…',
): { text: string; size: number } {
  const natural = measure(text, sizeMm);
  if (natural <= widthMm) return { text, size: sizeMm };
  const size = Math.max(sizeMm * MIN_SCALE, (sizeMm * widthMm) / natural);
  if (measure(text, size) <= widthMm) return { text, size };
  const chars = Array.from(text);
  while (chars.length > 1 && measure(chars.join('') + ellipsis, size) > widthMm) chars.pop();
  return { text: chars.join('') + ellipsis, size };
}
