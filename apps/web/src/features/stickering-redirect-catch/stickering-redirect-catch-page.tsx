import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /stickering-redirect-catch: this area arrives with a later issue. */
export default function StickeringRedirectCatchPage() {
  const { t } = useTranslation('stickering-redirect-catch');
  return <NotAvailablePage title={t('title')} />;
}
