import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /users: this area arrives with a later issue. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  return <NotAvailablePage title={t('title')} />;
}
