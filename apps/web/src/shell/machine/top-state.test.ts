import { describe, expect, it } from 'vitest';
import { topStateOf } from './top-state';

describe('topStateOf', () => {
  it('names the top-level state of a plain or compound value, or the fallback', () => {
    expect(topStateOf({ value: 'waiting' }, 'loading')).toBe('waiting');
    expect(topStateOf({ value: { measuring: 'editing' } }, 'loading')).toBe('measuring');
    expect(topStateOf(null, 'loading')).toBe('loading');
    expect(topStateOf({ value: {} }, 'loading')).toBe('loading');
  });
});
