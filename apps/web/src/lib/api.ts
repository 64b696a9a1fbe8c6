import { printingApiBase } from '@sorting/contracts';
import { splitLocalePath } from '@sorting/domain';
import { createApiClient } from './api-client';
import { queryClient } from './query-client';
import { currentRequestId } from './request-id';
import { runtimeSettingsQuery } from './runtime-settings';

/** The app's API client: base paths come from the runtime settings read at start. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getServiceBase: async (service) => {
    // Core serves the settings themselves, at the page's origin; the integration API too.
    if (service === 'core' || service === 'integration') return '';
    const settings = await queryClient.ensureQueryData(runtimeSettingsQuery);
    if (service === 'printing') return printingApiBase(settings.printingHubUrl);
    return settings.services[service] ?? '';
  },
  // The page's language is its path's prefix (an unprefixed path is ru, or was redirected).
  getLanguage: () => splitLocalePath(window.location.pathname).locale,
  getRequestId: currentRequestId,
});
