import { RETURN_PHOTO_MAX_BYTES } from '@sorting/contracts';
import { QUALITY_CHECK_WIDTH, grayFromRgba, type GrayImage } from '@sorting/domain';
import type { Still } from './photo-camera';

/** The JPEG quality of a still (issue: 0.85; lowered only to stay under the upload limit). */
export const JPEG_QUALITY = 0.85;
/** The long side of a still at most. */
export const MAX_LONG_SIDE = 2048;

/** A size scaled down (never up) so its long side is at most `maxLongSide`. */
export function fitLongSide(
  width: number,
  height: number,
  maxLongSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxLongSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `capture-YYYYMMDD-HHmmss.jpg` in local time. */
export function captureFileName(at: Date): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `capture-${day}-${time}.jpg`;
}

function canvasOf(still: Still, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(still.source, 0, 0, width, height);
  return canvas;
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The still as a JPEG: quality 0.85, long side ≤ 2048 px, and always under
 * RETURN_PHOTO_MAX_BYTES (the lowest quality tried first only if 0.85 is over it).
 */
export async function encodeStill(still: Still): Promise<Blob> {
  const size = fitLongSide(still.width, still.height, MAX_LONG_SIDE);
  const canvas = canvasOf(still, size.width, size.height);
  for (const quality of [JPEG_QUALITY, 0.7, 0.5]) {
    const blob = await toJpeg(canvas, quality);
    if (blob.size <= RETURN_PHOTO_MAX_BYTES) return blob;
  }
  // 2048 px at quality 0.5 is far under 10 MB; a smaller side settles any camera's noise.
  const half = canvasOf(still, Math.round(size.width / 2), Math.round(size.height / 2));
  return toJpeg(half, 0.5);
}

/** The grayscale copy the quality check runs on (about 640 px wide). */
export function grayCopy(still: Still): GrayImage {
  const width = Math.min(QUALITY_CHECK_WIDTH, still.width);
  const height = Math.max(1, Math.round((still.height * width) / still.width));
  const canvas = canvasOf(still, width, height);
  const pixels = canvas.getContext('2d')?.getImageData(0, 0, width, height);
  return pixels
    ? grayFromRgba(pixels.data, width, height)
    : { width, height, data: new Uint8Array(width * height) };
}
