// Odd requests to the local server: each gets the service's JSON error shape and
// a status that names the fault, never a 5xx, and a page of a foreign origin never gets CORS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceServiceError } from '@sorting/contracts';
import { PrinterSocket, startTestAgent } from './helpers.js';

const PAGE = 'http://localhost:3000';

let agent: Awaited<ReturnType<typeof startTestAgent>>;

beforeAll(async () => {
  agent = await startTestAgent({ scale: { kind: 'simulated', scaleId: 's1', weightKg: 2 } });
});

afterAll(async () => {
  await agent.stop();
});

function send(path: string, init: RequestInit = {}, origin: string | null = PAGE) {
  const headers = new Headers(init.headers);
  if (origin !== null) headers.set('Origin', origin);
  return fetch(`${agent.baseUrl}${path}`, { ...init, headers });
}

async function expectError(response: Response, status: number, message: RegExp | string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as DeviceServiceError;
  expect(body.isSuccess).toBe(false);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('bodies', () => {
  it.each([
    ['application/json', '{"appId": "TEST-PC",'],
    ['text/plain', 'not json'],
    ['application/x-www-form-urlencoded', 'appId=TEST-PC'],
    ['application/json; charset=utf-8', '{'],
    ['application/json', '{"appId": "TEST-PC", "__proto__": {"scaleId": "s1"}}'],
  ])('answers 400 to a body that is not plain JSON: %s %s', async (type, body) => {
    const response = await send('/api/connect', {
      method: 'POST',
      headers: { 'Content-Type': type },
      body,
    });
    await expectError(response, 400, 'Body is not JSON');
  });

  it('reads JSON whatever the Content-Type, and an empty body as {}', async () => {
    const asText = await send('/api/simulate', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ weightKg: 3 }),
    });
    expect(await asText.json()).toEqual({ scaleId: 's1', weightKg: 3 });
    const empty = await send('/api/connect', { method: 'POST' });
    await expectError(empty, 400, /^appId: /);
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const response = await send('/api/connect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appId: 'x'.repeat(70 * 1024) }),
    });
    await expectError(response, 413, 'Body too large');
  });
});

describe('routes and methods', () => {
  it('answers 404 with the method and path to a wrong method or an unknown path', async () => {
    await expectError(await send('/api/simulate'), 404, 'No route GET /api/simulate');
    await expectError(
      await send('/api/connect', { method: 'PUT', body: '{}' }),
      404,
      'No route PUT /api/connect',
    );
    await expectError(
      await send('/api/cookie/check', { method: 'DELETE' }),
      404,
      'No route DELETE /api/cookie/check',
    );
    await expectError(await send('/nothing?x=1'), 404, 'No route GET /nothing');
  });

  it('takes a trailing slash and the first of repeated query parameters', async () => {
    expect(await (await send('/api/version/')).json()).toMatchObject({ appId: 'TEST-PC' });
    expect(await (await send('/')).json()).toMatchObject({ appId: 'TEST-PC', scaleId: 's1' });
    const reading = await send('/api/connect?appId=TEST-PC&scaleId=s1&scaleId=other');
    expect(await reading.json()).toMatchObject({ appId: 'TEST-PC', scaleId: 's1' });
  });

  it('answers 400 to a cookie read without a name, and never caches an answer', async () => {
    const response = await send('/api/cookie?name=');
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expectError(response, 400, 'name: required');
  });
});

describe('printer websocket', () => {
  it('opens on any path of the port, as a configured printer service URL may name one', async () => {
    for (const path of ['', '/', '/printer']) {
      const socket = await PrinterSocket.open(`${agent.wsUrl}${path}`);
      expect(await socket.request({ action: 'version' })).toMatchObject({ appId: 'TEST-PC' });
      await socket.close();
    }
  });
});

describe('CORS', () => {
  it('refuses a preflight from a foreign origin with 403 and no CORS headers', async () => {
    const response = await send(
      '/api/connect',
      {
        method: 'OPTIONS',
        headers: {
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
          'Access-Control-Request-Private-Network': 'true',
        },
      },
      'https://evil.example',
    );
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-private-network')).toBeNull();
    await expectError(response, 403, 'Origin https://evil.example is not allowed');
  });

  it('answers an allowed preflight to any path, and varies on Origin', async () => {
    const response = await send('/not-a-route', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toMatch(/Origin/);
    expect(response.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('gives no CORS origin header to a request without Origin (a local tool)', async () => {
    const response = await send('/api/version', {}, null);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
