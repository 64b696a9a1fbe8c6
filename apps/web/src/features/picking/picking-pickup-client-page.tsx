import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /picking/pickup/:clientCode: this area arrives with a later issue. */
export default function PickingPickupClientPage() {
  const { t } = useTranslation('picking');
  return <NotAvailablePage title={t('pickupTitle')} />;
}
