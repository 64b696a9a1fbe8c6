import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { inspectImageFile, type ImageRefusal } from '../../devices/photo/image-header';
import { takeStill, type Still } from '../../devices/photo/photo-camera';
import type { OcrResult } from '../../devices/ocr/ocr-engine';
import {
  DEFAULT_CROP,
  prepareCrop,
  WHOLE_IMAGE,
  type CropRect,
} from '../../devices/ocr/ocr-prepare';
import controlStyles from '../../ui/buttons/controls.module.css';
import { CloseIcon } from '../../ui/icons/close-icon';
import { useLiveCamera } from '../use-live-camera';
import { CropArea } from './crop-area';
import { ReadingResult } from './reading-result';
import { useOcrEngine, type EngineState } from './use-ocr-engine';
import styles from './text-reader.module.css';

// Everything comes in props, react-i18next included, as for the camera viewfinder: this chunk
// is lazy under the scan panel and must not pull the shell's modules out of the first screen.
export interface TextReaderProps {
  /** The page's i18next instance; the reader's texts are its lazy namespace. */
  i18n: I18n;
  /** The camera of the scan settings; null for the back camera. */
  deviceName: string | null;
  /** «Использовать как скан» of a candidate. */
  onUse: (text: string) => void;
  /** Under the scan panel: the close button. */
  onClose?: () => void;
}

const NAMESPACES = ['text-reader', 'camera-viewfinder'] as const;
type Texts = TFunction<'text-reader'>;
type CameraTexts = TFunction<'camera-viewfinder'>;

/** Loads the reader's catalogues (their own chunks), then shows it. */
export default function TextReader(props: TextReaderProps) {
  const { i18n } = props;
  const hasAll = () => NAMESPACES.every((ns) => i18n.hasResourceBundle(i18n.language, ns));
  const [isLoaded, setLoaded] = useState(hasAll);
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    // A catalogue that fails to load still shows the reader (with its keys).
    const show = () => isCurrent && setLoaded(true);
    i18n.loadNamespaces([...NAMESPACES]).then(show, show);
    return () => {
      isCurrent = false;
    };
  }, [i18n, isLoaded]);
  if (!isLoaded) return null;
  return (
    <Reader
      {...props}
      t={i18n.getFixedT(null, 'text-reader')}
      cameraTexts={i18n.getFixedT(null, 'camera-viewfinder')}
    />
  );
}

/** The engine's load: its progress, or its failure with «Повторить». */
function EngineStatus(props: { engine: EngineState; t: Texts; onRetry: () => void }) {
  const { engine, t, onRetry } = props;
  if (engine.kind === 'loading')
    return (
      <p className={styles.progress} role="status" data-testid="text-reader-loading">
        {t('loading', { percent: Math.round(engine.progress * 100) })}
        <progress max={1} value={engine.progress} />
      </p>
    );
  if (engine.kind === 'failed')
    return (
      <div className={styles.error} role="alert" data-testid="text-reader-load-failed">
        <p>{t('loadFailed')}</p>
        <button
          type="button"
          className={controlStyles.button}
          data-testid="text-reader-retry"
          onClick={onRetry}
        >
          {t('retry')}
        </button>
      </div>
    );
  return null;
}

type Reading =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: number }
  | { kind: 'read'; crop: HTMLCanvasElement; result: OcrResult }
  | { kind: 'failed' };

/** The reader's title, and its close button under the scan panel. */
function ReaderHead(props: { titleId: string; t: Texts; onClose?: () => void }) {
  const { titleId, t, onClose } = props;
  return (
    <div className={styles.head}>
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      {onClose ? (
        <button
          type="button"
          data-testid="text-reader-close"
          className={styles.close}
          aria-label={t('close')}
          title={t('close')}
          onClick={onClose}
        >
          <CloseIcon size={28} />
        </button>
      ) : null}
    </div>
  );
}

/** «Прочитать», «Всё изображение» and «Другое изображение» under a still. */
function StillActions(props: {
  t: Texts;
  canRead: boolean;
  onRead: () => void;
  onWhole: () => void;
  onAnother: () => void;
}) {
  const { t, canRead, onRead, onWhole, onAnother } = props;
  return (
    <>
      <button
        type="button"
        className={controlStyles.primary}
        data-testid="text-reader-read"
        disabled={!canRead}
        onClick={onRead}
      >
        {t('read')}
      </button>
      <button
        type="button"
        className={controlStyles.button}
        data-testid="text-reader-whole"
        onClick={onWhole}
      >
        {t('wholeImage')}
      </button>
      <button
        type="button"
        className={controlStyles.button}
        data-testid="text-reader-again"
        onClick={onAnother}
      >
        {t('another')}
      </button>
    </>
  );
}

/** Recognition under way, with its progress, or its failure. */
function ReadingStatus(props: { reading: Reading; t: Texts }) {
  const { reading, t } = props;
  if (reading.kind === 'reading')
    return (
      <p className={styles.progress} role="status" data-testid="text-reader-reading">
        {t('reading', { percent: Math.round(reading.progress * 100) })}
        <progress max={1} value={reading.progress} />
      </p>
    );
  if (reading.kind === 'failed')
    return (
      <p className={styles.failed} role="alert" data-testid="text-reader-read-failed">
        {t('readFailed')}
      </p>
    );
  return null;
}

