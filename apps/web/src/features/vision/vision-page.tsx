import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /vision: this area arrives with a later issue. */
export default function VisionPage() {
  const { t } = useTranslation('vision');
  return <NotAvailablePage title={t('title')} />;
}
