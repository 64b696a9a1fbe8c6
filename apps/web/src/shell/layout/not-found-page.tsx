import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../i18n';
import { NoData } from '../../ui/no-data/no-data';
import { Page } from '../../ui/page/page';
import controls from '../../ui/buttons/controls.module.css';
import { PAGES } from '../../lib/page-paths';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('page.notFoundTitle')} testId="not-found">
      <NoData text={t('page.notFound')}>
        <LocaleLink to={PAGES.home} className={controls.button}>
          {t('page.toHome')}
        </LocaleLink>
      </NoData>
    </Page>
  );
}
