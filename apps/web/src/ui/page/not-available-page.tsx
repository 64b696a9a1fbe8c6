import { useTranslation } from 'react-i18next';
import { NoData } from '../no-data/no-data';
import { Page } from './page';

/** A route area that a later issue builds: its title and the no-data block. */
export function NotAvailablePage(props: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <Page title={props.title} testId="not-available">
      <NoData text={t('page.notAvailable')} />
    </Page>
  );
}
