import { describe, expect, it } from 'vitest';
import { captureFileName, fitLongSide } from './photo-encode';

describe('the still of /capture-image', () => {
  it.each([
    [1920, 1080, { width: 1920, height: 1080 }],
    [4000, 3000, { width: 2048, height: 1536 }],
    [3000, 4000, { width: 1536, height: 2048 }],
    [640, 480, { width: 640, height: 480 }],
  ])('keeps %i×%i within 2048 px on its long side', (width, height, expected) => {
    expect(fitLongSide(width, height, 2048)).toEqual(expected);
  });

  it('names the download by the local time it was taken', () => {
    expect(captureFileName(new Date(2026, 0, 5, 9, 7, 3))).toBe('capture-20260105-090703.jpg');
  });
});
