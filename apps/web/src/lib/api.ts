import { splitLocalePath } from '@sorting/domain';
import { createApiClient } from './api-client';
import { queryClient } from './query-client';
import { runtimeSettingsQuery } from './runtime-settings';

/** The app's API client: base paths come from the runtime settings read at start. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getServiceBase: async (service) =>
    (await queryClient.ensureQueryData(runtimeSettingsQuery)).services[service] ?? '',
  // The page's language is its path's prefix (an unprefixed path is ru, or was redirected).
  getLanguage: () => splitLocalePath(window.location.pathname).locale,
});
