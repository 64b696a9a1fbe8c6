import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /settings: this area arrives with a later issue. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  return <NotAvailablePage title={t('title')} />;
}
