import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /parcels-picking: this area arrives with a later issue. */
export default function ParcelsPickingPage() {
  const { t } = useTranslation('parcels-picking');
  return <NotAvailablePage title={t('title')} />;
}
