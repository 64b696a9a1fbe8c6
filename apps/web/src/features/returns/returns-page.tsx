import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /returns: this area arrives with a later issue. */
export default function ReturnsPage() {
  const { t } = useTranslation('returns');
  return <NotAvailablePage title={t('title')} />;
}
