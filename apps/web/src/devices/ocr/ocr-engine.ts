import type Tesseract from 'tesseract.js';

/**
 * The OCR engine of /extract-text (docs/DECISIONS.md "Device pages"): tesseract.js 7 in a Web
 * Worker, every file from our own origin (the web build copies the worker and the LSTM-only
 * cores to /ocr/, the language data is in public/ocr/lang), `rus+eng`, the language data kept
 * in IndexedDB after the first use (`cacheMethod: 'write'` reads the cache, then writes it).
 * No React: the page and the scan panel's reader both use it.
 */
export const OCR_PATHS = {
  workerPath: '/ocr/worker.min.js',
  corePath: '/ocr/core',
  langPath: '/ocr/lang',
} as const;

export const OCR_LANGUAGES = ['rus', 'eng'] as const;

/** A word read, with its box in the image's pixels; confidence 0–100. */
export interface OcrWord {
  text: string;
  confidence: number;
  box: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrResult {
  text: string;
  words: OcrWord[];
}

/** Loading and recognition progress, 0–1, with the engine's status text. */
export interface OcrProgress {
  status: string;
  progress: number;
}

export interface OcrEngine {
  recognize(image: HTMLCanvasElement | Blob): Promise<OcrResult>;
  /** Ends the worker; the engine is not used after. */
  terminate(): Promise<void>;
}

function wordsOf(page: Tesseract.Page): OcrWord[] {
  return (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words.map((word) => ({
          text: word.text,
          confidence: word.confidence,
          box: { ...word.bbox },
        })),
      ),
    ),
  );
}

/** Starts the worker (its chunk loaded only now) and loads the core and both languages. */
export async function createOcrEngine(
  onProgress: (progress: OcrProgress) => void = () => undefined,
): Promise<OcrEngine> {
  // The package's ES module build, not its CommonJS source: bundled as is, it adds no CommonJS
  // interop to the runtime chunk every page loads (the first screen's budget).
  const { default: tesseract } = await import('tesseract.js/dist/tesseract.esm.min.js');
  const { createWorker, OEM } = tesseract;
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    ...OCR_PATHS,
    cacheMethod: 'write',
    gzip: true,
    // The page's CSP (script-src 'self') refuses a worker made from a blob: URL.
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) =>
      onProgress({ status: message.status, progress: message.progress }),
  });
  return {
    async recognize(image) {
      const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
      return { text: data.text, words: wordsOf(data) };
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
