import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /consolidation: this area arrives with a later issue. */
export default function ConsolidationPage() {
  const { t } = useTranslation('consolidation');
  return <NotAvailablePage title={t('title')} />;
}
