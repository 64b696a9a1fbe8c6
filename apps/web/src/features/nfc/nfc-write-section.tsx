import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nfcScanTexts } from '../../devices/nfc/nfc-records';
import { NfcError, type NfcAdapter, type NfcErrorKind } from '../../devices/nfc/nfc-reader';
import { nfcWriteRefusal, type NfcWriteRefusal } from '../../devices/nfc/nfc-write';
import { useScan } from '../../shell';
import { ActionButton, controlStyles } from '../../ui';
import sectionStyles from '../../ui/page/page-section.module.css';
import styles from './nfc.module.css';

type Writing =
  | { step: 'idle' }
  | { step: 'refused'; reason: NfcWriteRefusal }
  | { step: 'waiting' }
  | { step: 'confirm'; existing: string }
  | { step: 'writing' }
  | { step: 'verified' }
  | { step: 'mismatch'; read: string }
  | { step: 'failed'; kind: Exclude<NfcErrorKind, 'aborted'> };

/**
 * «Записать метку» (docs/DECISIONS.md "Device pages"): a cell, zone, box or workplace code, typed
 * or scanned, checked before `write()`; a tag that already holds a record is overwritten only
 * when confirmed; after writing the tag is read back and compared («Записано и проверено»).
 */
export function NfcWriteSection(props: {
  adapter: NfcAdapter;
  lang: string;
  onBusy: (isBusy: boolean) => void;
}) {
  const { t } = useTranslation('nfc');
  const ids = useId();
  const [text, setText] = useState('');
  const [writing, setWriting] = useState<Writing>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const { adapter, lang, onBusy } = props;

  // A scanned code (not a tag read here) fills the field.
  useScan((scan) => {
    if (scan.source !== 'nfc') setText(scan.text.trim());
  });

  const isBusy =
    writing.step === 'waiting' || writing.step === 'confirm' || writing.step === 'writing';
  useEffect(() => onBusy(isBusy), [isBusy, onBusy]);
  useEffect(() => () => controller.current?.abort(), []);

  const fail = (error: unknown) => {
    const kind = error instanceof NfcError ? error.kind : 'failed';
    setWriting(kind === 'aborted' ? { step: 'idle' } : { step: 'failed', kind });
  };

  const writeAndVerify = async (value: string, signal: AbortSignal) => {
    setWriting({ step: 'writing' });
    await adapter.write(value, lang, signal);
    const read = nfcScanTexts((await adapter.readOnce(signal)).records);
    setWriting(
      read[0] === value ? { step: 'verified' } : { step: 'mismatch', read: read[0] ?? '' },
    );
  };

  const begin = async () => {
    const value = text.trim();
    const reason = nfcWriteRefusal(value);
    if (reason) {
      setWriting({ step: 'refused', reason });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setWriting({ step: 'waiting' });
    try {
      const tag = await adapter.readOnce(current.signal);
      const hasRecord = tag.records.some((record) => record.kind !== 'empty');
      if (hasRecord) {
        const existing = nfcScanTexts(tag.records)[0] ?? t('record.notTextShort');
        setWriting({ step: 'confirm', existing });
        return;
      }
      await writeAndVerify(value, current.signal);
    } catch (error) {
      fail(error);
    }
  };

  const overwrite = () => {
    const current = controller.current;
    if (!current) return;
    writeAndVerify(text.trim(), current.signal).catch(fail);
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setWriting({ step: 'idle' });
  };

  return (
    <section className={sectionStyles.section} data-testid="nfc-write">
      <h2 className={sectionStyles.sectionTitle}>{t('writeTitle')}</h2>
      <label className={controlStyles.field} htmlFor={`${ids}-text`}>
        {t('writeText')}
        <input
          id={`${ids}-text`}
          className={controlStyles.input}
          data-testid="nfc-write-text"
          value={text}
          autoComplete="off"
          disabled={isBusy}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <div className={styles.row}>
        {isBusy ? (
          <ActionButton testId="nfc-write-cancel" label={t('writeCancel')} onClick={cancel} />
        ) : (
          <ActionButton
            testId="nfc-write-start"
            label={t('writeStart')}
            onClick={() => void begin()}
            isPrimary
          />
        )}
      </div>
      <WriteStatus writing={writing} onOverwrite={overwrite} />
    </section>
  );
}

function WriteStatus(props: { writing: Writing; onOverwrite: () => void }) {
  const { t } = useTranslation('nfc');
  const { writing } = props;
  switch (writing.step) {
    case 'idle':
      return null;
    case 'refused':
      return (
        <p className={styles.error} role="alert" data-testid="nfc-write-refused">
          {t(`refusal.${writing.reason}`)}
        </p>
      );
    case 'waiting':
    case 'writing':
      return (
        <p className={styles.hint} data-testid="nfc-write-waiting">
          {t(writing.step === 'waiting' ? 'writeBringTag' : 'writeWriting')}
        </p>
      );
    case 'confirm':
      return (
        <div className={styles.confirm} data-testid="nfc-write-confirm">
          <p>{t('writeOverwriteAsk', { text: writing.existing })}</p>
          <ActionButton
            testId="nfc-write-overwrite"
            label={t('writeOverwrite')}
            onClick={props.onOverwrite}
            isPrimary
          />
        </div>
      );
    case 'verified':
      return (
        <p className={styles.ok} role="status" data-testid="nfc-write-verified">
          {t('writeVerified')}
        </p>
      );
    case 'mismatch':
      return (
        <p className={styles.error} role="alert" data-testid="nfc-write-mismatch">
          {t('writeMismatch', { text: writing.read })}
        </p>
      );
    case 'failed':
      return (
        <p className={styles.error} role="alert" data-testid="nfc-write-error">
          {t(`error.${writing.kind}`)}
        </p>
      );
  }
}
