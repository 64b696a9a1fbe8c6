import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /picking/delivery/:pickingId: this area arrives with a later issue. */
export default function PickingDeliveryPickingPage() {
  const { t } = useTranslation('picking');
  return <NotAvailablePage title={t('deliveryTitle')} />;
}
