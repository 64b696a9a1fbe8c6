import { useTranslation } from 'react-i18next';
import type { NfcRecordView } from '../../devices/nfc/nfc-records';
import type { NfcTag } from '../../devices/nfc/nfc-reader';
import styles from './nfc.module.css';

function RecordLine(props: { record: NfcRecordView }) {
  const { t } = useTranslation('nfc');
  const { record } = props;
  switch (record.kind) {
    case 'text':
      return (
        <>
          <code className={styles.text}>{record.text}</code>{' '}
          {t('record.text', { lang: record.lang ?? '—', encoding: record.encoding.toUpperCase() })}
        </>
      );
    case 'url':
      return (
        <>
          <code className={styles.text}>{record.text}</code> {t('record.url')}
        </>
      );
    case 'mimeText':
      return (
        <>
          <code className={styles.text}>{record.text}</code> {t('record.mimeText')}
        </>
      );
    case 'empty':
      return <>{t('record.empty')}</>;
    case 'notText':
      return <>{t('record.notText', { type: record.recordType })}</>;
  }
}

/** One tag as read: its serial number and each record; a tag with nothing usable says so. */
export function NfcTagView(props: { tag: NfcTag }) {
  const { t } = useTranslation('nfc');
  const { tag } = props;
  const isUsable = tag.records.some(
    (record) => record.kind === 'text' || record.kind === 'url' || record.kind === 'mimeText',
  );
  return (
    <li className={styles.tag} data-testid="nfc-tag" data-serial={tag.serialNumber}>
      {isUsable ? (
        <>
          <span className={styles.serial}>{t('serial', { serial: tag.serialNumber })}</span>
          <ul className={styles.records}>
            {tag.records.map((record, index) => (
              <li key={index} data-testid="nfc-record" data-kind={record.kind}>
                <RecordLine record={record} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <span data-testid="nfc-tag-no-text">{t('noTextRecord', { serial: tag.serialNumber })}</span>
      )}
    </li>
  );
}
