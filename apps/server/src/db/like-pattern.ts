/**
 * A text searched anywhere in a column with LIKE/ILIKE: its own `\`, `%` and `_` escaped (the
 * default escape character), so a search for "50%" finds that text, not every "50…".
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
