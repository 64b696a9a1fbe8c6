import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /picking: this area arrives with a later issue. */
export default function PickingPage() {
  const { t } = useTranslation('picking');
  return <NotAvailablePage title={t('title')} />;
}
