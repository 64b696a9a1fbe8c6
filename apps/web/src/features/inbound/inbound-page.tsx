import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /inbound: this area arrives with a later issue. */
export default function InboundPage() {
  const { t } = useTranslation('inbound');
  return <NotAvailablePage title={t('title')} />;
}
