import {
  USERS_ROUTES,
  type CallArguments,
  type CallInput,
  type TCreatedUser,
  type TDeletedUser,
  type TUnlockedUser,
  type TUsersPage,
} from '@sorting/contracts';
import type { ApiClient, ApiResult, CentreCallInput } from '../../lib/api-client';

/** A page of the list: page, size and search, each given. */
type ListQuery = Required<CallArguments<typeof USERS_ROUTES.list>['query']>;

/** A new user's name; the service adds the centre's id to the body. */
type CreateInput = Pick<CallInput<typeof USERS_ROUTES.create>['body'], 'name'> &
  CentreCallInput<typeof USERS_ROUTES.create>;

/** The Users calls of spec part 1 §7 (`USERS_ROUTES`); `{code}` is the sorting centre id. */
export interface UsersCalls {
  list(query: ListQuery): Promise<ApiResult<TUsersPage>>;
  create(input: CreateInput): Promise<ApiResult<TCreatedUser>>;
  remove(input: CentreCallInput<typeof USERS_ROUTES.remove>): Promise<ApiResult<TDeletedUser>>;
  /** Ours: a new badge for a user; the old one stops working. */
  reissueBadge(
    input: CentreCallInput<typeof USERS_ROUTES.reissueBadge>,
  ): Promise<ApiResult<TCreatedUser>>;
  /** Ours: an administrator ends the sign-in delays of a user's login. */
  unlockSignIn(
    input: CentreCallInput<typeof USERS_ROUTES.unlock>,
  ): Promise<ApiResult<TUnlockedUser>>;
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
