import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../shell';

/** /print-box-sticker: this area arrives with a later issue. */
export default function PrintBoxStickerPage() {
  const { t } = useTranslation('print-box-sticker');
  return <NotAvailablePage title={t('title')} />;
}
