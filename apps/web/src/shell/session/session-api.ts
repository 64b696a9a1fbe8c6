import type { ApiClient } from '../../lib/api-client';
import type { SessionApi } from './session-service';

/** The sign-in and logout calls over the app's API client (spec part 1 §7). */
export function createSessionApi(api: ApiClient): SessionApi {
  return {
    searchUser: () => api.post('auth', '/auth-api/users/search'),
    signIn: (login, password) => api.post('auth', '/auth-api/sign-in', { login, password }),
    endSession: () => api.delete('users', '/users-api/v1/sessions'),
    demoUsers: () => api.get('auth', '/auth-api/demo-users'),
  };
}
