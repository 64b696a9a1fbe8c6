/**
 * What an image file is, read from its first bytes before anything decodes it (/extract-text,
 * docs/DECISIONS.md "Device pages"): a file that is not an image by its content, over 20 MB or
 * over 8,000 px a side is refused, so a hostile or huge file never reaches the decoder.
 */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8000;
/** Enough of the file to find the size of every format read here (JPEG's SOF may come late). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

export type ImageRefusal = 'not-image' | 'too-large' | 'too-many-pixels';

export type ImageHeader =
  | { ok: true; format: string; width: number; height: number }
  | { ok: false; refusal: ImageRefusal };

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function pngSize(view: DataView): [number, number] | null {
  return view.byteLength >= 24 ? [view.getUint32(16), view.getUint32(20)] : null;
}

function gifSize(view: DataView): [number, number] | null {
  return view.byteLength >= 10 ? [view.getUint16(6, true), view.getUint16(8, true)] : null;
}

function bmpSize(view: DataView): [number, number] | null {
  if (view.byteLength < 26) return null;
  return [Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true))];
}

// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's height and width.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
}

function jpegSize(view: DataView): [number, number] | null {
  let at = 2;
  while (at + 9 < view.byteLength) {
    if (view.getUint8(at) !== 0xff) return null;
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isStartOfFrame(marker)) return [view.getUint16(at + 7), view.getUint16(at + 5)];
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView): [number, number] | null {
  if (view.byteLength < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') {
    const width = 1 + (view.getUint32(24, true) & 0xffffff);
    const height = 1 + (view.getUint32(27, true) & 0xffffff);
    return [width, height];
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  if (chunk === 'VP8 ')
    return [view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff];
  return null;
}

function sizeOf(bytes: Uint8Array): { format: string; size: [number, number] | null } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG')
    return { format: 'png', size: pngSize(view) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { format: 'jpeg', size: jpegSize(view) };
  if (ascii(bytes, 0, 4) === 'GIF8') return { format: 'gif', size: gifSize(view) };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return { format: 'webp', size: webpSize(bytes, view) };
  if (ascii(bytes, 0, 2) === 'BM') return { format: 'bmp', size: bmpSize(view) };
  return null;
}

/** The verdict on a file of `fileBytes` bytes whose first bytes are `head`. */
export function inspectImageHeader(head: Uint8Array, fileBytes: number): ImageHeader {
  if (fileBytes > MAX_IMAGE_BYTES) return { ok: false, refusal: 'too-large' };
  const found = sizeOf(head);
  if (!found?.size) return { ok: false, refusal: 'not-image' };
  const [width, height] = found.size;
  if (width < 1 || height < 1) return { ok: false, refusal: 'not-image' };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    return { ok: false, refusal: 'too-many-pixels' };
  return { ok: true, format: found.format, width, height };
}

// FileReader rather than Blob.arrayBuffer(): Chrome 90 has both, but not every WebView does.
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads the head of a file and inspects it. */
export async function inspectImageFile(file: Blob): Promise<ImageHeader> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, refusal: 'too-large' };
  const head = new Uint8Array(await readBytes(file.slice(0, IMAGE_HEADER_BYTES)));
  return inspectImageHeader(head, file.size);
}
