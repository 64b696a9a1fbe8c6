import { describe, expect, it } from 'vitest';
import {
  QUALITY_CHECK_WIDTH,
  checkImageQuality,
  grayFromRgba,
  type GrayImage,
} from './image-quality';

const WIDTH = QUALITY_CHECK_WIDTH;
const HEIGHT = 400;

/** A deterministic pseudo-random sequence (the same label every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A label as the camera sees it: paper of luma `paper`, a barcode's bars and lines of text
 * strokes in `ink`, a little sensor noise.
 */
function label(paper: number, ink: number, seed = 1): GrayImage {
  const next = random(seed);
  const data = new Uint8Array(WIDTH * HEIGHT).fill(paper);
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < Math.min(HEIGHT, y0 + h); y++)
      data.fill(ink, y * WIDTH + x0, y * WIDTH + Math.min(WIDTH, x0 + w));
  };
  for (let x = 80; x < 560;) {
    const bar = 2 + Math.floor(next() * 6);
    fill(x, 40, bar, 140);
    x += bar + 2 + Math.floor(next() * 6);
  }
  for (let line = 0; line < 5; line++) {
    for (let x = 40; x < 600; x += 9) {
      if (next() < 0.15) continue;
      fill(x, 210 + line * 36, 2, 22);
      fill(x, 210 + line * 36 + Math.floor(next() * 20), 7, 2);
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) + Math.round((next() - 0.5) * 4);
  return { width: WIDTH, height: HEIGHT, data };
}

/** A Gaussian blur of standard deviation `sigma` (separable, edges clamped). */
function blur(image: GrayImage, sigma: number): GrayImage {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const total = kernel.reduce((sum, value) => sum + value, 0);
  const pass = (source: Uint8Array, dx: number, dy: number) => {
    const out = new Uint8Array(source.length);
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        let sum = 0;
        kernel.forEach((weight, i) => {
          const sx = Math.min(WIDTH - 1, Math.max(0, x + (i - radius) * dx));
          const sy = Math.min(HEIGHT - 1, Math.max(0, y + (i - radius) * dy));
          sum += weight * (source[sy * WIDTH + sx] ?? 0);
        });
        out[y * WIDTH + x] = Math.round(sum / total);
      }
    return out;
  };
  return { ...image, data: pass(pass(Uint8Array.from(image.data), 1, 0), 0, 1) };
}

describe('the quality check of a still', () => {
  it.each([1, 2, 3])('finds a sharp label ok (seed %i)', (seed) => {
    const quality = checkImageQuality(label(190, 30, seed));
    expect(quality.verdict).toBe('ok');
  });

  it.each([1.5, 2, 3])('finds the same label blurred with σ %f blurry', (sigma) => {
    const quality = checkImageQuality(blur(label(190, 30), sigma));
    expect(quality.verdict).toBe('blurry');
  });

  it.each([0.7, 1])('still passes a label slightly soft (σ %f) as ok', (sigma) => {
    expect(checkImageQuality(blur(label(190, 30), sigma)).verdict).toBe('ok');
  });

  it('finds an under-exposed label dark, even when sharp', () => {
    expect(checkImageQuality(label(40, 8)).verdict).toBe('dark');
  });

  it('finds a washed-out label bright', () => {
    expect(checkImageQuality(label(250, 200)).verdict).toBe('bright');
  });

  it('finds an empty, evenly lit frame blurry (nothing in focus)', () => {
    const flat = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(128) };
    expect(checkImageQuality(flat)).toEqual({ verdict: 'blurry', sharpness: 0, brightness: 128 });
  });

  it('reads luma from RGBA pixels with the BT.601 weights', () => {
    const rgba = Uint8ClampedArray.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
    expect(Array.from(grayFromRgba(rgba, 3, 1).data)).toEqual([76, 149, 29]);
  });
});
