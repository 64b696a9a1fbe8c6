import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /returnable-boxes: this area arrives with a later issue. */
export default function ReturnableBoxesPage() {
  const { t } = useTranslation('returnable-boxes');
  return <NotAvailablePage title={t('title')} />;
}
