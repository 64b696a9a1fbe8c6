import { NOTIFICATION_TITLE_THRESHOLD } from '../../shell';

/** An offset input's text as a number of pixels, or null when empty or not a number. */
export function offsetValue(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? Math.round(value) : null;
}

/** A text over the hover-title threshold (part 1 §8, 450 characters) made of the sentence. */
export function longText(sentence: string): string {
  const times = Math.ceil((NOTIFICATION_TITLE_THRESHOLD + 1) / (sentence.length + 1));
  return Array.from({ length: times }, () => sentence).join(' ');
}
