import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserNfcHost, createNfcAdapter, isNfcAvailable } from '../../devices/nfc/nfc-reader';
import { useLocale } from '../../shell';
import { Page } from '../../ui';
import { NfcReadSection } from './nfc-read-section';
import { NfcWriteSection } from './nfc-write-section';
import styles from './nfc.module.css';

/**
 * `/nfc` (part 2 §2, without sign-in): NFC tags as scans, read and written through Web NFC
 * (docs/DECISIONS.md "Device pages"). Where Web NFC is missing it says so and nothing else.
 */
export default function NfcPage() {
  const { t } = useTranslation('nfc');
  const { locale } = useLocale();
  const isAvailable = isNfcAvailable(browserNfcHost());
  const adapter = useMemo(() => createNfcAdapter(browserNfcHost()), []);
  const [isWriting, setWriting] = useState(false);
  return (
    <Page title={t('title')} testId="nfc">
      {isAvailable ? (
        <>
          <NfcReadSection adapter={adapter} isPaused={isWriting} />
          <NfcWriteSection adapter={adapter} lang={locale} onBusy={setWriting} />
        </>
      ) : (
        <p className={styles.unavailable} data-testid="nfc-unavailable">
          {t('unavailable')}
        </p>
      )}
    </Page>
  );
}
