import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './scan-panel.module.css';

/** The scan panel region of every page (spec part 1 §2); typed entry arrives with scanning. */
export function ScanPanel(props: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <section data-testid="scan-panel" aria-label={t('scanPanel.label')} className={styles.panel}>
      {props.children}
    </section>
  );
}
