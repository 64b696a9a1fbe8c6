import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader';
// Served by our own server with the other hashed assets: zxing-wasm's default is a CDN,
// which a warehouse without internet cannot reach.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { FrameDecoder } from './decoder';
import { ZXING_READER_OPTIONS, textsOf } from './zxing-reader';

/** Frames are read at most this wide: enough for a label at arm's length, and fast. */
const MAX_FRAME_WIDTH = 960;

// One overrides object for the page's life: zxing-wasm keeps its instance while the overrides
// are the same, so opening the viewfinder again does not compile the .wasm again.
const overrides = {
  locateFile: (path: string, prefix: string) =>
    path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path,
};

/** zxing-wasm over a canvas copy of the frame. Rejects when the .wasm cannot be loaded. */
export async function createZxingDecoder(): Promise<FrameDecoder> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    // zxing-wasm would keep the failed instance: forget it, so "Try again" loads it again.
    purgeZXingModule();
    throw error;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas');
  return {
    kind: 'zxing',
    async decode(video) {
      const { videoWidth, videoHeight } = video;
      if (!videoWidth || !videoHeight) return [];
      const scale = Math.min(1, MAX_FRAME_WIDTH / videoWidth);
      const width = Math.round(videoWidth * scale);
      const height = Math.round(videoHeight * scale);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const frame = context.getImageData(0, 0, width, height);
      return textsOf(await readBarcodes(frame, ZXING_READER_OPTIONS));
    },
  };
}
