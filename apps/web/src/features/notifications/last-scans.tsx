import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellServices, type Scan } from '../../shell';
import sectionStyles from '../../ui/page/page-section.module.css';
import styles from './notifications.module.css';

/** How many scans the list keeps. */
export const LAST_SCANS_LIMIT = 10;

/**
 * What the scan input received, newest first, raw text as the device gave it: a worker checks
 * the scanner (or typed entry) here, and e2e tests observe scans. It lists every scan, also a
 * badge the shell's user switch took (consumed there, never acted on by a page).
 */
export function LastScans() {
  const { t } = useTranslation('notifications');
  const id = useId();
  const [scans, setScans] = useState<Scan[]>([]);
  const { scanInput } = useShellServices();
  // On arrival, whoever handles or claims the scan: this list shows, it never acts.
  useEffect(
    () =>
      scanInput.onReceive((scan) => setScans((list) => [scan, ...list].slice(0, LAST_SCANS_LIMIT))),
    [scanInput],
  );
  return (
    <section className={sectionStyles.section} aria-labelledby={id}>
      <h2 id={id} className={sectionStyles.sectionTitle}>
        {t('scansSection')}
      </h2>
      {scans.length === 0 ? (
        <p className={styles.hint} data-testid="last-scans-empty">
          {t('scansEmpty')}
        </p>
      ) : (
        <ol className={styles.scans} data-testid="last-scans">
          {scans.map((scan) => (
            <li
              key={scan.id}
              className={styles.scan}
              data-testid="last-scan"
              data-source={scan.source}
            >
              <code className={styles.scanText} data-testid="last-scan-text">
                {scan.text}
              </code>
              <span className={styles.scanSource}>{t(`scanSources.${scan.source}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
