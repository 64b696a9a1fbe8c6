import { describe, expect, it } from 'vitest';
import { CAMERA_FORMATS, chooseDecoderKind } from './decoder';

const detector = (formats: string[] | Error) => ({
  getSupportedFormats: async () => {
    if (formats instanceof Error) throw formats;
    return formats;
  },
});

describe('chooseDecoderKind', () => {
  it('uses the browser BarcodeDetector when it reads every camera format', async () => {
    expect(await chooseDecoderKind(detector([...CAMERA_FORMATS, 'aztec', 'pdf417']))).toBe(
      'native',
    );
  });

  it('falls back to zxing without the class, without formats, or with some missing', async () => {
    expect(await chooseDecoderKind(undefined)).toBe('zxing');
    expect(await chooseDecoderKind({})).toBe('zxing');
    expect(await chooseDecoderKind(detector([]))).toBe('zxing');
    expect(await chooseDecoderKind(detector(['qr_code', 'code_128', 'ean_13']))).toBe('zxing');
    expect(await chooseDecoderKind(detector(new Error('not supported')))).toBe('zxing');
  });
});
