import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /picking/pickup: this area arrives with a later issue. */
export default function PickingPickupPage() {
  const { t } = useTranslation('picking');
  return <NotAvailablePage title={t('pickupTitle')} />;
}
