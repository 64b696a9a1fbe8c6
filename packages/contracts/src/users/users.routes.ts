import { defineRoute } from '../routing/route.js';
import type { USERS_SCHEMAS } from './users.schemas.js';

type Schemas = typeof USERS_SCHEMAS;

/** Spec part 1 §6: a sorting centre's users are managed by its supervisors and administrators. */
const MANAGERS = {
  kind: 'session',
  roles: ['supervisor', 'administrator'],
  sortingCenter: true,
} as const;

/**
 * Spec part 1 §7 "Users": `/users-api/v1/{code}/Users`, {code} being the sorting centre id.
 * camelCase envelope (the session delete of part 1 §3 answers lowercase isSuccess). Nobody acts on a user whose
 * role is above their own (docs/DECISIONS.md "Users and time tracking").
 */
export const USERS_ROUTES = {
  list: defineRoute<Schemas['list']>()({
    service: 'users',
    method: 'GET',
    path: '/users-api/v1/{code}/Users',
    answer: 'camel',
    access: MANAGERS,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  create: defineRoute<Schemas['create']>()({
    service: 'users',
    method: 'POST',
    path: '/users-api/v1/{code}/Users',
    answer: 'camel',
    access: MANAGERS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['refused'],
  }),
  reissueBadge: defineRoute<Schemas['reissueBadge']>()({
    service: 'users',
    method: 'POST',
    path: '/users-api/v1/{code}/Users/{userId}/badge',
    answer: 'camel',
    access: MANAGERS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  unlock: defineRoute<Schemas['unlock']>()({
    service: 'users',
    method: 'POST',
    path: '/users-api/v1/{code}/Users/{userId}/unlock',
    answer: 'camel',
    access: { kind: 'session', roles: ['administrator'], sortingCenter: true },
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  remove: defineRoute<Schemas['remove']>()({
    service: 'users',
    method: 'DELETE',
    path: '/users-api/v1/{code}/Users/{userId}',
    answer: 'camel',
    access: MANAGERS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
