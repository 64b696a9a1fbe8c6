import { z } from 'zod';
import { zText } from '../input-rules.js';

// The schemas of the authentication calls (spec part 1 §4, §7 "Authentication and context");
// the route maps are `auth.routes.ts`.

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

/**
 * One demo user of the sign-in page's one-tap list (`GET /auth-api/demo-users`, ours, only
 * while the demo seed is on): name, first role and the badge to scan.
 */
export const ZDemoUser = z.object({ name: z.string(), role: z.string(), badge: z.string() });
export type TDemoUser = z.infer<typeof ZDemoUser>;

/** Each call's schemas, bound to its route of `AUTH_ROUTES` by name. */
export const AUTH_SCHEMAS = {
  searchUser: {
    summary: 'The signed-in user: signs in by the one-time lkdToken cookie, else reads the session',
    response: ZUserSearchResponse,
  },
  signIn: {
    summary: 'Signs in by login and password (ours, office staff)',
    body: ZSignInRequest,
    response: ZSessionUser,
  },
  demoUsers: {
    summary: 'The demo users of the sign-in page (ours; 404 unless the demo seed is on)',
    response: z.array(ZDemoUser),
  },
};

/** The schemas of `SESSIONS_ROUTES` (a call of the users service). */
export const SESSIONS_SCHEMAS = {
  endSession: {
    summary: 'Ends the session of the cookie and expires the session and token cookies',
    response: ZSessionDeleteResponse,
  },
};
