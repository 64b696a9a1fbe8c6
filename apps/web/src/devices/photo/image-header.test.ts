import { describe, expect, it } from 'vitest';
import { inspectImageHeader, MAX_IMAGE_BYTES } from './image-header';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with its height and width.
  const bytes = new Uint8Array(2 + 18 + 19);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0, 16], 0);
  const view = new DataView(bytes.buffer);
  bytes.set([0xff, 0xc0, 0, 17, 8], 20);
  view.setUint16(25, height);
  view.setUint16(27, width);
  return bytes;
}

describe('an image file read before decoding', () => {
  it('knows a PNG and a JPEG and their sizes', () => {
    expect(inspectImageHeader(png(800, 300), 1000)).toEqual({
      ok: true,
      format: 'png',
      width: 800,
      height: 300,
    });
    expect(inspectImageHeader(jpeg(1920, 1080), 5000)).toEqual({
      ok: true,
      format: 'jpeg',
      width: 1920,
      height: 1080,
    });
  });

  it('refuses what is not an image by its content, whatever its name', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 not an image at all');
    expect(inspectImageHeader(pdf, pdf.length)).toEqual({ ok: false, refusal: 'not-image' });
  });

  it('refuses a file over 20 MB and an image over 8,000 px a side', () => {
    expect(inspectImageHeader(png(100, 100), MAX_IMAGE_BYTES + 1)).toEqual({
      ok: false,
      refusal: 'too-large',
    });
    expect(inspectImageHeader(png(8001, 100), 1000)).toEqual({
      ok: false,
      refusal: 'too-many-pixels',
    });
    expect(inspectImageHeader(jpeg(100, 9000), 1000)).toEqual({
      ok: false,
      refusal: 'too-many-pixels',
    });
  });
});
