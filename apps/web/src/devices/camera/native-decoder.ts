import { CAMERA_FORMATS, type FrameDecoder } from './decoder';

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorInstance;

/** The browser's BarcodeDetector, reading straight from the video element. */
export function createNativeDecoder(): FrameDecoder {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) throw new Error('BarcodeDetector is not available');
  const detector = new Detector({ formats: [...CAMERA_FORMATS] });
  return {
    kind: 'native',
    async decode(video) {
      const found = await detector.detect(video);
      return found.map((barcode) => barcode.rawValue);
    },
  };
}
