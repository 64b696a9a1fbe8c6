import { z } from 'zod';

import { USERS_MAX_PAGE_SIZE, USERS_PAGE_SIZE } from './users-types.js';

export * from './users-types.js';

/** '' and null count as absent: the web sends empty fields as it has them. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * `{code}` of `/users-api/v1/{code}/…` and `/timetracking-api/v1/{code}/…`: the sorting centre
 * id (warehouses.sorting_center_id, users.sorting_center_id; 34717 by default, runtime
 * settings `sortingCenterId`).
 */
export const ZSortingCenterParams = z.object({
  code: z.coerce.number().int().positive().max(2_147_483_647),
});
export type TSortingCenterParams = z.infer<typeof ZSortingCenterParams>;

/** `GET /users-api/v1/{code}/Users` query: paging (part 2 §9) and a search by name or number. */
export const ZUsersListQuery = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(USERS_MAX_PAGE_SIZE).default(USERS_PAGE_SIZE),
  ),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});
export type TUsersListQuery = z.infer<typeof ZUsersListQuery>;

/** Spec part 1 §7 `POST /users-api/v1/{code}/Users`: sortingCenterId and name. */
export const ZUserCreateRequest = z.object({
  sortingCenterId: z.coerce.number().int().positive().max(2_147_483_647),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .transform((name) => name.replace(/\s+/g, ' ')),
});
export type TUserCreateRequest = z.infer<typeof ZUserCreateRequest>;

/**
 * `DELETE /users-api/v1/{code}/Users/{userId}` and `POST …/Users/{userId}/badge` path
 * parameters.
 */
export const ZUserParams = ZSortingCenterParams.extend({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type TUserParams = z.infer<typeof ZUserParams>;
