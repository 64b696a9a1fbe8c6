import { defineRoute } from '../routing/route.js';
import type { INTEGRATION_ADMIN_SCHEMAS, INTEGRATION_SCHEMAS } from './integration.schemas.js';

type Schemas = typeof INTEGRATION_ADMIN_SCHEMAS & typeof INTEGRATION_SCHEMAS;

/** Keys are a sorting centre's administrators' business (docs/DECISIONS.md "Integration"). */
const ADMINISTRATORS = {
  kind: 'session',
  roles: ['administrator'],
  sortingCenter: true,
} as const;

/**
 * The integration API (docs/DECISIONS.md "Integration", docs/INTEGRATION.md). Its keys are
 * managed with a browser session beside the centre's users (`/users-api/v1/{code}/ApiKeys`);
 * `/integration-api/v1/…` opens only to `Authorization: Bearer <key>` with the route's scope,
 * never to a session. The spec is silent on it: the design is ours.
 */
export const INTEGRATION_ADMIN_ROUTES = {
  createKey: defineRoute<Schemas['createKey']>()({
    service: 'users',
    method: 'POST',
    path: '/users-api/v1/{code}/ApiKeys',
    answer: 'camel',
    access: ADMINISTRATORS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['refused'],
  }),
  listKeys: defineRoute<Schemas['listKeys']>()({
    service: 'users',
    method: 'GET',
    path: '/users-api/v1/{code}/ApiKeys',
    answer: 'camel',
    access: ADMINISTRATORS,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  revokeKey: defineRoute<Schemas['revokeKey']>()({
    service: 'users',
    method: 'DELETE',
    path: '/users-api/v1/{code}/ApiKeys/{apiKeyId}',
    answer: 'camel',
    access: ADMINISTRATORS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound'],
  }),
} as const;

export const INTEGRATION_API_ROUTES = {
  parcelsBatch: defineRoute<Schemas['parcelsBatch']>()({
    service: 'integration',
    method: 'POST',
    path: '/integration-api/v1/parcels/batch',
    answer: 'camel',
    access: { kind: 'apiKey', scope: 'write:operations' },
    warehouse: { from: 'none' },
    // Idempotent by its own `Idempotency-Key` per key, not by X-Operation-Id.
    isOperation: false,
    errors: ['conflict', 'tooManyRequests'],
  }),
  events: defineRoute<Schemas['events']>()({
    service: 'integration',
    method: 'GET',
    path: '/integration-api/v1/events',
    answer: 'camel',
    access: { kind: 'apiKey', scope: 'read' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['tooManyRequests'],
  }),
} as const;
