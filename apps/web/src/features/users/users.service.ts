import {
  USERS_ROUTES,
  type TCreatedUser,
  type TDeletedUser,
  type TUnlockedUser,
  type TUsersPage,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The Users calls of spec part 1 §7 (`USERS_ROUTES`); `{code}` is the sorting centre id. */
export interface UsersCalls {
  list(query: { page: number; pageSize: number; search: string }): Promise<ApiResult<TUsersPage>>;
  create(input: { name: string; operationId: string }): Promise<ApiResult<TCreatedUser>>;
  remove(input: { userId: number; operationId: string }): Promise<ApiResult<TDeletedUser>>;
  /** Ours: a new badge for a user; the old one stops working. */
  reissueBadge(input: { userId: number; operationId: string }): Promise<ApiResult<TCreatedUser>>;
  /** Ours: an administrator ends the sign-in delays of a user's login. */
  unlockSignIn(input: { userId: number; operationId: string }): Promise<ApiResult<TUnlockedUser>>;
}

/** The calls over the typed client; the sorting centre id comes from the runtime settings. */
export function createUsersService(api: ApiClient, getCode: () => Promise<number>): UsersCalls {
  return {
    list: async ({ page, pageSize, search }) =>
      api.call(USERS_ROUTES.list, {
        params: { code: await getCode() },
        query: { page, pageSize, search: search.trim() || undefined },
      }),
    create: async ({ name, operationId }) => {
      const code = await getCode();
      return api.call(USERS_ROUTES.create, {
        params: { code },
        body: { sortingCenterId: code, name },
        operationId,
      });
    },
    remove: async ({ userId, operationId }) =>
      api.call(USERS_ROUTES.remove, { params: { code: await getCode(), userId }, operationId }),
    reissueBadge: async ({ userId, operationId }) =>
      api.call(USERS_ROUTES.reissueBadge, {
        params: { code: await getCode(), userId },
        operationId,
      }),
    unlockSignIn: async ({ userId, operationId }) =>
      api.call(USERS_ROUTES.unlock, { params: { code: await getCode(), userId }, operationId }),
  };
}
