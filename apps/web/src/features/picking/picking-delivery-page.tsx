import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /picking/delivery: this area arrives with a later issue. */
export default function PickingDeliveryPage() {
  const { t } = useTranslation('picking');
  return <NotAvailablePage title={t('deliveryTitle')} />;
}
