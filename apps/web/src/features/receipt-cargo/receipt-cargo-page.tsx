import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /receipt-cargo: this area arrives with a later issue. */
export default function ReceiptCargoPage() {
  const { t } = useTranslation('receipt-cargo');
  return <NotAvailablePage title={t('title')} />;
}
