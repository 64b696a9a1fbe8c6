// @vitest-environment node
// The scale client against a real HTTP server in the test process, answering like the agent's
// scale API (spec part 1 §7). Polling runs on a fake clock.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@sorting/contracts';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { SCALE_POLL_INTERVAL_MS, ScaleError, createScaleClient } from './scale-client';

interface Seen {
  method: string;
  url: string;
  body: unknown;
  cookie: string | undefined;
  /** DEVICE_COOKIE_HEADER of a page of another site. */
  deviceCookie: string | undefined;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as unknown) : null;
}

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** An agent whose scale gives the readings in turn (the last one repeats). */
async function startScale(readings: ScaleReading[]) {
  const seen: Seen[] = [];
  let index = 0;
  server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body,
        cookie: request.headers.cookie,
        deviceCookie: request.headers['x-device-cookie'] as string | undefined,
      });
      const url = new URL(request.url ?? '/', 'http://x');
      const json = (value: unknown, status = 200) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/api/connect' && request.method === 'POST') {
        const { scaleId } = body as { scaleId: string };
        return json(
          scaleId === 'unknown'
            ? { isSuccess: false, message: 'Scale unknown is not connected' }
            : { isSuccess: true },
        );
      }
      if (url.pathname === '/api/connect') {
        const reading = readings[Math.min(index++, readings.length - 1)];
        return json(reading);
      }
      // Like the agent: the check sets the cookie; api/cookie answers what the browser sent back.
      if (url.pathname === '/api/cookie/check') {
        const { name, value } = body as { name: string; value: string };
        response.setHeader('Set-Cookie', `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly`);
        return json({ isSuccess: true, name });
      }
      if (url.pathname === '/api/cookie') {
        const name = url.searchParams.get('name') ?? '';
        const sent = new URLSearchParams((request.headers.cookie ?? '').replace(/;\s*/g, '&'));
        return json({ name, value: sent.get(name) ?? request.headers['x-device-cookie'] ?? null });
      }
      json({ isSuccess: false, message: 'Unknown' }, 404);
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen };
}

const IDS = { appId: 'agent-7', scaleId: 'sim' };
const settling = (weightKg: number | null): ScaleReading => ({ ...IDS, weightKg, isStable: false });
const stable = (weightKg: number): ScaleReading => ({ ...IDS, weightKg, isStable: true });

async function flush(times = 20) {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('scale client', () => {
  it('connects, then polls until a stable weight arrives', async () => {
    const scale = await startScale([settling(null), settling(1.2), stable(1.25)]);
    const clock = createFakeScheduler();
    const inits: RequestInit[] = [];
    const client = createScaleClient({
      baseUrl: scale.baseUrl,
      scheduler: clock,
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    let weight: number | null = null;
    void client.readStableWeight(IDS).then((kg) => (weight = kg));
    await flush();
    expect(scale.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/connect',
      'GET /api/connect?appId=agent-7&scaleId=sim',
    ]);
    expect(scale.seen[0]?.body).toEqual(IDS);
    clock.advance(SCALE_POLL_INTERVAL_MS);
    await flush();
    expect(weight).toBeNull();
    clock.advance(SCALE_POLL_INTERVAL_MS);
    await flush();
    expect(weight).toBe(1.25);
    expect(inits.every((init) => init.credentials === 'include')).toBe(true);
  });

  it('stops polling when aborted', async () => {
    const scale = await startScale([settling(null)]);
    const clock = createFakeScheduler();
    const client = createScaleClient({ baseUrl: scale.baseUrl, scheduler: clock, fetch });
    const controller = new AbortController();
    const result = client.readStableWeight(IDS, controller.signal).catch((error: Error) => error);
    await flush();
    controller.abort();
    expect(((await result) as Error).name).toBe('AbortError');
    const calls = scale.seen.length;
    clock.advance(10 * SCALE_POLL_INTERVAL_MS);
    await flush();
    expect(scale.seen.length).toBe(calls);
  });

  it('translates failures: not configured, agent unreachable, refused by the agent', async () => {
    const clock = createFakeScheduler();
    const scale = await startScale([stable(1)]);
    const client = createScaleClient({ baseUrl: scale.baseUrl, scheduler: clock, fetch });
    await expect(client.readStableWeight({ appId: '', scaleId: '' })).rejects.toMatchObject({
      code: 'notConfigured',
    });
    const nowhere = createScaleClient({ baseUrl: 'http://127.0.0.1:1', scheduler: clock, fetch });
    const unreachable = await nowhere.readStableWeight(IDS).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(ScaleError);
    expect((unreachable as ScaleError).code).toBe('unreachable');
    await expect(client.readCookie('x')).resolves.toBeNull();
    const refused = await client
      .readStableWeight({ appId: 'agent-7', scaleId: 'unknown' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'failed', detail: 'Scale unknown is not connected' });
  });

  it('cookie check: the agent sets a cookie; a browser that sends it back passes, one that drops it fails', async () => {
    const scale = await startScale([stable(1)]);
    // A browser that keeps cookies: what was set comes back on the next call.
    const jar = new Map<string, string>();
    const keepingFetch: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(input, { ...init, headers });
      const set = response.headers.get('set-cookie');
      if (set) {
        const [pair = ''] = set.split(';');
        const [k = '', v = ''] = pair.split('=');
        jar.set(k, v);
      }
      return response;
    };
    const keeping = createScaleClient({
      baseUrl: scale.baseUrl,
      scheduler: createFakeScheduler(),
      fetch: keepingFetch,
    });
    expect(await keeping.checkCookie('scale_cookie_check', 'v 1')).toBe(true);
    expect(scale.seen.slice(-2).map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/cookie/check',
      'GET /api/cookie?name=scale_cookie_check',
    ]);
    expect(scale.seen.at(-2)?.body).toEqual({ name: 'scale_cookie_check', value: 'v 1' });
    expect(await keeping.readCookie('scale_cookie_check')).toBe('v 1');
    // Node's fetch keeps no cookies: like a browser with cookies off.
    const dropping = createScaleClient({
      baseUrl: scale.baseUrl,
      scheduler: createFakeScheduler(),
      fetch,
    });
    expect(await dropping.checkCookie('scale_cookie_check', 'v 2')).toBe(false);
    const nowhere = createScaleClient({
      baseUrl: 'http://127.0.0.1:1',
      scheduler: createFakeScheduler(),
      fetch,
    });
    expect(await nowhere.checkCookie('scale_cookie_check', 'v1')).toBeNull();
  });

  it('cookie check from a page of another site: the value travels in the request, no cookie is set', async () => {
    const scale = await startScale([stable(1)]);
    // Node's fetch keeps no cookies, as Chromium drops the agent's third-party cookie.
    const client = createScaleClient({
      baseUrl: scale.baseUrl,
      scheduler: createFakeScheduler(),
      fetch,
    });
    const before = scale.seen.length;
    expect(await client.checkCookie('agent_cookie_check', '4711', { isCrossSite: true })).toBe(
      true,
    );
    expect(scale.seen.slice(before).map((s) => [`${s.method} ${s.url}`, s.deviceCookie])).toEqual([
      ['GET /api/cookie?name=agent_cookie_check', '4711'],
    ]);
    // The same browser on the agent's own site gets the cookie round trip, which it fails.
    expect(await client.checkCookie('agent_cookie_check', '4712')).toBe(false);
  });
});
