import { AUTH_ROUTES, SESSIONS_ROUTES } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { SessionApi } from './session-service';

/** The sign-in and logout calls over the typed client (`AUTH_ROUTES`, `SESSIONS_ROUTES`). */
export function createSessionApi(api: ApiClient): SessionApi {
  return {
    searchUser: () => api.call(AUTH_ROUTES.searchUser, {}),
    signIn: (login, password) => api.call(AUTH_ROUTES.signIn, { body: { login, password } }),
    endSession: () => api.call(SESSIONS_ROUTES.endSession, {}),
    demoUsers: () => api.call(AUTH_ROUTES.demoUsers, {}),
  };
}
