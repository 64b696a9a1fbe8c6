import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /loading: this area arrives with a later issue. */
export default function LoadingPage() {
  const { t } = useTranslation('loading');
  return <NotAvailablePage title={t('title')} />;
}
