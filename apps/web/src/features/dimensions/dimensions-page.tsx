import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /dimensions: this area arrives with a later issue. */
export default function DimensionsPage() {
  const { t } = useTranslation('dimensions');
  return <NotAvailablePage title={t('title')} />;
}
