import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ScanInput } from '../../devices/scanner/scan-input';
import controlStyles from '../../ui/buttons/controls.module.css';
import styles from './text-reader.module.css';

// The scan panel's part of the reader, a lazy chunk of its own: the first screen carries only
// the panel's slot for it (docs/DECISIONS.md "Device pages", the scan panel's reader). Texts
// come from this part's namespace, loaded before it shows.
export interface TextReaderPartProps {
  part: 'button' | 'reader';
  i18n: I18n;
  scanInput: ScanInput;
  deviceName: string | null;
  onOpen: () => void;
  onClose: () => void;
  /** The button takes the focus as it shows (the reader just closed). */
  takesFocus: boolean;
}

/** Shown instead of the reader when its chunk did not load (offline, or a new release). */
function ReaderNotLoaded(props: { onClose?: () => void; i18n: I18n }) {
  const t = props.i18n.getFixedT(null, 'text-reader');
  return (
    <div className={styles.notLoaded} role="alert" data-testid="text-reader-not-loaded">
      <p>{t('notLoaded')}</p>
      <button type="button" className={controlStyles.button} onClick={props.onClose}>
        {t('close')}
      </button>
    </div>
  );
}

const TextReader = lazy(() => import('./text-reader').catch(() => ({ default: ReaderNotLoaded })));

/** «Прочитать текст» in the scan panel, or the reader it opens under the panel. */
export default function TextReaderPart(props: TextReaderPartProps) {
  const { part, i18n, scanInput, deviceName, onOpen, onClose, takesFocus } = props;
  const button = useRef<HTMLButtonElement>(null);
  const [isLoaded, setLoaded] = useState(() =>
    i18n.hasResourceBundle(i18n.language, 'text-reader'),
  );
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    const show = () => isCurrent && setLoaded(true);
    i18n.loadNamespaces('text-reader').then(show, show);
    return () => {
      isCurrent = false;
    };
  }, [i18n, isLoaded]);
  useEffect(() => {
    if (isLoaded && takesFocus) button.current?.focus();
  }, [isLoaded, takesFocus]);

  if (!isLoaded) return null;
  if (part === 'button')
    return (
      <button
        type="button"
        ref={button}
        data-testid="scan-panel-read-text"
        className={controlStyles.button}
        onClick={onOpen}
      >
        {i18n.getFixedT(null, 'text-reader')('open')}
      </button>
    );
  return (
    <Suspense fallback={null}>
      <TextReader
        i18n={i18n}
        deviceName={deviceName}
        onClose={onClose}
        onUse={(text) => {
          // A candidate chosen is a scan of the screen below (source 'ocr').
          onClose();
          scanInput.push(text, 'ocr');
        }}
      />
    </Suspense>
  );
}
