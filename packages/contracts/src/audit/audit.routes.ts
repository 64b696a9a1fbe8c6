import { defineRoute } from '../routing/route.js';
import type { AUDIT_SCHEMAS } from './audit.schemas.js';

type Schemas = typeof AUDIT_SCHEMAS;

/**
 * Spec part 2 §6: no role checks; a signed-in user, and the `{warehouseCode}` warehouse must be
 * theirs: the routes declare it and the route hook refuses another (403, nothing read).
 */
const SIGNED_IN = { kind: 'session' } as const;

const BASE = '/audit-api/v1/{warehouseCode}/Sessions';

/**
 * Spec part 2 §7 "Audit": `/audit-api/v1/{warehouseCode}/Sessions…`, camelCase envelope and
 * fields (docs/DECISIONS.md "Audit"). Every write is an operation (`X-Operation-Id`).
 */
export const AUDIT_ROUTES = {
  sessions: defineRoute<Schemas['sessions']>()({
    service: 'audit',
    method: 'POST',
    path: `${BASE}/get`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  start: defineRoute<Schemas['start']>()({
    service: 'audit',
    method: 'POST',
    path: BASE,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound'],
  }),
  openCell: defineRoute<Schemas['openCell']>()({
    service: 'audit',
    method: 'POST',
    path: `${BASE}/{sessionId}/cells`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound', 'repeatedFailure', 'refused'],
  }),
  scan: defineRoute<Schemas['scan']>()({
    service: 'audit',
    method: 'POST',
    path: `${BASE}/{sessionId}/cells/{cellId}/scan`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  finishCell: defineRoute<Schemas['finishCell']>()({
    service: 'audit',
    method: 'POST',
    path: `${BASE}/{sessionId}/cells/finish`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  items: defineRoute<Schemas['items']>()({
    service: 'audit',
    method: 'GET',
    path: `${BASE}/{sessionId}/items`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  finish: defineRoute<Schemas['finish']>()({
    service: 'audit',
    method: 'PUT',
    path: `${BASE}/{sessionId}/finish`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound'],
  }),
} as const;
