import { describe, expect, it } from 'vitest';
import { checkTypedDeviceId } from './device-ids';

describe('a typed device id', () => {
  it('is trimmed; an empty one clears the id', () => {
    expect(checkTypedDeviceId('  agent-7 ')).toEqual({ value: 'agent-7' });
    expect(checkTypedDeviceId('   ')).toEqual({ value: null });
  });

  it('is refused over 100 characters or with control characters', () => {
    expect(checkTypedDeviceId('x'.repeat(100))).toEqual({ value: 'x'.repeat(100) });
    expect(checkTypedDeviceId('x'.repeat(101))).toBe('invalid');
    expect(checkTypedDeviceId('a\tb')).toBe('invalid');
    expect(checkTypedDeviceId('a\u0007')).toBe('invalid');
  });
});
