import { defineRoute } from '../routing/route.js';
import type { PRINTING_SCHEMAS } from './print-jobs.js';

type Schemas = typeof PRINTING_SCHEMAS;

/**
 * Ours: the signed-in user's recent print jobs and their reprint, beside the
 * printing hub (`printingApiBase`). PascalCase envelope.
 */
export const PRINTING_ROUTES = {
  jobs: defineRoute<Schemas['jobs']>()({
    service: 'printing',
    method: 'GET',
    path: '/printing-api/v1/jobs',
    answer: 'pascal',
    access: { kind: 'session' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  reprint: defineRoute<Schemas['reprint']>()({
    service: 'printing',
    method: 'POST',
    path: '/printing-api/v1/jobs/{jobId}/reprint',
    answer: 'pascal',
    access: { kind: 'session' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
