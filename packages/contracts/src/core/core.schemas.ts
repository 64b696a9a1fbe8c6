import { ZRuntimeSettings } from '../settings.js';
import { ERROR_REPORTS_SCHEMAS } from './error-reports.schemas.js';

export * from './error-reports.schemas.js';

// The schemas of the core calls (spec part 2 §7 "Core"); the route map is `core.routes.ts`.

/** Each call's schemas, bound to its route of `CORE_ROUTES` by name. */
export const CORE_SCHEMAS = {
  runtimeSettings: {
    summary: "The runtime settings: each service's base path, sign-in, devices, features",
    response: ZRuntimeSettings,
  },
  ...ERROR_REPORTS_SCHEMAS,
};
