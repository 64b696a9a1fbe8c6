/**
 * The crop handed to the OCR engine (/extract-text, docs/DECISIONS.md "Device pages"): only the
 * rectangle the user chose, in grayscale, its contrast stretched so the darkest ink is black and
 * the lightest paper white (a dim or washed-out photo reads like a scan).
 */

/** A rectangle in fractions (0–1) of the image's width and height. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** By default a centred band: the whole width but the margins, the middle two fifths. */
export const DEFAULT_CROP: CropRect = { x: 0.05, y: 0.3, width: 0.9, height: 0.4 };
export const WHOLE_IMAGE: CropRect = { x: 0, y: 0, width: 1, height: 1 };

/** Tesseract reads text best at ~30 px a line: a small crop is scaled up, a huge one down. */
const MIN_WIDTH = 1000;
const MAX_LONG_SIDE = 2400;
/** The share of pixels ignored at each end of the histogram (specks and glare). */
const CLIP = 0.01;

/** Where in the image's pixels the crop lies, at least 1 px a side. */
export function cropPixels(
  crop: CropRect,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const x = Math.min(width - 1, Math.max(0, Math.round(crop.x * width)));
  const y = Math.min(height - 1, Math.max(0, Math.round(crop.y * height)));
  return {
    x,
    y,
    width: Math.max(1, Math.min(width - x, Math.round(crop.width * width))),
    height: Math.max(1, Math.min(height - y, Math.round(crop.height * height))),
  };
}

/** The gray levels below `low` go black, above `high` white, the rest spread between. */
export function stretchLevels(gray: Uint8ClampedArray | Uint8Array): { low: number; high: number } {
  const histogram = new Uint32Array(256);
  for (const level of gray) histogram[level] = (histogram[level] ?? 0) + 1;
  const clip = Math.floor(gray.length * CLIP);
  let low = 0;
  for (let seen = 0; low < 255 && seen + (histogram[low] ?? 0) <= clip; low += 1)
    seen += histogram[low] ?? 0;
  let high = 255;
  for (let seen = 0; high > 0 && seen + (histogram[high] ?? 0) <= clip; high -= 1)
    seen += histogram[high] ?? 0;
  return high > low ? { low, high } : { low: 0, high: 255 };
}

/** Draws the crop of `source` on a new canvas, gray and stretched. */
export function prepareCrop(
  source: CanvasImageSource,
  width: number,
  height: number,
  crop: CropRect,
): HTMLCanvasElement {
  const area = cropPixels(crop, width, height);
  const scale = Math.min(
    Math.max(1, MIN_WIDTH / area.width),
    MAX_LONG_SIDE / Math.max(area.width, area.height),
  );
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return canvas;
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    source,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = image.data;
  const gray = new Uint8ClampedArray(pixels.length / 4);
  for (let i = 0; i < gray.length; i += 1) {
    // ITU-R BT.601 luma
    gray[i] = 0.299 * pixels[i * 4]! + 0.587 * pixels[i * 4 + 1]! + 0.114 * pixels[i * 4 + 2]!;
  }
  const { low, high } = stretchLevels(gray);
  const factor = 255 / (high - low);
  for (let i = 0; i < gray.length; i += 1) {
    const level = (gray[i]! - low) * factor;
    pixels[i * 4] = level;
    pixels[i * 4 + 1] = level;
    pixels[i * 4 + 2] = level;
    pixels[i * 4 + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return canvas;
}
