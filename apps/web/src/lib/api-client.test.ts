import { describe, expect, it, vi } from 'vitest';
import type { RouteDefinition } from '@sorting/contracts';
import {
  buildUrl,
  createApiClient,
  toApiResult,
  type ApiClient,
  type FetchFn,
  type HttpMethod,
  type ServiceName,
} from './api-client';

/** A call of a route of the given service, method and path (the map's fields the client reads). */
function callOf(client: ApiClient, service: ServiceName, method: HttpMethod, path: string) {
  return (input: { body?: unknown; query?: unknown; operationId?: string } = {}) =>
    client.call({ service, method, path } as unknown as RouteDefinition, input as never);
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function clientAnswering(response: Response, base = '') {
  const fetch = vi.fn<FetchFn>(async () => response);
  const client = createApiClient({ fetch, getServiceBase: async () => base });
  return { client, fetch };
}

describe('api client', () => {
  it('reads the PascalCase envelope', async () => {
    const { client } = clientAnswering(
      jsonResponse(200, {
        IsSuccess: true,
        Message: null,
        ErrorCode: null,
        IsCriticalError: false,
        IsRepeat: true,
        OperationObject: { Id: 5 },
      }),
    );
    const result = await callOf(client, 'sorting', 'POST', '/sorting-api/move')({ body: { a: 1 } });
    expect(result).toMatchObject({
      isSuccess: true,
      isRepeat: true,
      operationObject: { Id: 5 },
      status: 200,
    });
  });

  it('reads the camelCase envelope', async () => {
    const { client } = clientAnswering(
      jsonResponse(200, {
        isSuccess: false,
        message: 'Zone not found',
        errorCode: 204,
        operationObject: null,
      }),
    );
    const result = await callOf(
      client,
      'sorting',
      'POST',
      '/sorting-api/zones/search',
    )({ body: {} });
    expect(result).toMatchObject({ isSuccess: false, message: 'Zone not found', errorCode: 204 });
  });

  it('never reads a failed HTTP status as success, whatever the body', async () => {
    const { client } = clientAnswering(
      jsonResponse(404, {
        message: 'Route POST:/auth-api/users/search not found',
        statusCode: 404,
      }),
    );
    const result = await callOf(client, 'auth', 'POST', '/auth-api/users/search')();
    expect(result).toMatchObject({
      isSuccess: false,
      errorCode: 404,
      status: 404,
      message: 'Route POST:/auth-api/users/search not found',
    });
  });

  it('keeps the envelope of a failed status (401 → f-007 needs the status)', async () => {
    const { client } = clientAnswering(
      jsonResponse(401, { IsSuccess: false, ErrorCode: 401, Message: 'no' }),
    );
    const result = await callOf(client, 'users', 'GET', '/users-api/v1/1/Users')();
    expect(result).toMatchObject({ isSuccess: false, errorCode: 401, message: 'no', status: 401 });
  });

  it('sends JSON with credentials to the service base, without a timeout', async () => {
    const { client, fetch } = clientAnswering(
      jsonResponse(200, { isSuccess: true }),
      'https://api.example/',
    );
    await callOf(
      client,
      'sorting',
      'POST',
      '/sorting-api/parcels/scan',
    )({ body: { barcode: '123' }, query: { lang: 'ru', skip: undefined } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example/sorting-api/parcels/scan?lang=ru');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ barcode: '123' }),
      signal: null,
    });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends an empty body without a JSON content type', async () => {
    const { client, fetch } = clientAnswering(jsonResponse(200, { IsSuccess: true }));
    await callOf(client, 'auth', 'POST', '/auth-api/users/search')();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/auth-api/users/search');
    expect(init.body).toBeNull();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends X-Requested-With: sorting on every call (CSRF defence)', async () => {
    const fetch = vi.fn<FetchFn>(async () => jsonResponse(200, { IsSuccess: true }));
    const client = createApiClient({ fetch, getServiceBase: () => '' });
    await callOf(client, 'sorting', 'GET', '/sorting-api/dimension')();
    await callOf(client, 'users', 'DELETE', '/users-api/v1/sessions')();
    for (const [, init] of fetch.mock.calls) {
      expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('sorting');
    }
  });

  it('sends the operation id of an action as X-Operation-Id, and nothing without one', async () => {
    const fetch = vi.fn<FetchFn>(async () => jsonResponse(200, { IsSuccess: true }));
    const client = createApiClient({ fetch, getServiceBase: () => '' });
    const move = callOf(client, 'sorting', 'POST', '/sorting-api/move');
    await move({ body: { parcelId: 1 }, operationId: 'op-12345678' });
    await move({ body: { parcelId: 1 }, operationId: 'op-12345678' });
    await callOf(
      client,
      'sorting',
      'POST',
      '/sorting-api/parcels/scan',
    )({ body: { barcode: 'P1' } });
    const headers = fetch.mock.calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers.map((h) => h['X-Operation-Id'])).toEqual([
      'op-12345678',
      'op-12345678',
      undefined,
    ]);
  });

  it("sends the user action's request id as X-Request-Id on each of its calls", async () => {
    const fetch = vi.fn<FetchFn>(async () => jsonResponse(200, { IsSuccess: true }));
    let action = 'scan-0001-aaaa';
    const client = createApiClient({ fetch, getServiceBase: () => '', getRequestId: () => action });
    const scan = callOf(client, 'sorting', 'POST', '/sorting-api/parcels/scan');
    await scan({ body: { barcode: 'P1' } });
    await scan({ body: { barcode: 'P1' } });
    action = 'scan-0002-bbbb';
    await scan({ body: { barcode: 'P2' } });
    const headers = fetch.mock.calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers.map((h) => h['x-request-id'])).toEqual([
      'scan-0001-aaaa',
      'scan-0001-aaaa',
      'scan-0002-bbbb',
    ]);
  });

  it('takes an empty successful answer as success without an object', async () => {
    const { client } = clientAnswering(new Response(null, { status: 204 }));
    const result = await callOf(client, 'users', 'DELETE', '/users-api/v1/sessions')();
    expect(result).toMatchObject({ isSuccess: true, operationObject: null, status: 204 });
  });

  it('rejects when the network fails', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      getServiceBase: () => '',
    });
    await expect(callOf(client, 'vision', 'GET', '/vision-api/x')()).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

describe('buildUrl', () => {
  it('joins base and path and appends the query', () => {
    expect(buildUrl('', 'a/b')).toBe('/a/b');
    expect(buildUrl('/base/', '/x', { a: 1, b: null, c: true })).toBe('/base/x?a=1&c=true');
    expect(buildUrl('', '/x?barcode=1', { lang: 'en' })).toBe('/x?barcode=1&lang=en');
  });
});

describe('toApiResult', () => {
  it('marks a 5xx without envelope as critical', () => {
    expect(toApiResult(503, false, 'Service Unavailable', 'busy')).toMatchObject({
      isSuccess: false,
      isCriticalError: true,
      errorCode: 503,
      message: 'Service Unavailable',
    });
  });
});
