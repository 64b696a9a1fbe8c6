import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n';
import { escapeHtml } from '../notifications/sanitize';
import { useNotify, useShellServices } from '../shell-services';
import {
  logout,
  signInWithPassword,
  signInWithToken,
  switchUser,
  type SessionServiceDeps,
} from './session-service';
import { PAGES } from '../../lib/page-paths';

/** The session service bound to the shell's adapters. */
export function useSessionService() {
  const { session, cookies, localStorage, sessionApi, toasts } = useShellServices();
  return useMemo(() => {
    const deps: SessionServiceDeps = {
      session,
      cookies,
      storage: localStorage,
      api: sessionApi,
      clearNotifications: toasts.clear,
    };
    return {
      signInWithToken: (token: string) => signInWithToken(deps, token),
      signInWithPassword: (login: string, password: string) =>
        signInWithPassword(deps, login, password),
      logout: () => logout(deps),
      switchUser: (badge: string) => switchUser(deps, badge),
      demoUsers: () => sessionApi.demoUsers(),
    };
  }, [session, cookies, localStorage, sessionApi, toasts]);
}

/**
 * Spec part 1 §8: a failed or unsuccessful logout is f-004. No prompt shows its code, so the
 * toast carries it in small print for support.
 */
export function logoutFailedContent(text: string): string {
  return `${escapeHtml(text)} <small>f-004</small>`;
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
      void navigate(localize(PAGES.signIn));
    } else {
      notify(logoutFailedContent(t('session.f-004')));
    }
  };
}
