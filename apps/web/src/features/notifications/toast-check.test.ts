import { describe, expect, it } from 'vitest';
import { longText, offsetValue } from './toast-check';

describe('the toast check', () => {
  it('«Длинный текст» is over 450 characters', () => {
    const text = longText('Длинное сообщение.');
    expect(text.length).toBeGreaterThan(450);
    expect(text.startsWith('Длинное сообщение. Длинное')).toBe(true);
  });

  it('reads an offset in whole pixels; empty or not a number is none', () => {
    expect(offsetValue(' 40 ')).toBe(40);
    expect(offsetValue('-12.6')).toBe(-13);
    expect(offsetValue('')).toBeNull();
    expect(offsetValue('abc')).toBeNull();
  });
});
