import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /packing: this area arrives with a later issue. */
export default function PackingPage() {
  const { t } = useTranslation('packing');
  return <NotAvailablePage title={t('title')} />;
}
