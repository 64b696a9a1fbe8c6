import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nfcScanTexts } from '../../devices/nfc/nfc-records';
import type { NfcAdapter, NfcErrorKind, NfcTag } from '../../devices/nfc/nfc-reader';
import { NfcError } from '../../devices/nfc/nfc-reader';
import { useShellServices } from '../../shell';
import { ActionButton } from '../../ui';
import { NfcTagView } from './nfc-tag-view';
import sectionStyles from '../../ui/page/page-section.module.css';
import styles from './nfc.module.css';

/** The last tags shown. */
const TAGS_SHOWN = 10;

/**
 * «Начать чтение»: a user gesture starts the scan; each tag is shown and its texts go into the
 * scan input with source `nfc` (part 1 §4 recognition applies). Stopped when the page is hidden
 * or left, or while a write needs the reader (`isPaused`).
 */
export function NfcReadSection(props: { adapter: NfcAdapter; isPaused: boolean }) {
  const { t } = useTranslation('nfc');
  const { scanInput } = useShellServices();
  const [isReading, setReading] = useState(false);
  const [error, setError] = useState<NfcErrorKind | null>(null);
  const [tags, setTags] = useState<Array<NfcTag & { key: number }>>([]);
  const controller = useRef<AbortController | null>(null);
  const keys = useRef(0);

  const stop = () => {
    controller.current?.abort();
    controller.current = null;
    setReading(false);
  };

  const start = () => {
    stop();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setReading(true);
    props.adapter
      .scan((tag) => {
        setTags((list) => [{ ...tag, key: (keys.current += 1) }, ...list].slice(0, TAGS_SHOWN));
        for (const text of nfcScanTexts(tag.records)) scanInput.push(text, 'nfc');
      }, current.signal)
      .catch((caught: unknown) => {
        if (controller.current !== current) return;
        controller.current = null;
        setReading(false);
        setError(caught instanceof NfcError ? caught.kind : 'failed');
      });
  };

  useEffect(() => {
    if (props.isPaused) stop();
  }, [props.isPaused]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState !== 'visible') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      controller.current?.abort();
    };
  }, []);

  return (
    <section className={sectionStyles.section} data-testid="nfc-read">
      <h2 className={sectionStyles.sectionTitle}>{t('readTitle')}</h2>
      <div className={styles.row}>
        {isReading ? (
          <ActionButton testId="nfc-read-stop" label={t('readStop')} onClick={stop} />
        ) : (
          <ActionButton
            testId="nfc-read-start"
            label={t('readStart')}
            onClick={start}
            disabled={props.isPaused}
            isPrimary
          />
        )}
      </div>
      {isReading ? (
        <p className={styles.hint} data-testid="nfc-reading">
          {t('reading')}
        </p>
      ) : null}
      {error && error !== 'aborted' ? (
        <p className={styles.error} role="alert" data-testid="nfc-read-error">
          {t(`error.${error}`)}
        </p>
      ) : null}
      {tags.length > 0 ? (
        <ol className={styles.tags} data-testid="nfc-tags">
          {tags.map((tag) => (
            <NfcTagView key={tag.key} tag={tag} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
