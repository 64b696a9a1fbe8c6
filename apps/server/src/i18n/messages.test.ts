import { describe, expect, it } from 'vitest';
import { formatMinutes, formatWait, translate } from './messages.js';

describe('server messages', () => {
  it('fills placeholders in the chosen locale', () => {
    expect(translate('ru', 'zoneNotFoundByBarcode', { barcode: '%Z1-2' })).toBe(
      'Зона %Z1-2 не найдена',
    );
    expect(translate('en', 'zoneNotFoundByNumber', { number: 7 })).toBe('Zone number 7 not found');
  });

  it('writes minutes with Russian plural forms', () => {
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25].map((n) => formatMinutes('ru', n))).toEqual([
      '1 минуту',
      '2 минуты',
      '4 минуты',
      '5 минут',
      '11 минут',
      '12 минут',
      '21 минуту',
      '22 минуты',
      '25 минут',
    ]);
    expect(formatMinutes('en', 1)).toBe('1 minute');
    expect(formatMinutes('en', 3)).toBe('3 minutes');
  });

  it('writes a wait in seconds under a minute, else in minutes rounded up', () => {
    expect([1, 2, 5, 21, 59, 60, 61, 900].map((n) => formatWait('ru', n))).toEqual([
      '1 секунду',
      '2 секунды',
      '5 секунд',
      '21 секунду',
      '59 секунд',
      '1 минуту',
      '2 минуты',
      '15 минут',
    ]);
    expect(formatWait('en', 1)).toBe('1 second');
    expect(formatWait('en', 30)).toBe('30 seconds');
  });
});
