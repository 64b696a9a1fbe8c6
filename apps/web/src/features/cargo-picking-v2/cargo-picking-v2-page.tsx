import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /cargo-picking-v2: this area arrives with a later issue. */
export default function CargoPickingV2Page() {
  const { t } = useTranslation('cargo-picking-v2');
  return <NotAvailablePage title={t('title')} />;
}
