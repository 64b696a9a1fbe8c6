import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /parcels-placing: this area arrives with a later issue. */
export default function ParcelsPlacingPage() {
  const { t } = useTranslation('parcels-placing');
  return <NotAvailablePage title={t('title')} />;
}
