import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertRussianLayoutToLatin, hasCyrillic } from './keyboard-layout.js';

describe('convertRussianLayoutToLatin', () => {
  it.each([
    ['реезыЖ..', 'https://'],
    ['реезЖ..', 'http://'],
    ['йцукенгшщзхъ', 'qwertyuiop[]'],
    ['фывапролджэ', "asdfghjkl;'"],
    ['ячсмитьбю.', 'zxcvbnm,./'],
    ['ЙЦУКЕНГШЩЗХЪ', 'QWERTYUIOP{}'],
    ['ФЫВАПРОЛДЖЭ', 'ASDFGHJKL:"'],
    ['ЯЧСМИТЬБЮ,', 'ZXCVBNM<>?'],
    ['ёЁ', '`~'],
    ['!"№;%:?*()_+', '!@#$%^&*()_+'],
    ['/', '|'],
    ['1234567890-=\\', '1234567890-=\\'],
    ['Latin stays', 'Latin stays'],
  ])('%s → %s', (typed, meant) => {
    expect(convertRussianLayoutToLatin(typed)).toBe(meant);
  });

  it('inverts typing on a Russian layout for every US printable character', () => {
    const ruKeys =
      'ё1234567890-=йцукенгшщзхъфывапролджэ\\ячсмитьбю.Ё!"№;%:?*()_+ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭ/ЯЧСМИТЬБЮ,';
    const usKeys =
      '`1234567890-=qwertyuiop[]asdfghjkl;\'\\zxcvbnm,./~!@#$%^&*()_+QWERTYUIOP{}ASDFGHJKL:"|ZXCVBNM<>?';
    expect(convertRussianLayoutToLatin(ruKeys)).toBe(usKeys);
  });

  it('keeps the length in code points and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = convertRussianLayoutToLatin(text);
        expect([...out]).toHaveLength([...text].length);
      }),
    );
  });
});

describe('hasCyrillic', () => {
  it.each([
    ['Посылка', true],
    ['ё', true],
    ['Ё', true],
    ['parcel 123', false],
    ['№', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(hasCyrillic(text)).toBe(expected);
  });
});
