import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /sorting: this area arrives with a later issue. */
export default function SortingPage() {
  const { t } = useTranslation('sorting');
  return <NotAvailablePage title={t('title')} />;
}
