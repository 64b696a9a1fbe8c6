import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /audit: this area arrives with a later issue. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  return <NotAvailablePage title={t('title')} />;
}
