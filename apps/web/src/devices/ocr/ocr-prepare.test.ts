import { describe, expect, it } from 'vitest';
import { cropPixels, stretchLevels } from './ocr-prepare';

describe('the crop given to OCR', () => {
  it('lies inside the image, at least a pixel a side', () => {
    expect(cropPixels({ x: 0.25, y: 0.5, width: 0.5, height: 0.25 }, 800, 400)).toEqual({
      x: 200,
      y: 200,
      width: 400,
      height: 100,
    });
    expect(cropPixels({ x: 0.9, y: 0.9, width: 0.5, height: 0 }, 100, 100)).toEqual({
      x: 90,
      y: 90,
      width: 10,
      height: 1,
    });
  });

  it('stretches a dim photo: its ink and paper levels become the ends of the range', () => {
    const gray = new Uint8Array(1000);
    gray.fill(60, 0, 300); // ink
    gray.fill(140, 300); // grey paper
    gray[0] = 0; // a speck, ignored
    gray[999] = 255; // glare, ignored
    expect(stretchLevels(gray)).toEqual({ low: 60, high: 140 });
  });

  it('leaves a flat image alone', () => {
    expect(stretchLevels(new Uint8Array(100).fill(128))).toEqual({ low: 0, high: 255 });
  });
});
