import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useScanSettings, useShellServices } from '../../shell';
import { appReturnPath } from '../../shell/captured-images';
import TextReader from '../../shell/text-reader/text-reader';
import { Page } from '../../ui';
import styles from './extract-text.module.css';

/**
 * `/extract-text` (part 2 §2, without sign-in; docs/DECISIONS.md "Device pages"): a label's
 * text read in the browser, its scan candidates offered as scans. With `?returnTo=<own path>`
 * the chosen candidate is a scan of that page; a `returnTo` that is not a path of this app
 * is ignored.
 */
export default function ExtractTextPage() {
  const { t, i18n } = useTranslation('extract-text');
  const { scanInput } = useShellServices();
  const { cameraDeviceName } = useScanSettings();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [sent, setSent] = useState<string | null>(null);
  const returnTo = useMemo(
    () => appReturnPath(new URLSearchParams(search).get('returnTo'), window.location.origin),
    [search],
  );

  const use = (text: string) => {
    // Held by the scan input until the page of returnTo listens (its first screen).
    if (returnTo) void navigate(returnTo);
    else setSent(text);
    scanInput.push(text, 'ocr');
  };

  return (
    <Page title={t('title')} testId="extract-text">
      <p className={styles.intro}>{t('intro')}</p>
      <TextReader i18n={i18n} deviceName={cameraDeviceName} onUse={use} />
      {sent ? (
        <p role="status" className={styles.sent} data-testid="extract-text-sent">
          {t('sent', { text: sent })}
        </p>
      ) : null}
    </Page>
  );
}
