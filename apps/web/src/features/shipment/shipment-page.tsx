import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /shipment: this area arrives with a later issue. */
export default function ShipmentPage() {
  const { t } = useTranslation('shipment');
  return <NotAvailablePage title={t('title')} />;
}
