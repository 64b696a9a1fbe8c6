import { useEffect, useRef, useState } from 'react';
import { createOcrEngine, type OcrEngine } from '../../devices/ocr/ocr-engine';

export type EngineState =
  { kind: 'loading'; progress: number } | { kind: 'ready'; engine: OcrEngine } | { kind: 'failed' };

/** The engine's statuses while it loads (tesseract.js logger); recognition reports apart. */
const RECOGNIZING = 'recognizing text';

/**
 * The OCR engine while the reader is shown: loaded at once (the worker, the core and both
 * languages, with their progress), terminated when the reader goes (page left, panel closed).
 * `attempt` loads it again after a failure («Повторить»). `onRecognizing` hears recognition
 * progress, 0–1.
 */
export function useOcrEngine(
  attempt: number,
  onRecognizing: (progress: number) => void,
): EngineState {
  const [state, setState] = useState<EngineState>({ kind: 'loading', progress: 0 });
  const report = useRef(onRecognizing);
  useEffect(() => {
    report.current = onRecognizing;
  }, [onRecognizing]);

  useEffect(() => {
    let isCurrent = true;
    let engine: OcrEngine | null = null;
    setState({ kind: 'loading', progress: 0 });
    createOcrEngine(({ status, progress }) => {
      if (!isCurrent) return;
      if (status === RECOGNIZING) report.current(progress);
      else if (!engine) setState({ kind: 'loading', progress });
    }).then(
      (created) => {
        engine = created;
        if (isCurrent) setState({ kind: 'ready', engine: created });
        else void created.terminate();
      },
      (error: unknown) => {
        console.warn('OCR engine not loaded', error);
        if (isCurrent) setState({ kind: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
      if (engine) void engine.terminate();
    };
  }, [attempt]);

  return state;
}
