import { defineRoute } from '../routing/route.js';
import type { AUTH_SCHEMAS, SESSIONS_SCHEMAS } from './auth.schemas.js';

type Schemas = typeof AUTH_SCHEMAS;

const PUBLIC = { kind: 'public' } as const;

/**
 * Spec part 1 §4, §7 "Authentication and context": the user search (badge cookie or session),
 * our password sign-in for office staff, and the demo users of the sign-in page. Public: they
 * are how one signs in. PascalCase envelope. The writes check the same-site marker in the
 * handler (docs/DECISIONS.md "Sessions and sign-in").
 */
export const AUTH_ROUTES = {
  searchUser: defineRoute<Schemas['searchUser']>()({
    service: 'auth',
    method: 'POST',
    path: '/auth-api/users/search',
    answer: 'pascal',
    access: PUBLIC,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['signInRefused', 'tooManyRequests'],
  }),
  signIn: defineRoute<Schemas['signIn']>()({
    service: 'auth',
    method: 'POST',
    path: '/auth-api/sign-in',
    answer: 'pascal',
    access: PUBLIC,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['signInRefused', 'tooManyRequests'],
  }),
  demoUsers: defineRoute<Schemas['demoUsers']>()({
    service: 'auth',
    method: 'GET',
    path: '/auth-api/demo-users',
    answer: 'pascal',
    access: PUBLIC,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['routeNotFound'],
  }),
} as const;

/**
 * Spec part 1 §3, §7: the logout lives in the users service (`/users-api`) and answers a bare
 * lowercase `{ isSuccess }`, no envelope. Its own map so its base path stays the users
 * service's; `ROUTE_MAPS.users` holds it beside `USERS_ROUTES`.
 */
export const SESSIONS_ROUTES = {
  endSession: defineRoute<(typeof SESSIONS_SCHEMAS)['endSession']>()({
    service: 'users',
    method: 'DELETE',
    path: '/users-api/v1/sessions',
    answer: 'raw',
    access: PUBLIC,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
} as const;
