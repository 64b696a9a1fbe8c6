import { queryOptions } from '@tanstack/react-query';
import { CORE_ROUTES, readEnvelope, type TRuntimeSettings } from '@sorting/contracts';
import type { FetchFn } from './api-client';

/**
 * Reads the runtime settings (spec part 2 §7 "Core": `CORE_ROUTES.runtimeSettings`) at the
 * page's origin, before the API client has its bases. The answer is a plain settings object;
 * `readEnvelope` also accepts it wrapped in an envelope.
 */
export async function fetchRuntimeSettings(fetchFn: FetchFn): Promise<TRuntimeSettings> {
  const route = CORE_ROUTES.runtimeSettings;
  const response = await fetchFn(route.path, {
    method: route.method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Runtime settings answered ${response.status}`);
  const envelope = readEnvelope<TRuntimeSettings>(await response.json());
  if (!envelope.isSuccess || !envelope.operationObject) {
    throw new Error(envelope.message ?? 'Runtime settings are not available');
  }
  return envelope.operationObject;
}

/** Read once at start and kept for the whole session: nothing environment-specific is built in. */
export const runtimeSettingsQuery = queryOptions({
  queryKey: ['runtime-settings'],
  queryFn: () => fetchRuntimeSettings((input, init) => fetch(input, init)),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 2,
});
