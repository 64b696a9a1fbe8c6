// The scale service of spec part 1 §7 over real HTTP (fetch), on the websocket's port.
import { SerialPortMock } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@sorting/contracts';
import { startTestAgent } from './helpers.js';

const PAGE = 'http://localhost:3000';

type Agent = Awaited<ReturnType<typeof startTestAgent>>;
let agent: Agent | null = null;

afterEach(async () => {
  await agent?.stop();
  agent = null;
});

function call(path: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
  const { origin = PAGE, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (origin) headers.set('Origin', origin);
  if (rest.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${agent!.baseUrl}${path}`, { ...rest, headers });
}

const post = (path: string, body: unknown, origin?: string) =>
  call(path, { method: 'POST', body: JSON.stringify(body), origin });

/** A browser's preflight with the Private Network Access question Chromium asks. */
const preflight = (path: string, method: string, headers: string, origin = PAGE) =>
  call(path, {
    method: 'OPTIONS',
    origin,
    headers: {
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': headers,
      'Access-Control-Request-Private-Network': 'true',
    },
  });

describe('cookie check', () => {
  it('sets the cookie a page asked for and reads back what the browser returns', async () => {
    agent = await startTestAgent({});
    const set = await post('/api/cookie/check', { name: 'scale_cookie_check', value: 'ok 1' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ isSuccess: true, name: 'scale_cookie_check' });
    const [cookie] = set.headers.getSetCookie();
    // localhost:3000 → 127.0.0.1:port is another site: only SameSite=None; Secure comes back.
    expect(cookie).toBe(
      'scale_cookie_check=ok%201; Path=/; Max-Age=300; HttpOnly; SameSite=None; Secure',
    );

    // The browser sends it back (credentials: 'include'): the value is answered.
    const back = await call('/api/cookie?name=scale_cookie_check', {
      headers: { Cookie: 'other=1; scale_cookie_check=ok%201' },
    });
    expect(await back.json()).toEqual({ name: 'scale_cookie_check', value: 'ok 1' });

    // Cookies disabled: nothing comes back, the web app shows 'Cookie disabled…'.
    const none = await call('/api/cookie?name=scale_cookie_check');
    expect(await none.json()).toEqual({ name: 'scale_cookie_check', value: null });
  });

  it('uses SameSite=Lax for a page on the agent own host (same site)', async () => {
    agent = await startTestAgent({});
    const set = await post(
      '/api/cookie/check',
      { name: 'printer_cookie_check', value: '1' },
      `http://127.0.0.1:3000`,
    );
    expect(set.headers.getSetCookie()[0]).toBe(
      'printer_cookie_check=1; Path=/; Max-Age=300; HttpOnly; SameSite=Lax',
    );
  });

  it('echoes the value a page of another site carries in the request; its cookie wins', async () => {
    // An app on its own host name (cross-site to the agent on localhost): current Chromium
    // never sends the agent's third-party cookie back, so the value travels in the request.
    const page = 'http://sorting.test:3000';
    agent = await startTestAgent({ allowedOrigins: [page] });
    const asked = await preflight(
      '/api/cookie?name=agent_cookie_check',
      'GET',
      'x-device-cookie',
      page,
    );
    expect(asked.status).toBe(204);
    expect(asked.headers.get('access-control-allow-origin')).toBe(page);
    expect(asked.headers.get('access-control-allow-headers')).toBe('x-device-cookie');
    expect(asked.headers.get('access-control-allow-private-network')).toBe('true');

    const echoed = await call('/api/cookie?name=agent_cookie_check', {
      origin: page,
      headers: { 'X-Device-Cookie': '4711' },
    });
    expect(await echoed.json()).toEqual({ name: 'agent_cookie_check', value: '4711' });
    const both = await call('/api/cookie?name=agent_cookie_check', {
      origin: page,
      headers: { 'X-Device-Cookie': '4711', Cookie: 'agent_cookie_check=42' },
    });
    expect(await both.json()).toEqual({ name: 'agent_cookie_check', value: '42' });
    const tooLong = await call('/api/cookie?name=agent_cookie_check', {
      origin: page,
      headers: { 'X-Device-Cookie': 'x'.repeat(257) },
    });
    expect(await tooLong.json()).toEqual({ name: 'agent_cookie_check', value: null });
  });

  it('refuses a bad cookie name with 400', async () => {
    agent = await startTestAgent({});
    const response = await post('/api/cookie/check', { name: 'a b;c', value: '1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ isSuccess: false, message: /^name: / });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('CORS and origins', () => {
  it('answers a credentialed preflight from an allowed origin', async () => {
    agent = await startTestAgent({});
    const response = await preflight('/api/connect', 'POST', 'content-type');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('gives every answer to an allowed page its CORS headers', async () => {
    agent = await startTestAgent({});
    const response = await call('/api/cookie?name=x', { origin: 'http://127.0.0.1:3000' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses a foreign page before acting, even a simple POST', async () => {
    agent = await startTestAgent({ scale: { kind: 'simulated', scaleId: 's1', weightKg: 2 } });
    // Another site, and another page on this computer: neither is the configured server.
    for (const origin of ['https://evil.example', 'http://localhost:5173']) {
      const response = await call('/api/simulate', {
        method: 'POST',
        origin,
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ weightKg: 99 }),
      });
      expect(response.status, origin).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    const reading = (await (
      await call('/api/connect?appId=TEST-PC&scaleId=s1')
    ).json()) as ScaleReading;
    expect(reading.weightKg).toBe(2);
  });
});

describe('simulated scale', () => {
  it('reads the stable weight, unstable for the settle time after POST api/simulate', async () => {
    let now = 0;
    agent = await startTestAgent(
      { scale: { kind: 'simulated', scaleId: 'scale-1', weightKg: 1.25 } },
      { scaleSettleMs: 800, now: () => now },
    );
    const read = async () =>
      (await (await call('/api/connect?appId=TEST-PC&scaleId=scale-1')).json()) as ScaleReading;

    expect(await read()).toEqual({
      appId: 'TEST-PC',
      scaleId: 'scale-1',
      weightKg: 1.25,
      isStable: true,
    });

    now = 10_000;
    const set = await post('/api/simulate', { weightKg: 4.2 });
    expect(await set.json()).toEqual({ scaleId: 'scale-1', weightKg: 4.2 });
    expect(await read()).toMatchObject({ weightKg: null, isStable: false });
    now = 10_799;
    expect(await read()).toMatchObject({ weightKg: null, isStable: false });
    now = 10_800;
    expect(await read()).toMatchObject({ weightKg: 4.2, isStable: true });
  });

  it('settles by itself on the real clock', async () => {
    agent = await startTestAgent(
      { scale: { kind: 'simulated', scaleId: 'scale-1' } },
      { scaleSettleMs: 150 },
    );
    await post('/api/simulate', { weightKg: 0.7 });
    const before = await (await call('/api/connect?appId=TEST-PC&scaleId=scale-1')).json();
    expect(before).toMatchObject({ weightKg: null, isStable: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await (await call('/api/connect?appId=TEST-PC&scaleId=scale-1')).json();
    expect(after).toMatchObject({ weightKg: 0.7, isStable: true });
  });

  it('POST api/connect selects the scale and answers its reading; unknown ids are 404', async () => {
    agent = await startTestAgent({ scale: { kind: 'simulated', scaleId: 'scale-1', weightKg: 3 } });
    const selected = await post('/api/connect', { appId: 'TEST-PC', scaleId: 'scale-1' });
    expect(await selected.json()).toEqual({
      appId: 'TEST-PC',
      scaleId: 'scale-1',
      weightKg: 3,
      isStable: true,
    });
    // Without scaleId the selected scale is read.
    expect(await (await call('/api/connect?appId=TEST-PC')).json()).toMatchObject({
      scaleId: 'scale-1',
      weightKg: 3,
    });

    const otherApp = await call('/api/connect?appId=OTHER-PC&scaleId=scale-1');
    expect(otherApp.status).toBe(404);
    expect(await otherApp.json()).toEqual({
      isSuccess: false,
      message: 'Unknown app id "OTHER-PC"',
    });
    const otherScale = await post('/api/connect', { appId: 'TEST-PC', scaleId: 'scale-9' });
    expect(otherScale.status).toBe(404);
    expect(await otherScale.json()).toMatchObject({
      message: 'Scale "scale-9" is not served by TEST-PC',
    });
    expect((await post('/api/connect', { scaleId: 'scale-1' })).status).toBe(400);
  });

  it('GET api/version names the app and its scale, so a page can use them', async () => {
    agent = await startTestAgent({ scale: { kind: 'simulated', scaleId: 'scale-1' } });
    expect(await (await call('/api/version')).json()).toEqual({
      appId: 'TEST-PC',
      version: '1.0.0',
      printers: [{ id: 'pdf-1', name: 'PDF', output: 'pdf-folder', isReady: true }],
      scaleId: 'scale-1',
    });
    await agent.stop();
    agent = await startTestAgent({ scale: null });
    expect(await (await call('/api/version')).json()).toMatchObject({ scaleId: null });
  });

  it('has no scale when none is configured', async () => {
    agent = await startTestAgent({ scale: null });
    const response = await call('/api/connect?appId=TEST-PC&scaleId=scale-1');
    expect(response.status).toBe(404);
    expect((await post('/api/simulate', { weightKg: 1 })).status).toBe(404);
  });
});

describe('printer service through api/connect', () => {
  it('reads and selects a printer by printerId', async () => {
    agent = await startTestAgent({
      printers: [
        { id: 'p1', name: 'One', output: 'pdf-folder' },
        { id: 'p2', name: 'Two', output: 'pdf-folder' },
      ],
    });
    expect(await (await call('/api/connect?appId=TEST-PC&printerId=p2')).json()).toEqual({
      appId: 'TEST-PC',
      printerId: 'p2',
      isReady: true,
    });
    await post('/api/connect', { appId: 'TEST-PC', printerId: 'p2' });
    expect(agent.printService.selectedPrinterId).toBe('p2');
    expect((await call('/api/connect?appId=TEST-PC&printerId=p9')).status).toBe(404);
  });
});

describe('serial scale (serialport mock binding)', () => {
  it('serves the last stable reading of the serial line, and none while unstable', async () => {
    const path = '/dev/ttyFAKE-SCALE';
    SerialPortMock.binding.createPort(path, { echo: false, record: false });
    let opened: SerialPortMock | null = null;
    agent = await startTestAgent(
      { scale: { kind: 'serial', scaleId: 'bench', path, baudRate: 9600 } },
      {
        openSerialPort: (options) => {
          opened = new SerialPortMock(options);
          return opened;
        },
      },
    );
    const read = async () =>
      (await (await call('/api/connect?appId=TEST-PC&scaleId=bench')).json()) as ScaleReading;
    await waitFor(() => opened?.isOpen === true);
    const port = opened! as SerialPortMock;

    expect(await read()).toMatchObject({ weightKg: null, isStable: false });

    port.port!.emitData('US,GS,+0001.100kg\r\nST,GS,+0001.234kg\r\n');
    await waitFor(async () => (await read()).weightKg === 1.234);
    expect(await read()).toEqual({
      appId: 'TEST-PC',
      scaleId: 'bench',
      weightKg: 1.234,
      isStable: true,
    });

    port.port!.emitData('US,GS,+0002.0');
    port.port!.emitData('00kg\r\n');
    await waitFor(async () => (await read()).weightKg === null);
    expect(await read()).toMatchObject({ weightKg: null, isStable: false });

    port.port!.emitData('ST,NT,+00450g\r\n');
    await waitFor(async () => (await read()).weightKg === 0.45);

    // Simulated weights are for the simulated scale only.
    expect((await post('/api/simulate', { weightKg: 1 })).status).toBe(404);
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
