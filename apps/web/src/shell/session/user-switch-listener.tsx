import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { splitLocalePath } from '@sorting/domain';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { useLocale } from '../i18n';
import { useNotify, useScan, useShellServices } from '../shell-services';
import { internalSignInPath } from './auth-guard';
import { useSessionService } from './use-session';
import { handleUserSwitchScan, hasOwnBadgeScans } from './user-switch';

/** The shell's one listener for badge scans while signed in (user switch); renders nothing. */
export function UserSwitchListener() {
  const { session, sounds } = useShellServices();
  const service = useSessionService();
  const notify = useNotify();
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const { base } = useLocale();
  const queryClient = useQueryClient();
  useScan(async (scan) => {
    await handleUserSwitchScan(
      {
        isSignedIn: () => session.getUser() !== null,
        isSignInPage: () => hasOwnBadgeScans(splitLocalePath(location.pathname).path),
        // Read at scan time (no query observer: the first screen stays light).
        isAllowed: () =>
          queryClient.ensureQueryData(runtimeSettingsQuery).then(
            (settings) => settings.features.userBarcodeAuthorization,
            () => false,
          ),
        switchUser: service.switchUser,
        play: (name) => sounds.play(name),
        showError: (outcome) => {
          if (outcome.status === 'logoutFailed') {
            notify(t('session.logoutFailed'));
            return;
          }
          notify(
            outcome.status === 'refused' && outcome.message
              ? outcome.message
              : t('session.switchFailed'),
          );
          // Signed out without a new user: to sign-in, back here afterwards.
          void navigate(internalSignInPath(base, `${location.pathname}${location.search}`));
        },
      },
      scan,
    );
  });
  return null;
}
