/**
 * The quality check of a still taken on /capture-image (docs/DECISIONS.md "Device pages"):
 * pure, over a grayscale copy of the photo about 640 px wide (the page scales it on a canvas),
 * so the thresholds do not depend on the camera's resolution.
 */

/** A grayscale image: one byte of luma per pixel, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The verdict shown over the still. */
export type ImageQualityVerdict = 'ok' | 'blurry' | 'dark' | 'bright';

export interface ImageQuality {
  verdict: ImageQualityVerdict;
  /** Variance of the Laplacian (4-neighbour): low when edges are soft. */
  sharpness: number;
  /** Mean luma, 0–255. */
  brightness: number;
}

/** The width of the copy the check runs on. */
export const QUALITY_CHECK_WIDTH = 640;

/**
 * Thresholds chosen on the test images of image-quality.test.ts (a label of bars and text
 * strokes on paper, 640 px wide, light sensor noise): sharp labels measure about 6,500; after a
 * Gaussian blur of σ 0.7 about 1,300, σ 1 about 480 (still readable), σ 1.5 about 120 and σ 2
 * about 45 (strokes run together). 200 passes the readable ones and refuses the rest. Brightness:
 * under 50 the strokes drown in a real sensor's noise; over 230 the paper is clipped white and
 * thin strokes fade (that label on a full frame measures about 160).
 */
export const QUALITY_THRESHOLDS = {
  minSharpness: 200,
  minBrightness: 50,
  maxBrightness: 230,
} as const;

/** Luma of RGBA pixels (BT.601 weights, integer), as a canvas' `getImageData` gives them. */
export function grayFromRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    data[i] = ((rgba[p] ?? 0) * 299 + (rgba[p + 1] ?? 0) * 587 + (rgba[p + 2] ?? 0) * 114) / 1000;
  }
  return { width, height, data };
}

/** Variance of the 4-neighbour Laplacian over the inner pixels. */
export function laplacianVariance(image: GrayImage): number {
  const { width, height, data } = image;
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const value =
        (data[i - 1] ?? 0) +
        (data[i + 1] ?? 0) +
        (data[i - width] ?? 0) +
        (data[i + width] ?? 0) -
        4 * (data[i] ?? 0);
      sum += value;
      sumSquares += value * value;
      count++;
    }
  }
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

/** Mean luma. */
export function meanBrightness(image: GrayImage): number {
  let sum = 0;
  for (const value of image.data) sum += value;
  return image.data.length === 0 ? 0 : sum / image.data.length;
}

/**
 * The verdict: exposure first (a dark or washed-out frame also has soft edges, and the fix is
 * the light, not a steadier hand), then sharpness.
 */
export function checkImageQuality(
  image: GrayImage,
  thresholds: typeof QUALITY_THRESHOLDS = QUALITY_THRESHOLDS,
): ImageQuality {
  const brightness = meanBrightness(image);
  const sharpness = laplacianVariance(image);
  const verdict: ImageQualityVerdict =
    brightness < thresholds.minBrightness
      ? 'dark'
      : brightness > thresholds.maxBrightness
        ? 'bright'
        : sharpness < thresholds.minSharpness
          ? 'blurry'
          : 'ok';
  return { verdict, sharpness, brightness };
}
