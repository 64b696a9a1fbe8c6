import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import controlStyles from '../../ui/buttons/controls.module.css';
import { useScanSettings, useShellServices } from '../shell-services';
import styles from './scan-panel.module.css';

/** Shown instead of the viewfinder when its chunk did not load (offline, or a new release). */
function CameraNotLoaded(props: { onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.row} role="alert" data-testid="camera-not-loaded">
      <p className={styles.cameraFailed}>{t('scanPanel.cameraFailed')}</p>
      <button type="button" className={controlStyles.button} onClick={props.onClose}>
        {t('dialog.close')}
      </button>
    </div>
  );
}

// The camera and its decoders are loaded only when a worker opens the viewfinder. A chunk
// that fails must not take the layout of every page down with it.
const CameraViewfinder = lazy(() =>
  import('../camera-viewfinder/camera-viewfinder').catch(() => ({ default: CameraNotLoaded })),
);

// «Прочитать текст» and the reader it opens: a lazy chunk, so the first screen carries only this
// slot; a chunk that fails leaves the panel without the button.
const TextReaderPart = lazy(() =>
  import('../text-reader/text-reader-part').catch(() => ({ default: () => null })),
);

const CAMERA_ICON =
  'M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 15a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0-2a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';

/** How long the panel lights up after a scan (ux.md: acknowledged in under 100 ms). */
export const SCAN_FLASH_MS = 300;

/**
 * The scan panel of every page (spec part 1 §2): flashes on every scan, whatever its source,
 * and, when the scan settings allow keyboard input, offers a field for typed entry whose
 * submit is a scan like the scanner's; when the input device is the camera, a button that
 * opens the camera's viewfinder.
 */
export function ScanPanel() {
  const { t, i18n } = useTranslation('common');
  const { scanInput, scheduler } = useShellServices();
  const { isKeyboardAllowed, inputDevice, cameraDeviceName } = useScanSettings();
  const [text, setText] = useState('');
  const [isCameraOpen, setCameraOpen] = useState(false);
  const cameraButtonRef = useRef<HTMLButtonElement>(null);
  const wasCameraOpen = useRef(false);
  const closeCamera = useCallback(() => setCameraOpen(false), []);
  // The reader under the panel; 'closed' after it was open (its button takes the focus back).
  const [reader, setReader] = useState<'none' | 'open' | 'closed'>('none');
  const openReader = useCallback(() => {
    setCameraOpen(false);
    setReader('open');
  }, []);
  const closeReader = useCallback(() => setReader('closed'), []);
  const isCamera = inputDevice === 'camera';
  const [flash, setFlash] = useState(0);
  const inputId = useId();

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = scanInput.onReceive(() => {
      setFlash((count) => count + 1);
      if (timer !== undefined) scheduler.clearTimeout(timer);
      timer = scheduler.setTimeout(() => {
        timer = undefined;
        setFlash(0);
      }, SCAN_FLASH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) scheduler.clearTimeout(timer);
    };
  }, [scanInput, scheduler]);

  // Back to the camera button when the viewfinder closes, so keyboard focus is not lost.
  useEffect(() => {
    if (wasCameraOpen.current && !isCameraOpen) cameraButtonRef.current?.focus();
    wasCameraOpen.current = isCameraOpen;
  }, [isCameraOpen]);

  // By a row the panel already has (camera mode, typed entry): a scanner-only panel stays its
  // strip (docs/DECISIONS.md "Device pages", the scan panel's reader).
  const readerPart = (part: 'button' | 'reader') => (
    <Suspense fallback={null}>
      <TextReaderPart
        part={part}
        i18n={i18n}
        scanInput={scanInput}
        deviceName={cameraDeviceName}
        onOpen={openReader}
        onClose={closeReader}
        takesFocus={reader === 'closed'}
      />
    </Suspense>
  );
  const hasCameraRow = isCamera && !isCameraOpen;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    setText('');
    scanInput.push(value, 'keyboard');
  };

  return (
    <section
      data-testid="scan-panel"
      data-flash={flash > 0 ? 'true' : 'false'}
      aria-label={t('scanPanel.label')}
      className={styles.panel}
    >
      {hasCameraRow ? (
        <div className={styles.row}>
          <button
            type="button"
            ref={cameraButtonRef}
            data-testid="scan-panel-camera"
            className={controlStyles.button}
            onClick={() => {
              setReader('none');
              setCameraOpen(true);
            }}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={CAMERA_ICON} />
            </svg>
            {t('scanPanel.camera')}
          </button>
          {reader === 'open' ? null : readerPart('button')}
        </div>
      ) : null}
      {isCamera && isCameraOpen ? (
        <Suspense fallback={null}>
          <CameraViewfinder
            onClose={closeCamera}
            i18n={i18n}
            scanInput={scanInput}
            scheduler={scheduler}
            deviceName={cameraDeviceName}
          />
        </Suspense>
      ) : null}
      {reader === 'open' ? readerPart('reader') : null}
      {isKeyboardAllowed ? (
        <form className={styles.form} onSubmit={submit} data-testid="scan-panel-form">
          <label htmlFor={inputId} className={styles.label}>
            {t('scanPanel.inputLabel')}
          </label>
          <input
            id={inputId}
            data-testid="scan-panel-input"
            className={`${controlStyles.input} ${styles.input}`}
            value={text}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="send"
            placeholder={t('scanPanel.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" data-testid="scan-panel-submit" className={controlStyles.primary}>
            {t('scanPanel.submit')}
          </button>
          {hasCameraRow || reader === 'open' ? null : readerPart('button')}
        </form>
      ) : null}
    </section>
  );
}
