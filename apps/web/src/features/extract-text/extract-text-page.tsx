import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /extract-text: this area arrives with a later issue. */
export default function ExtractTextPage() {
  const { t } = useTranslation('extract-text');
  return <NotAvailablePage title={t('title')} />;
}
