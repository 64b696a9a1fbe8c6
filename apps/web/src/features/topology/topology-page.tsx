import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /topology: this area arrives with a later issue. */
export default function TopologyPage() {
  const { t } = useTranslation('topology');
  return <NotAvailablePage title={t('title')} />;
}
