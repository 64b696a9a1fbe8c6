import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /nfc: this area arrives with a later issue. */
export default function NfcPage() {
  const { t } = useTranslation('nfc');
  return <NotAvailablePage title={t('title')} />;
}
