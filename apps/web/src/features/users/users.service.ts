import type { TCreatedUser, TDeletedUser, TUsersPage } from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The Users calls of spec part 1 §7; `{code}` is the sorting centre id. */
export interface UsersCalls {
  list(query: { page: number; pageSize: number; search: string }): Promise<ApiResult<TUsersPage>>;
  create(input: { name: string; operationId: string }): Promise<ApiResult<TCreatedUser>>;
  remove(input: { userId: number; operationId: string }): Promise<ApiResult<TDeletedUser>>;
  /** Ours: a new badge for a user; the old one stops working (contracts `TCreatedUser`). */
  reissueBadge(input: { userId: number; operationId: string }): Promise<ApiResult<TCreatedUser>>;
}

/** The calls over the API client; the sorting centre id comes from the runtime settings. */
export function createUsersService(api: ApiClient, getCode: () => Promise<number>): UsersCalls {
  const base = async () => `/users-api/v1/${await getCode()}/Users`;
  return {
    list: async ({ page, pageSize, search }) =>
      api.get<TUsersPage>('users', await base(), {
        query: { page, pageSize, search: search.trim() || null },
      }),
    create: async ({ name, operationId }) =>
      api.post<TCreatedUser>(
        'users',
        await base(),
        { sortingCenterId: await getCode(), name },
        { operationId },
      ),
    remove: async ({ userId, operationId }) =>
      api.delete<TDeletedUser>('users', `${await base()}/${userId}`, { operationId }),
    reissueBadge: async ({ userId, operationId }) =>
      api.post<TCreatedUser>('users', `${await base()}/${userId}/badge`, undefined, {
        operationId,
      }),
  };
}
