import { characterSound } from '@sorting/domain';
import type { SoundName } from './sound-names';

/**
 * The sound of a Latin or Cyrillic letter (`letters/cyr-<name>`, the names of packages/domain's
 * CYRILLIC_LETTER_SOUNDS; spoken by the audit, spec part 2 §5), or null for anything else. A
 * module of its own, imported by its path: the first screen plays no letter and carries none
 * of the names.
 */
export function letterSound(value: string): SoundName | null {
  const sound = [...value].length === 1 ? characterSound(value) : null;
  return sound !== null && sound.startsWith('letters/') ? (sound as SoundName) : null;
}
