import { useEffect, useId, useRef, useState } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { cameraErrorKind, type CameraErrorKind } from '../../devices/camera/camera-error';
import { startCameraScan, type CameraMedia } from '../../devices/camera/camera-scan';
import { createDecoder } from '../../devices/camera/create-decoder';
import type { DecoderKind, FrameDecoder } from '../../devices/camera/decoder';
import type { ScanInput } from '../../devices/scanner/scan-input';
import type { Scheduler } from '../../lib/scheduler';
import styles from './camera-viewfinder.module.css';
import { CloseIcon } from '../../ui/icons/close-icon';

type Status =
  | { kind: 'starting' }
  | { kind: 'scanning'; decoder: DecoderKind }
  | { kind: 'error'; error: CameraErrorKind };

// Everything comes in props, react-i18next included: importing the shell's modules from this
// lazy chunk makes the bundler split them out of the first screen's chunks, which costs the
// first screen ~1 kB gzip.
export interface CameraViewfinderProps {
  onClose: () => void;
  /** The page's i18next instance; the viewfinder's texts are its lazy namespace. */
  i18n: I18n;
  scanInput: ScanInput;
  scheduler: Scheduler;
  /** The camera of the scan settings; null for the back camera. */
  deviceName: string | null;
  /** The camera calls (tests give fakes); default `navigator.mediaDevices`. */
  media?: CameraMedia;
  /** The decoder (tests give fakes); default the browser's or zxing-wasm. */
  loadDecoder?: () => Promise<FrameDecoder>;
}

const NAMESPACE = 'camera-viewfinder';
type Texts = TFunction<typeof NAMESPACE>;

/** Loads the viewfinder's catalogue (its own chunk), then shows it. */
export default function CameraViewfinder(props: CameraViewfinderProps) {
  const { i18n } = props;
  const [t, setT] = useState<Texts | null>(() =>
    i18n.hasResourceBundle(i18n.language, NAMESPACE) ? i18n.getFixedT(null, NAMESPACE) : null,
  );
  useEffect(() => {
    if (t) return;
    let isCurrent = true;
    // A catalogue that fails to load still shows the viewfinder (with its keys) and the camera.
    const show = () => {
      if (isCurrent) setT(() => i18n.getFixedT(null, NAMESPACE));
    };
    i18n.loadNamespaces(NAMESPACE).then(show, show);
    return () => {
      isCurrent = false;
    };
  }, [i18n, t]);
  return t ? <Viewfinder {...props} t={t} /> : null;
}

/**
 * The camera's preview under the scan panel: every barcode it reads is a scan with source
 * 'camera'. Not modal, so the screen's prompt and its answer to the scan stay in sight. The
 * camera is released when the viewfinder closes and when the page is hidden (it closes).
 */
function Viewfinder(props: CameraViewfinderProps & { t: Texts }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();
  const { onClose, media, loadDecoder, scanInput, scheduler, deviceName, t } = props;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let isCurrent = true;
    const scan = startCameraScan(video, deviceName, {
      media: media ?? (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices),
      scheduler,
      loadDecoder: loadDecoder ?? createDecoder,
      onScan: (text) => {
        scanInput.push(text, 'camera');
      },
      onDecodeError: (error) => console.warn('camera frame not decoded', error),
    });
    scan.started.then(
      (decoder) => {
        if (isCurrent) setStatus({ kind: 'scanning', decoder });
      },
      (error: unknown) => {
        if (isCurrent) setStatus({ kind: 'error', error: cameraErrorKind(error) });
      },
    );
    return () => {
      isCurrent = false;
      scan.stop();
    };
  }, [attempt, deviceName, media, loadDecoder, scanInput, scheduler]);

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onClose();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onClose);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onClose);
    };
  }, [onClose]);

  const retry = () => {
    setStatus({ kind: 'starting' });
    setAttempt((count) => count + 1);
  };

  return (
    <section
      className={styles.viewfinder}
      data-testid="camera-viewfinder"
      data-status={status.kind}
      data-decoder={status.kind === 'scanning' ? status.decoder : undefined}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t('title')}
        </h2>
        <button
          ref={closeRef}
          type="button"
          data-testid="camera-close"
          className={styles.close}
          aria-label={t('close')}
          title={t('close')}
          onClick={onClose}
        >
          <CloseIcon size={28} />
        </button>
      </div>
      <div className={styles.frame} hidden={status.kind === 'error'}>
        <video
          ref={videoRef}
          className={styles.video}
          data-testid="camera-video"
          muted
          playsInline
          autoPlay
          aria-hidden="true"
        />
        <div className={styles.aim} aria-hidden="true" />
      </div>
      {status.kind === 'error' ? (
        <div
          className={styles.error}
          role="alert"
          data-testid="camera-error"
          data-error={status.error}
        >
          <p className={styles.message}>{t(`errors.${status.error}`)}</p>
          <button type="button" className={styles.retry} onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <p className={styles.hint} role="status" data-testid="camera-status">
          {status.kind === 'starting' ? t('starting') : t('aim')}
        </p>
      )}
    </section>
  );
}
