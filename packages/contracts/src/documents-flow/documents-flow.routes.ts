import { defineRoute } from '../routing/route.js';
import type { DOCUMENTS_FLOW_SCHEMAS } from './documents-flow.schemas.js';

type Schemas = typeof DOCUMENTS_FLOW_SCHEMAS;

/**
 * Spec part 2 §6: no role checks; any signed-in user, and the service keeps each user to the
 * documents of their own sorting centre (another centre's document is unknown: 104).
 */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 2 §7 "Document flow" (`/documentsflow-api`, camelCase envelope and fields; the
 * search path's capital D as the spec spells it; docs/DECISIONS.md "Document flow").
 */
export const DOCUMENTS_FLOW_ROUTES = {
  search: defineRoute<Schemas['search']>()({
    service: 'documentsFlow',
    method: 'POST',
    path: '/documentsflow-api/Documents/search',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  sign: defineRoute<Schemas['sign']>()({
    service: 'documentsFlow',
    method: 'POST',
    path: '/documentsflow-api/documents/{documentId}/sign',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  validate: defineRoute<Schemas['validate']>()({
    service: 'documentsFlow',
    method: 'POST',
    path: '/documentsflow-api/documents/{documentId}/validate',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
