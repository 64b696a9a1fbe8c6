import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controlStyles from '../layout/controls.module.css';
import { useScanSettings, useShellServices } from '../shell-services';
import styles from './scan-panel.module.css';

/** How long the panel lights up after a scan (ux.md: acknowledged in under 100 ms). */
export const SCAN_FLASH_MS = 300;

/**
 * The scan panel of every page (spec part 1 §2): flashes on every scan, whatever its source,
 * and, when the scan settings allow keyboard input, offers a field for typed entry whose
 * submit is a scan like the scanner's.
 */
export function ScanPanel() {
  const { t } = useTranslation('common');
  const { scanInput, scheduler } = useShellServices();
  const { isKeyboardAllowed } = useScanSettings();
  const [text, setText] = useState('');
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
        </form>
      ) : null}
    </section>
  );
}
