import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /placing: this area arrives with a later issue. */
export default function PlacingPage() {
  const { t } = useTranslation('placing');
  return <NotAvailablePage title={t('title')} />;
}
