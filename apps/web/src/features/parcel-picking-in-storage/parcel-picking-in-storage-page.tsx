import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /parcel-picking-in-storage: this area arrives with a later issue. */
export default function ParcelPickingInStoragePage() {
  const { t } = useTranslation('parcel-picking-in-storage');
  return <NotAvailablePage title={t('title')} />;
}
