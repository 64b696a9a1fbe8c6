import { RUNTIME_SETTINGS_PATH } from '../constants.js';
import { defineRoute } from '../routing/route.js';
import type { CORE_SCHEMAS } from './core.schemas.js';

type Schemas = typeof CORE_SCHEMAS;

/**
 * Spec part 2 §7 "Core": the runtime settings, read by the web app before anything else. POST,
 * public, answered as the plain settings object (no envelope; the web app's readEnvelope takes
 * a bare body as the operation object). Its base is the page's origin: it carries the others.
 */
export const CORE_ROUTES = {
  runtimeSettings: defineRoute<Schemas['runtimeSettings']>()({
    service: 'core',
    method: 'POST',
    path: RUNTIME_SETTINGS_PATH,
    answer: 'raw',
    access: { kind: 'public' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  // docs/DECISIONS.md "Error reporting": the /errors page of administrators.
  errorReports: defineRoute<Schemas['errorReports']>()({
    service: 'core',
    method: 'GET',
    path: '/errors-api/reports',
    answer: 'camel',
    access: { kind: 'session', roles: ['administrator'] },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
} as const;
