import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetDeviceSettings } from '../../devices/device-reset';
import { useNotify, useShellServices } from '../../shell';
import { ActionButton, Dialog } from '../../ui';

/**
 * «Сбросить настройки устройства», asked first (docs/DECISIONS.md "Device pages", reset). The
 * page reloads after, so every panel and the shell read the cleared cookies.
 */
export function ResetSection(props: { onReset?: () => void }) {
  const { t } = useTranslation('settings');
  const { cookies, localStorage } = useShellServices();
  const notify = useNotify();
  const [isAsking, setAsking] = useState(false);
  const reset = () => {
    resetDeviceSettings(cookies, localStorage, window.location.hostname);
    setAsking(false);
    notify({ status: 'ok', content: t('reset.done') });
    props.onReset?.();
  };
  return (
    <>
      <div>
        <ActionButton
          testId="settings-reset"
          label={t('reset.button')}
          onClick={() => setAsking(true)}
        />
      </div>
      <Dialog
        isOpen={isAsking}
        onClose={() => setAsking(false)}
        title={t('reset.confirmTitle')}
        actions={
          <>
            <ActionButton
              testId="settings-reset-cancel"
              label={t('reset.cancel')}
              onClick={() => setAsking(false)}
            />
            <ActionButton
              testId="settings-reset-confirm"
              label={t('reset.confirm')}
              onClick={reset}
              isPrimary
            />
          </>
        }
      >
        <p>{t('reset.confirmText')}</p>
      </Dialog>
    </>
  );
}
