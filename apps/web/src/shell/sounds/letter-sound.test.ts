// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@sorting/domain';
import { letterSound } from './letter-sound';
import { soundFile } from './sound-names';

const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url));
const CYRILLIC = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'];

// The audit speaks Cyrillic letters too (spec part 2 §5); each has its own file in
// the ru and en folders (scripts/make-sounds.sh), apart from the Latin letters'.
describe('letter sounds', () => {
  it('names a file for every Latin and Cyrillic letter, upper case too, and nothing else', () => {
    expect(letterSound('Q')).toBe('letters/q');
    expect(letterSound('Ё')).toBe('letters/cyr-yo');
    expect(letterSound('я')).toBe('letters/cyr-ya');
    for (const other of ['7', '-', 'ab', '', 'ї', 'ß']) expect(letterSound(other)).toBeNull();
    const names = new Set(CYRILLIC.map((letter) => letterSound(letter)));
    expect(names.size).toBe(33);
  });

  it.each(LOCALES.map((locale) => [locale]))('has every letter file in the %s folder', (locale) => {
    const letters = [...'abcdefghijklmnopqrstuvwxyz', ...CYRILLIC];
    const missing = letters
      .map((letter) => `${publicDir}sounds/${locale}/${soundFile(letterSound(letter)!)}`)
      .filter((file) => !existsSync(file));
    expect(missing).toEqual([]);
  });
});
