import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { splitLocalePath } from '@sorting/domain';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { useLocale } from '../i18n';
import { useNotify, useScanClaim, useShellServices } from '../shell-services';
import { internalSignInPath } from './auth-guard';
import { logoutFailedContent, useSessionService } from './use-session';
import { handleUserSwitchScan, hasOwnBadgeScans } from './user-switch';

/**
 * The shell's one listener for badge scans while signed in (user switch); renders nothing. It
 * claims the scans it takes, so the page under it never handles a badge that switched the user.
 */
export function UserSwitchListener() {
  const { session, sounds } = useShellServices();
  const service = useSessionService();
  const notify = useNotify();
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const { base } = useLocale();
  const queryClient = useQueryClient();
  useScanClaim((scan) =>
    handleUserSwitchScan(
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
            notify(logoutFailedContent(t('session.f-004')));
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
    ),
  );
  return null;
}
