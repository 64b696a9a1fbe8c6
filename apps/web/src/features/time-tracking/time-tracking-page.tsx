import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /time-tracking: this area arrives with a later issue. */
export default function TimeTrackingPage() {
  const { t } = useTranslation('time-tracking');
  return <NotAvailablePage title={t('title')} />;
}
