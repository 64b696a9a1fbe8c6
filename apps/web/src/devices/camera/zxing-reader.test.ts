// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ZXING_READER_OPTIONS, textsOf } from './zxing-reader';

const require = createRequire(import.meta.url);

const MATRIX = new Set(['qrcode', 'datamatrix']);

/** A label as bwip-js prints it: black on white, with a quiet zone. */
async function png(bcid: string, text: string): Promise<Uint8Array> {
  const image = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    ...(MATRIX.has(bcid) ? {} : { height: 12 }),
    paddingwidth: 10,
    paddingheight: 10,
    backgroundcolor: 'FFFFFF',
  });
  return new Uint8Array(image);
}

describe('zxing-wasm with the camera options', () => {
  beforeAll(async () => {
    // The .wasm from node_modules, as the app serves it; never the default CDN.
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasm = await readFile(wasmPath);
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
        // Never the default CDN address, should the binary be ignored.
        locateFile: (path: string) => (path.endsWith('.wasm') ? wasmPath : path),
      },
      fireImmediately: true,
    });
  });

  it('reads a Code 128 zone barcode', async () => {
    const results = await readBarcodes(await png('code128', '%Z34717-1'), ZXING_READER_OPTIONS);
    expect(textsOf(results)).toEqual(['%Z34717-1']);
    expect(results[0]?.format).toBe('Code128');
  });

  it('reads a QR code of a sign-on link', async () => {
    const link = 'https://sorting.example/sorting?lkdToken=~W1001-7KQ2';
    const results = await readBarcodes(await png('qrcode', link), ZXING_READER_OPTIONS);
    expect(textsOf(results)).toEqual([link]);
    expect(results[0]?.format).toBe('QRCode');
  });

  it('reads EAN-13, Code 39, ITF and Data Matrix too, and nothing on a blank image', async () => {
    for (const [bcid, text] of [
      ['ean13', '4601234567893'],
      ['code39', 'BOX-42'],
      ['interleaved2of5', '12345678'],
      ['datamatrix', '=A-1-2'],
    ] as const) {
      const results = await readBarcodes(await png(bcid, text), ZXING_READER_OPTIONS);
      expect(textsOf(results), bcid).toEqual([text]);
    }
    const blank = await bwipjs.toBuffer({
      bcid: 'code128',
      text: 'x',
      scale: 1,
      height: 1,
      barcolor: 'FFFFFF',
      backgroundcolor: 'FFFFFF',
    });
    expect(textsOf(await readBarcodes(new Uint8Array(blank), ZXING_READER_OPTIONS))).toEqual([]);
  });
});
