import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /loading-v2: this area arrives with a later issue. */
export default function LoadingV2Page() {
  const { t } = useTranslation('loading-v2');
  return <NotAvailablePage title={t('title')} />;
}
