import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /deconsolidation: this area arrives with a later issue. */
export default function DeconsolidationPage() {
  const { t } = useTranslation('deconsolidation');
  return <NotAvailablePage title={t('title')} />;
}