/**
 * The text reader of /extract-text and of the scan panel (docs/DECISIONS.md "Device pages"):
 * an image from the live camera or a file, a crop, the text read with its word boxes, and the
 * scan candidates in it.
 */
function Reader(props: TextReaderProps & { t: Texts; cameraTexts: CameraTexts }) {
  const { t, cameraTexts, deviceName, onUse, onClose } = props;
  const video = useRef<HTMLVideoElement>(null);
  const [still, setStill] = useState<Still | null>(null);
  const [crop, setCrop] = useState<CropRect>(DEFAULT_CROP);
  const [refusal, setRefusal] = useState<ImageRefusal | null>(null);
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const [engineAttempt, setEngineAttempt] = useState(0);
  const [reading, setReading] = useState<Reading>({ kind: 'idle' });
  const titleId = useId();
  const fileId = useId();
  const camera = useLiveCamera(video, deviceName, still === null, cameraAttempt);
  const onRecognizing = useCallback(
    (progress: number) =>
      setReading((now) => (now.kind === 'reading' ? { kind: 'reading', progress } : now)),
    [],
  );
  const engine = useOcrEngine(engineAttempt, onRecognizing);

  const show = (next: Still | null) => {
    setStill(next);
    setCrop(DEFAULT_CROP);
    setReading({ kind: 'idle' });
  };

  const shoot = async () => {
    if (!video.current) return;
    setRefusal(null);
    show(await takeStill(video.current, camera.status === 'live' ? camera.track : undefined));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const header = await inspectImageFile(file);
      if (!header.ok) return setRefusal(header.refusal);
      const bitmap = await createImageBitmap(file);
      setRefusal(null);
      show({ source: bitmap, width: bitmap.width, height: bitmap.height });
    } catch {
      setRefusal('not-image');
    }
  };

  const read = async () => {
    if (!still || engine.kind !== 'ready') return;
    setReading({ kind: 'reading', progress: 0 });
    try {
      const prepared = prepareCrop(still.source, still.width, still.height, crop);
      const result = await engine.engine.recognize(prepared);
      setReading({ kind: 'read', crop: prepared, result });
    } catch (error) {
      console.warn('text not read', error);
      setReading({ kind: 'failed' });
    }
  };

  return (
    <section
      className={styles.reader}
      data-testid="text-reader"
      data-engine={engine.kind}
      aria-labelledby={titleId}
    >
      <ReaderHead titleId={titleId} t={t} onClose={onClose} />

      <EngineStatus engine={engine} t={t} onRetry={() => setEngineAttempt((n) => n + 1)} />

      <div className={styles.frame} hidden={still !== null || camera.status === 'error'}>
        <video
          ref={video}
          className={styles.video}
          data-testid="text-reader-video"
          data-status={camera.status}
          muted
          playsInline
          autoPlay
          aria-label={t('camera')}
        />
      </div>
      {still === null && camera.status === 'error' ? (
        <div className={styles.error} role="alert" data-testid="text-reader-camera-error">
          <p>{cameraTexts(`errors.${camera.error}`)}</p>
          <button
            type="button"
            className={controlStyles.button}
            onClick={() => setCameraAttempt((n) => n + 1)}
          >
            {cameraTexts('retry')}
          </button>
        </div>
      ) : null}
      {still ? (
        <>
          <p className={styles.hint}>{t('cropHint')}</p>
          <CropArea still={still} crop={crop} onCrop={setCrop} label={t('cropLabel')} />
        </>
      ) : null}

      <div className={styles.actions}>
        {still ? (
          <StillActions
            t={t}
            canRead={engine.kind === 'ready' && reading.kind !== 'reading'}
            onRead={() => void read()}
            onWhole={() => setCrop(WHOLE_IMAGE)}
            onAnother={() => show(null)}
          />
        ) : (
          <button
            type="button"
            className={controlStyles.primary}
            data-testid="text-reader-shoot"
            disabled={camera.status !== 'live'}
            onClick={() => void shoot()}
          >
            {t('shoot')}
          </button>
        )}
        <input
          id={fileId}
          type="file"
          accept="image/*"
          className={styles.fileInput}
          data-testid="text-reader-file"
          onChange={(event) => void chooseFile(event)}
        />
        <label className={controlStyles.button} htmlFor={fileId}>
          {t('file')}
        </label>
      </div>
      {refusal ? (
        <p
          className={styles.failed}
          role="alert"
          data-testid="text-reader-refused"
          data-refusal={refusal}
        >
          {t(`refusal.${refusal}`)}
        </p>
      ) : null}

      <ReadingStatus reading={reading} t={t} />
      {reading.kind === 'read' ? (
        <ReadingResult crop={reading.crop} result={reading.result} t={t} onUse={onUse} />
      ) : null}
    </section>
  );
}
