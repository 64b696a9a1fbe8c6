import { useTranslation } from 'react-i18next';
import { BROWSER_MINIMUMS } from '@sorting/domain';
import { Page } from '../../ui';
import styles from './outdated-browser.module.css';

/** `/outdated-browser`: where the server's browser guard sends too old browsers (spec part 1 §2). */
export default function OutdatedBrowserPage() {
  const { t } = useTranslation('outdated-browser');
  return (
    <Page title={t('title')} testId="outdated-browser">
      <p className={styles.text}>{t('text')}</p>
      <p className={styles.text}>{t('minimum')}</p>
      <ul className={styles.list}>
        <li>{t('chrome', { version: BROWSER_MINIMUMS.chrome })}</li>
        <li>{t('safari', { version: BROWSER_MINIMUMS.safari })}</li>
        <li>{t('yandex', { version: BROWSER_MINIMUMS.yandex })}</li>
      </ul>
    </Page>
  );
}
