import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog/dialog';
import { ActionButton } from '../../ui/buttons/action-button';
import { ScanSettingsPanel } from './scan-settings-panel';

/** The header's scan settings: the shared panel in a dialog (spec part 1 §3). */
export function ScanSettingsDialog(props: { onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t('scanSettings.title')}
      actions={
        <ActionButton
          testId="scan-settings-done"
          label={t('scanSettings.done')}
          onClick={props.onClose}
          isPrimary
        />
      }
    >
      <ScanSettingsPanel />
    </Dialog>
  );
}
