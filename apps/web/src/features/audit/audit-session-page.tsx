import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /audit/:sessionId: this area arrives with a later issue. */
export default function AuditSessionPage() {
  const { t } = useTranslation('audit');
  return <NotAvailablePage title={t('sessionTitle')} />;
}
