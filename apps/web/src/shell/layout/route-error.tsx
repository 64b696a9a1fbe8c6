import { useTranslation } from 'react-i18next';
import { NoData } from '../../ui/no-data/no-data';
import { Page } from '../../ui/page/page';
import controls from '../../ui/buttons/controls.module.css';

/** Shown when a route fails (for example a chunk that still fails after a reload). */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('error.title')} testId="route-error">
      <NoData text={t('error.text')}>
        <button type="button" className={controls.button} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </NoData>
    </Page>
  );
}
