import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /capture-image: this area arrives with a later issue. */
export default function CaptureImagePage() {
  const { t } = useTranslation('capture-image');
  return <NotAvailablePage title={t('title')} />;
}
