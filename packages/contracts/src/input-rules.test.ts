import { describe, expect, it } from 'vitest';
import {
  INT4_MAX,
  inputRuleOf,
  isCleanText,
  withoutControlCharacters,
  ZId,
  zText,
} from './input-rules.js';

describe('the text rule', () => {
  it('refuses C0 and C1 control characters and lone surrogates, keeps other text', () => {
    for (const text of [
      '\u0000',
      'P1\u0000',
      '\u0001',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
      'a\tb',
      'a\nb',
      '\ud800',
    ]) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['P100001', '=34717-1-a-01', 'Иванов Пётр', '𝕊 emoji 📦', '\u00a0', '']) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('allows TAB, LF and CR in multi-line text only', () => {
    expect(isCleanText('line 1\r\nline 2\tend', { multiline: true })).toBe(true);
    expect(isCleanText('line\u0000', { multiline: true })).toBe(false);
  });

  it('allows the GS1 separator GS inside a barcode only', () => {
    expect(isCleanText('01\u001d17250101', { barcode: true })).toBe(true);
    expect(isCleanText('01\u001d17250101')).toBe(false);
    expect(isCleanText('01\u000017250101', { barcode: true })).toBe(false);
  });

  it('trims first (a scanner suffix), then checks, and marks its issue', () => {
    const schema = zText({ min: 1, max: 10 });
    expect(schema.parse(' P1\r\n')).toBe('P1');
    const result = schema.safeParse('P1\u0000');
    expect(result.success).toBe(false);
    expect(inputRuleOf(result.error!.issues[0]!)).toBe('text');
  });

  it('drops control characters from a header value to record', () => {
    expect(withoutControlCharacters('Mozilla\u0000/5.0\u0085 \ud800x')).toBe('Mozilla/5.0 x');
  });
});

describe('the id rule', () => {
  it('takes a positive int4 as a number or digits', () => {
    expect(ZId.parse(1)).toBe(1);
    expect(ZId.parse(' 42 ')).toBe(42);
    expect(ZId.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(ZId.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses what no integer column holds, and wrong types, with its own issue', () => {
    for (const value of [
      0,
      -1,
      1.5,
      2 ** 31,
      -(2 ** 31) - 1,
      '2147483648',
      '99999999999',
      '1e3',
      '0x10',
      'NaN',
      '',
      null,
      undefined,
      true,
      [1],
      {},
    ]) {
      const result = ZId.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(inputRuleOf(result.error!.issues[0]!)).toBe('id');
    }
  });
});
