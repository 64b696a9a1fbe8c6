import { z } from 'zod';
import { zText } from '../input-rules.js';

/** The roles of @sorting/domain (contracts do not depend on the domain package). */
const USER_ROLES = ['worker', 'supervisor', 'administrator'] as const;

/**
 * Spec part 1 §3 "User" and §7 `POST /auth-api/users/search` (empty body): the signed-in
 * user. Roles and SortingCenterId are ours, beside the spec's four fields.
 */
export const ZSessionUser = z.object({
  Id: z.number().int(),
  Number: z.number().int(),
  Name: z.string(),
  DefaultWarehouseNumber: z.number().int().nullable(),
  Roles: z.array(z.enum(USER_ROLES)),
  SortingCenterId: z.number().int().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** The operation object of `users/search` and of `sign-in`. */
export const ZUserSearchResponse = ZSessionUser;
export type TUserSearchResponse = TSessionUser;

/** `POST /auth-api/sign-in` (ours, office staff): login and password. */
export const ZSignInRequest = z.object({
  login: zText({ min: 1, max: 200 }),
  password: zText({ min: 1, max: 1000, trim: false }),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** Spec part 1 §3: the session-delete answer uses lowercase isSuccess. */
export const ZSessionDeleteResponse = z.object({ isSuccess: z.boolean() });
export type TSessionDeleteResponse = z.infer<typeof ZSessionDeleteResponse>;
