import { useTranslation } from 'react-i18next';
// By their paths: the panels the header's printer and scale dialog shows too.
import { PrinterPanel } from '../../shell/devices/printer-panel';
import { ScalePanel } from '../../shell/devices/scale-panel';
import { useHeldDevices } from '../../shell/devices/use-held-devices';
import sectionStyles from '../../ui/page/page-section.module.css';
import styles from './settings.module.css';

/** The printer and the scale sections of /settings: the dialog's panels. */
export function PrinterScaleSections() {
  const { t } = useTranslation('settings');
  const runtime = useHeldDevices();
  if (runtime === null) return <p className={styles.muted}>{t('loading')}</p>;
  if (runtime === 'failed') return <p className={styles.muted}>{t('devicesFailed')}</p>;
  return (
    <>
      <section className={sectionStyles.section} data-testid="settings-printer">
        <h2 className={sectionStyles.sectionTitle}>{t('printer.title')}</h2>
        <PrinterPanel runtime={runtime} isHubSignInShown />
      </section>
      <section className={sectionStyles.section} data-testid="settings-scale">
        <h2 className={sectionStyles.sectionTitle}>{t('scale.title')}</h2>
        <ScalePanel runtime={runtime} />
      </section>
    </>
  );
}
