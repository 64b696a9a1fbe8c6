import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import type { LaunchOptions } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config';

export interface BarcodeVideoOptions {
  /** bwip-js symbology: 'code128', 'qrcode', ... */
  bcid: string;
  text: string;
  width?: number;
  height?: number;
  /** Pixels per module (narrowest bar, or QR cell). */
  module?: number;
  frames?: number;
}

const BLACK = 0;
const WHITE = 255;

/**
 * The barcode's modules as bwip-js encodes them, painted black on white into the luma plane of
 * a frame, centred: bars (`sbs`, widths alternating bar and space) for a 1D code, the module
 * grid (`pixs`) for a 2D code.
 */
function paintLuma(options: Required<BarcodeVideoOptions>): Uint8Array {
  const { width, height, module } = options;
  const luma = new Uint8Array(width * height).fill(WHITE);
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
      luma.fill(BLACK, y * width + Math.max(0, x0), y * width + Math.min(width, x0 + w));
    }
  };
  const [symbol] = bwipjs.raw({ bcid: options.bcid, text: options.text });
  if (!symbol) throw new Error(`bwip-js encoded nothing for ${options.bcid}`);
  if ('sbs' in symbol) {
    const total = symbol.sbs.reduce((sum, w) => sum + w, 0) * module;
    const barHeight = Math.round(height * 0.4);
    let x = Math.round((width - total) / 2);
    const y = Math.round((height - barHeight) / 2);
    symbol.sbs.forEach((modules, index) => {
      if (index % 2 === 0) fill(x, y, modules * module, barHeight);
      x += modules * module;
    });
  } else {
    const x0 = Math.round((width - symbol.pixx * module) / 2);
    const y0 = Math.round((height - symbol.pixy * module) / 2);
    symbol.pixs.forEach((bit, index) => {
      if (bit) {
        fill(
          x0 + (index % symbol.pixx) * module,
          y0 + Math.floor(index / symbol.pixx) * module,
          module,
          module,
        );
      }
    });
  }
  return luma;
}

/**
 * Writes a Y4M video (the format of Chromium's `--use-file-for-fake-video-capture`) that shows
 * the barcode still, and answers its path. 4:2:0, chroma planes neutral (grey 128).
 */
export function writeBarcodeVideo(input: BarcodeVideoOptions): string {
  const options: Required<BarcodeVideoOptions> = {
    width: 640,
    height: 480,
    module: 3,
    frames: 2,
    ...input,
  };
  const { width, height, frames } = options;
  const luma = paintLuma(options);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const parts: Uint8Array[] = [
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii'),
  ];
  for (let frame = 0; frame < frames; frame++) {
    parts.push(Buffer.from('FRAME\n', 'ascii'), luma, chroma, chroma);
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sorting-camera-')), 'barcode.y4m');
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/**
 * Chromium with a fake camera that shows `video` and grants the camera without asking, plus
 * the config's own arguments. For `test.use({ launchOptions })` at a spec's top level (a
 * worker-scoped option: the spec gets its own browser).
 */
export function fakeCameraLaunchOptions(video: string): LaunchOptions {
  return {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}
