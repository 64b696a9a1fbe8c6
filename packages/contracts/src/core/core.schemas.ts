import { ZRuntimeSettings } from '../settings.js';

// The schemas of the core calls (spec part 2 §7 "Core"); the route map is `core.routes.ts`.

/** Each call's schemas, bound to its route of `CORE_ROUTES` by name. */
export const CORE_SCHEMAS = {
  runtimeSettings: {
    summary: "The runtime settings: each service's base path, sign-in, devices, features",
    response: ZRuntimeSettings,
  },
};
