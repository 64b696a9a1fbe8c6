import { SOUND_NAMES } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';

/** Spec part 1 §9: the named sounds (the contracts' list, which workflow answers name too). */
export const BASE_SOUNDS = SOUND_NAMES;
export type BaseSound = (typeof BASE_SOUNDS)[number];

/** Spec part 1 §5: a cell column is spoken only up to 70. */
export const MAX_NUMBER_SOUND = 70;

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('') as Letter[];
export type Letter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z';

/** A sound: a named one, a number 0..70, a Latin letter a..z or a Cyrillic letter. */
export type SoundName =
  BaseSound | `numbers/${number}` | `letters/${Letter}` | `letters/cyr-${string}`;

/** The sound of a number, or null outside 0..70 (spec part 1 §5). */
export function numberSound(value: number): SoundName | null {
  if (!Number.isInteger(value) || value < 0 || value > MAX_NUMBER_SOUND) return null;
  return `numbers/${value}`;
}

/** File of a sound: err, numbers and letters are FLAC, the other named sounds WAV. */
export function soundFile(name: SoundName): string {
  if (name === 'err' || name.startsWith('numbers/') || name.startsWith('letters/')) {
    return `${name}.flac`;
  }
  return `${name}.wav`;
}

/** URL of a sound in the folder of a locale. */
export function soundUrl(locale: Locale, name: SoundName): string {
  return `/sounds/${locale}/${soundFile(name)}`;
}
