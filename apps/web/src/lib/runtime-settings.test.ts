import { describe, expect, it, vi } from 'vitest';
import { RUNTIME_SETTINGS_PATH } from '@sorting/contracts';
import type { FetchFn } from './api-client';
import { fetchRuntimeSettings, runtimeSettingsQuery } from './runtime-settings';

const settings = { signInUrl: null, services: { auth: '' }, sortingCenterId: 34717 };

describe('runtime settings', () => {
  it('posts to /local-settings-newsort and reads a plain settings object', async () => {
    const fetch = vi.fn<FetchFn>(async () => new Response(JSON.stringify(settings)));
    await expect(fetchRuntimeSettings(fetch)).resolves.toEqual(settings);
    expect(fetch).toHaveBeenCalledWith(
      RUNTIME_SETTINGS_PATH,
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });

  it('also reads settings wrapped in an envelope', async () => {
    const fetch: FetchFn = async () =>
      new Response(JSON.stringify({ IsSuccess: true, OperationObject: settings }));
    await expect(fetchRuntimeSettings(fetch)).resolves.toEqual(settings);
  });

  it('fails on an HTTP error', async () => {
    const fetch: FetchFn = async () => new Response('nope', { status: 500 });
    await expect(fetchRuntimeSettings(fetch)).rejects.toThrow('500');
  });

  it('is read once: never stale', () => {
    expect(runtimeSettingsQuery.staleTime).toBe(Infinity);
  });
});
