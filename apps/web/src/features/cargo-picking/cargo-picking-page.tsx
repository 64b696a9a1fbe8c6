import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /cargo-picking: this area arrives with a later issue. */
export default function CargoPickingPage() {
  const { t } = useTranslation('cargo-picking');
  return <NotAvailablePage title={t('title')} />;
}
