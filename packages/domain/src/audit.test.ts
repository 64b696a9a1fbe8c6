import { describe, expect, it } from 'vitest';
import {
  auditFigures,
  auditSpokenText,
  characterSound,
  formatAuditPercentage,
  isAuditCellScan,
} from './audit.js';

// Spec part 2 §3 derived figures, §5.
describe('auditFigures', () => {
  it.each([
    ['nothing', [], 0, null],
    ['only expected units', [{ state: 0, count: 5 }], 5, null],
    [
      'two correct, one surplus, one missing, one pending',
      [
        { state: 0, count: 1 },
        { state: 1, count: 2 },
        { state: 2, count: 1 },
        { state: 3, count: 1 },
      ],
      5,
      50,
    ],
    ['all correct', [{ state: 1, count: 3 }], 3, 100],
    [
      'none correct',
      [
        { state: 2, count: 1 },
        { state: 3, count: 2 },
      ],
      3,
      0,
    ],
    [
      'the same state twice adds up',
      [
        { state: 1, count: 1 },
        { state: 1, count: 1 },
        { state: 3, count: 1 },
      ],
      3,
      (2 / 3) * 100,
    ],
  ] as const)('%s', (_name, statuses, unitsCount, correctPercentage) => {
    expect(auditFigures(statuses)).toEqual({ unitsCount, correctPercentage });
  });
});

describe('formatAuditPercentage', () => {
  it.each([
    [null, 'ru', '—'],
    [null, 'en', '—'],
    [(2 / 3) * 100, 'ru', '66,7 %'],
    [(2 / 3) * 100, 'en', '66.7%'],
    [100, 'ru', '100,0 %'],
    [0, 'en', '0.0%'],
    [12.25, 'en', '12.3%'],
    [Number.NaN, 'ru', '—'],
  ] as const)('%s in %s → %s', (value, locale, expected) => {
    expect(formatAuditPercentage(value, locale)).toBe(expected);
  });
});

describe('the spoken letters and digits of a unit (auditSpokenText, characterSound)', () => {
  it.each([
    [
      'P410001',
      ['letters/p', 'numbers/4', 'numbers/1', 'numbers/0', 'numbers/0', 'numbers/0', 'numbers/1'],
    ],
    [
      '_34717-101',
      [
        'numbers/3',
        'numbers/4',
        'numbers/7',
        'numbers/1',
        'numbers/7',
        'numbers/1',
        'numbers/0',
        'numbers/1',
      ],
    ],
    [
      '_R34717-11',
      [
        'letters/r',
        'numbers/3',
        'numbers/4',
        'numbers/7',
        'numbers/1',
        'numbers/7',
        'numbers/1',
        'numbers/1',
      ],
    ],
    ['Жа-9ё', ['letters/cyr-zh', 'letters/cyr-a', 'numbers/9', 'letters/cyr-yo']],
    ['a/A а/А', ['letters/a', 'letters/a', 'letters/cyr-a', 'letters/cyr-a']],
    ['=%_-. \u001d€', []],
    ['', []],
  ])('%s', (barcode, sounds) => {
    expect([...auditSpokenText(barcode)].map(characterSound)).toEqual(sounds);
  });

  it('keeps only Latin or Cyrillic letters and digits of the text', () => {
    expect(auditSpokenText('_R34717-11')).toBe('R3471711');
    expect(auditSpokenText('=Жа-9ё €')).toBe('Жа9ё');
  });

  it('has a sound for every letter а–я and ё, and for no other character', () => {
    for (let code = 'а'.charCodeAt(0); code <= 'я'.charCodeAt(0); code += 1) {
      expect(characterSound(String.fromCharCode(code))).toMatch(/^letters\/cyr-[a-z]+$/);
    }
    expect(characterSound('ё')).toBe('letters/cyr-yo');
    expect(characterSound('ß')).toBeNull();
    expect(characterSound('ї')).toBeNull();
  });
});

describe('isAuditCellScan', () => {
  it.each([
    ['=34717-6-a-01', true],
    ['P410001', false],
    ['%34717-6-a-01', false],
    ['', false],
  ])('%s → %s', (barcode, expected) => {
    expect(isAuditCellScan(barcode)).toBe(expected);
  });
});
