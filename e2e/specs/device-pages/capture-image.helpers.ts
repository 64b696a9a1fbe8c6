import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';

const WIDTH = 1280;
const HEIGHT = 720;
const PAPER = 200;
const INK = 30;

/**
 * A parcel label as a camera sees it, in luma: paper (not clipped white, so the exposure is
 * ok), a Code 128 barcode and five lines of text-like strokes.
 */
function paintLabel(): Uint8Array {
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(PAPER);
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < Math.min(HEIGHT, y0 + h); y++)
      luma.fill(INK, y * WIDTH + x0, y * WIDTH + Math.min(WIDTH, x0 + w));
  };
  const [symbol] = bwipjs.raw({ bcid: 'code128', text: 'P470001' });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js encoded no bars');
  let x = 240;
  symbol.sbs.forEach((modules, index) => {
    if (index % 2 === 0) fill(x, 80, modules * 5, 260);
    x += modules * 5;
  });
  for (let line = 0; line < 5; line++)
    for (let column = 0; column < 70; column++) {
      if ((column * 7 + line * 3) % 11 === 0) continue;
      const left = 120 + column * 15;
      const top = 400 + line * 56;
      fill(left, top, 3, 36);
      fill(left, top + ((column * 13 + line) % 30), 11, 3);
    }
  return luma;
}

/** A box blur of `radius` along one axis, edges clamped. */
function boxBlur(source: Uint8Array, radius: number, horizontal: boolean): Uint8Array {
  const out = new Uint8Array(source.length);
  const size = radius * 2 + 1;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      let sum = 0;
      for (let d = -radius; d <= radius; d++) {
        const sx = horizontal ? Math.min(WIDTH - 1, Math.max(0, x + d)) : x;
        const sy = horizontal ? y : Math.min(HEIGHT - 1, Math.max(0, y + d));
        sum += source[sy * WIDTH + sx] ?? 0;
      }
      out[y * WIDTH + x] = Math.round(sum / size);
    }
  return out;
}

/**
 * A Y4M video (Chromium's fake camera file) of the label, sharp or blurred (three box blurs
 * of radius 4: close to a Gaussian of σ 4, a shaking hand at 1280 px).
 */
export function writeLabelVideo(isBlurred: boolean): string {
  let luma = paintLabel();
  if (isBlurred)
    for (let pass = 0; pass < 3; pass++) luma = boxBlur(boxBlur(luma, 4, true), 4, false);
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = [Buffer.from('FRAME\n', 'ascii'), luma, chroma, chroma];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sorting-capture-')), 'label.y4m');
  writeFileSync(file, Buffer.concat([header, ...frame, ...frame]));
  return file;
}

/** The size in a JPEG's start-of-frame segment; throws when the bytes are not a JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error('broken JPEG segment');
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('JPEG without a frame header');
}
