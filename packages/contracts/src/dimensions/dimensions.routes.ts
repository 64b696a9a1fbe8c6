import { defineRoute } from '../routing/route.js';
import type { DIMENSIONS_SCHEMAS } from './dimensions.schemas.js';

type Schemas = typeof DIMENSIONS_SCHEMAS;

/**
 * Spec part 2 §6: no role checks; any signed-in user. The service keeps each user to the types
 * of their own (default) warehouse; common types are read-only.
 */
const SIGNED_IN = { kind: 'session' } as const;

/** Spec part 2 §7 "Dimensions" (`/dimensions-api`, PascalCase envelope and fields). */
export const DIMENSIONS_ROUTES = {
  list: defineRoute<Schemas['list']>()({
    service: 'dimensions',
    method: 'GET',
    path: '/dimensions-api/dimension',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: [],
  }),
  create: defineRoute<Schemas['create']>()({
    service: 'dimensions',
    method: 'POST',
    path: '/dimensions-api/dimension',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['refused'],
  }),
  update: defineRoute<Schemas['update']>()({
    service: 'dimensions',
    method: 'PUT',
    path: '/dimensions-api/dimension/{id}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  remove: defineRoute<Schemas['remove']>()({
    service: 'dimensions',
    method: 'DELETE',
    path: '/dimensions-api/dimension/{id}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
