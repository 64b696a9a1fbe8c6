import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n';
import { useNotify, useShellServices } from '../shell-services';
import {
  logout,
  signInWithPassword,
  signInWithToken,
  switchUser,
  type SessionServiceDeps,
} from './session-service';

/** The session service bound to the shell's adapters. */
export function useSessionService() {
  const { session, cookies, localStorage, sessionApi } = useShellServices();
  return useMemo(() => {
    const deps: SessionServiceDeps = { session, cookies, storage: localStorage, api: sessionApi };
    return {
      signInWithToken: (token: string) => signInWithToken(deps, token),
      signInWithPassword: (login: string, password: string) =>
        signInWithPassword(deps, login, password),
      logout: () => logout(deps),
      switchUser: (badge: string) => switchUser(deps, badge),
      demoUsers: () => sessionApi.demoUsers(),
    };
  }, [session, cookies, localStorage, sessionApi]);
}

/** Logout with its answer (spec part 1 §4): sign-in page on success, f-004 otherwise. */
export function useLogout(): () => Promise<void> {
  const service = useSessionService();
  const notify = useNotify();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return async () => {
    if (await service.logout()) {
      void navigate(localize('/user-auth'));
    } else {
      notify(t('session.logoutFailed'));
    }
  };
}
