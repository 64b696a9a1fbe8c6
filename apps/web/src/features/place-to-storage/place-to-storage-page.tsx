import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /place-to-storage: this area arrives with a later issue. */
export default function PlaceToStoragePage() {
  const { t } = useTranslation('place-to-storage');
  return <NotAvailablePage title={t('title')} />;
}
