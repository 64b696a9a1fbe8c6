import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSortingCenterUser } from '@sorting/contracts';
import { newOperationId } from '../../lib/operation-id';
import { useShellServices } from '../../shell';
import { RowButton } from '../../ui/lists/list-table';
import type { UsersCalls } from './users.service';

/**
 * "Unlock sign-in" on a user's row, for administrators (docs/DECISIONS.md
 * "Sessions and sign-in"): ends the growing delays of the user's login at once. Harmless and
 * idempotent, so no confirmation; the toast says whether there was anything to end.
 */
export function UnlockSignInButton(props: {
  user: TSortingCenterUser;
  unlock: UsersCalls['unlockSignIn'];
}) {
  const { t } = useTranslation('users');
  const { toasts } = useShellServices();
  const [isBusy, setIsBusy] = useState(false);
  const { user } = props;

  const onClick = async () => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const result = await props
        .unlock({ userId: user.userId, operationId: newOperationId() })
        .catch(() => null);
      const unlocked = result?.isSuccess ? result.operationObject : null;
      if (unlocked) {
        toasts.notify({
          status: unlocked.clearedFailures > 0 ? 'ok' : 'info',
          content: t(unlocked.clearedFailures > 0 ? 'unlocked' : 'unlockNothing', {
            name: user.name,
          }),
        });
        return;
      }
      // Spec part 1 §6: 401/403 is f-007; otherwise the server's reason when it gave one.
      const isDenied = result?.status === 401 || result?.status === 403;
      const reason = result?.message;
      toasts.notify({
        status: 'error',
        content: isDenied
          ? t('f-007')
          : reason
            ? t('withReason', { text: t('unlockFailed'), reason })
            : t('unlockFailed'),
      });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <RowButton
      testId="user-unlock"
      label={t('unlock')}
      ariaLabel={t('unlockUser', { name: user.name })}
      disabled={isBusy}
      onClick={() => void onClick()}
    />
  );
}
