import { describe, expect, it } from 'vitest';
import { checkBalance } from './balance-check.js';
import {
  attorneyProblems,
  groupPincode,
  isPincode,
  oldestAttorneyDate,
} from './validation-data.js';

describe('checkBalance (spec part 1 §5)', () => {
  it('does not apply without the flag, whatever the balance', () => {
    expect(
      checkBalance({ isNeedBalanceCheck: false, balanceKopecks: -5, cashOnDeliveryKopecks: 9 }),
    ).toEqual({ applies: false });
  });

  it('passes at exactly zero left and fails one kopeck short', () => {
    expect(
      checkBalance({
        isNeedBalanceCheck: true,
        balanceKopecks: 120_000,
        cashOnDeliveryKopecks: 120_000,
      }),
    ).toEqual({ applies: true, passes: true });
    expect(
      checkBalance({
        isNeedBalanceCheck: true,
        balanceKopecks: 119_999,
        cashOnDeliveryKopecks: 120_000,
      }),
    ).toEqual({ applies: true, passes: false, shortfallKopecks: 1 });
  });

  it('treats a missing balance as zero', () => {
    expect(
      checkBalance({ isNeedBalanceCheck: true, balanceKopecks: null, cashOnDeliveryKopecks: 100 }),
    ).toEqual({ applies: true, passes: false, shortfallKopecks: 100 });
  });
});

describe('attorneyProblems', () => {
  const today = '2026-11-26';
  const valid = { number: '77 АБ 1234567', date: '2026-01-10', holderName: 'Орлова Анна' };

  it('accepts a valid power of attorney, today and exactly 3 years old', () => {
    expect(attorneyProblems(valid, today)).toEqual({});
    expect(attorneyProblems({ ...valid, date: today }, today)).toEqual({});
    expect(attorneyProblems({ ...valid, date: '2023-11-26' }, today)).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(attorneyProblems({ number: ' ', date: '', holderName: '' }, today)).toEqual({
      number: 'required',
      date: 'required',
      holderName: 'required',
    });
    expect(
      attorneyProblems({ number: 'x'.repeat(51), date: '2026-11-27', holderName: 'Я' }, today),
    ).toEqual({ number: 'tooLong', date: 'future', holderName: 'tooShort' });
    expect(
      attorneyProblems({ ...valid, date: '2023-11-25', holderName: 'я'.repeat(201) }, today),
    ).toEqual({ date: 'tooOld', holderName: 'tooLong' });
    expect(attorneyProblems({ ...valid, date: '2026-02-30' }, today)).toEqual({ date: 'badDate' });
  });

  it('counts 3 years back from 29 February to 28 February', () => {
    expect(oldestAttorneyDate('2028-02-29')).toBe('2025-02-28');
  });
});

describe('pincode', () => {
  it('is 4 to 6 digits, shown in groups', () => {
    expect(['4821', '482193'].map(isPincode)).toEqual([true, true]);
    expect(['482', '4821934', '48a1', ' 4821'].map(isPincode)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['48', '4821', '48219', '482193'].map(groupPincode)).toEqual([
      '48',
      '48 21',
      '482 19',
      '482 193',
    ]);
  });
});
