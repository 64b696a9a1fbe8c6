import { describe, expect, it } from 'vitest';
import { formatDimensions } from './dimensions.js';

describe('formatDimensions', () => {
  it('shows length x width x height, whole centimetres without decimals', () => {
    expect(formatDimensions(60, 40, 30)).toBe('60x40x30');
  });

  it('keeps one decimal of a fractional size', () => {
    expect(formatDimensions(60.25, 40.5, 30.04)).toBe('60.3x40.5x30');
  });
});
