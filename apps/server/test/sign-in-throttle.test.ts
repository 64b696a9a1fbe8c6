import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, fillPath, LKD_TOKEN_COOKIE, USERS_ROUTES } from '@sorting/contracts';
import { signInAttempts } from '../src/db/schema.js';
import { cookieOf, createSessionTestApp, signInByBadge, WEB_HEADERS } from './sessions.js';
import { newOperationId, signInClient } from './sorting-client.js';

// docs/DECISIONS.md "Sessions and sign-in": sign-in failures are throttled
// by client address and by account with growing delays, not by a hard lock; the device
// cookie stays an extra limit; an administrator can unlock an account.

let context: Awaited<ReturnType<typeof createSessionTestApp>>;

beforeAll(async () => {
  context = await createSessionTestApp();
});

afterAll(async () => {
  await context?.close();
});

beforeEach(async () => {
  // Each test starts without failures on record.
  await context.database.db.delete(signInAttempts);
});

const WORKER_BADGE = '~W1001-7KQ2';
const ADMIN_BADGE = '~A3001-5RZ6';

interface From {
  address?: string;
  userAgent?: string;
  device?: string;
}

function signInByPassword(login: string, password: string, from: From = {}) {
  return context.app.inject({
    method: 'POST',
    url: '/auth-api/sign-in',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: { ...WEB_HEADERS, 'user-agent': from.userAgent ?? 'Browser/1' },
    cookies: from.device ? { [DEVICE_COOKIE]: from.device } : {},
    payload: { login, password },
  });
}

function signInWithBadge(badge: string, from: From = {}) {
  return context.app.inject({
    method: 'POST',
    url: '/auth-api/users/search',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: { ...WEB_HEADERS, 'user-agent': from.userAgent ?? 'Handheld/7' },
    cookies: {
      [LKD_TOKEN_COOKIE]: badge,
      ...(from.device ? { [DEVICE_COOKIE]: from.device } : {}),
    },
  });
}

/** Throttled: HTTP 429 with Retry-After (seconds); null when the attempt was judged. */
function retryAfterOf(response: LightMyRequestResponse): number | null {
  if (response.statusCode !== 429) return null;
  expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 429 });
  return Number(response.headers['retry-after']);
}

const isSignedIn = (response: LightMyRequestResponse) => response.json().IsSuccess === true;

describe('throttling by client address', () => {
  it('holds badge guesses without cookies and with a new user agent each time', async () => {
    let judged = 0;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const response = await signInWithBadge(`~W7${attempt}`, {
        address: '10.0.0.66',
        userAgent: `Scripted/${attempt}`,
      });
      if (retryAfterOf(response) === null) judged += 1;
    }
    // 30 failures an address may make before the delays start (a floor behind one NAT).
    expect(judged).toBe(30);
    // Another address is not held back by it.
    const other = await signInWithBadge(WORKER_BADGE, { address: '10.0.0.5' });
    expect(isSignedIn(other)).toBe(true);
  });

  it('gives a browser without a device cookie one at its first attempt', async () => {
    const { response } = await signInByBadge(context.app, '~W9-UNKNOWN');
    const cookie = cookieOf(response, DEVICE_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires?.getUTCFullYear()).toBe(2100);
    // A browser that keeps it is not given another.
    const again = await signInByBadge(
      context.app,
      WORKER_BADGE,
      {},
      { [DEVICE_COOKIE]: cookie!.value },
    );
    expect(cookieOf(again.response, DEVICE_COOKIE)).toBeUndefined();
  });

  it('holds a device after 5 failures; the handheld beside it is not held back', async () => {
    const device = 'device-seven-0123456789ab';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInWithBadge(`~W9${attempt}`, { device });
    }
    const held = await signInWithBadge(WORKER_BADGE, { device });
    expect(retryAfterOf(held)).toBe(1);
    // Same model, same address, its own device cookie.
    const beside = await signInWithBadge(WORKER_BADGE, { device: 'device-eight-0123456789ab' });
    expect(isSignedIn(beside)).toBe(true);
    context.clock.advanceSeconds(1);
    expect(isSignedIn(await signInWithBadge(WORKER_BADGE, { device }))).toBe(true);
  });
});

describe('a floor of handhelds behind one address', () => {
  it("keeps a handheld that has signed in before free of a guesser's address delays", async () => {
    const address = '10.0.3.1';
    const handheld = 'handheld-trusted-0123456789';
    // Monday's shift: the handheld signs a worker in, so its device cookie is known.
    expect(isSignedIn(await signInWithBadge(WORKER_BADGE, { address, device: handheld }))).toBe(
      true,
    );
    // Someone behind the same NAT guesses badges, dropping cookies, until the address waits.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await signInWithBadge(`~W8${attempt}`, { address, userAgent: `Scripted/${attempt}` });
    }
    // A browser never seen to sign in, behind that address, waits with the guesser…
    const stranger = await signInWithBadge(WORKER_BADGE, {
      address,
      device: 'stranger-device-0123456789',
    });
    expect(retryAfterOf(stranger)).toBeGreaterThan(0);
    // …the floor's own handheld signs its worker in at once.
    expect(isSignedIn(await signInWithBadge(ADMIN_BADGE, { address, device: handheld }))).toBe(
      true,
    );
  });

  it('still holds a handheld that signed in before once its own guesses pass 5', async () => {
    const address = '10.0.3.2';
    const handheld = 'handheld-insider-0123456789';
    expect(isSignedIn(await signInWithBadge(WORKER_BADGE, { address, device: handheld }))).toBe(
      true,
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInWithBadge(`~W6${attempt}`, { address, device: handheld });
    }
    expect(retryAfterOf(await signInWithBadge(WORKER_BADGE, { address, device: handheld }))).toBe(
      1,
    );
  });
});

describe('throttling by account, with growing delays', () => {
  it('doubles the wait after each failure beyond 5, up to 15 minutes', async () => {
    const from = { address: '10.0.1.7', device: 'office-pc-0123456789abcdef' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signInByPassword('petrova', 'wrong', from);
      expect(response.json(), `attempt ${attempt}`).toMatchObject({ ErrorCode: 401 });
    }
    const waits: number[] = [];
    for (let step = 0; step < 12; step += 1) {
      const held = await signInByPassword('petrova', 'wrong', from);
      const wait = retryAfterOf(held);
      expect(wait, `step ${step}`).not.toBeNull();
      waits.push(wait!);
      context.clock.advanceSeconds(wait!);
      // After the wait the attempt is judged again (and fails again).
      expect((await signInByPassword('petrova', 'wrong', from)).json()).toMatchObject({
        ErrorCode: 401,
      });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const held = await signInByPassword('petrova', 'demo-supervisor', from);
    expect(held.json().Message).toBe('Слишком много попыток, подождите 15 минут');
    context.clock.advanceMinutes(15);
    expect(isSignedIn(await signInByPassword('petrova', 'demo-supervisor', from))).toBe(true);
  });

  it("says the wait in seconds, in the caller's language", async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await signInByPassword('petrova', 'wrong');
      context.clock.advanceSeconds(1);
    }
    const ru = await signInByPassword('petrova', 'wrong');
    expect(ru.json().Message).toBe('Слишком много попыток, подождите 1 секунду');
    const en = await context.app.inject({
      method: 'POST',
      url: '/auth-api/sign-in',
      headers: { ...WEB_HEADERS, 'user-agent': 'Browser/1' },
      cookies: { NEXT_LOCALE: 'en' },
      payload: { login: 'petrova', password: 'wrong' },
    });
    expect(en.json().Message).toBe('Too many attempts, wait 1 second');
  });

  it("does not let a stranger's wrong passwords lock the administrator out", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await signInByPassword('admin', 'guess', { address: '10.0.2.66' });
      context.clock.advanceSeconds(2);
    }
    const admin = await signInByPassword('admin', 'demo-admin', {
      address: '10.0.2.5',
      device: 'admin-pc-0123456789abcdef',
    });
    expect(isSignedIn(admin), admin.body).toBe(true);
  });

  it('slows a guess of one account from many addresses, for at most a minute a try', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signInByPassword('admin', 'guess', { address: `10.3.0.${attempt}` });
      expect(response.json()).toMatchObject({ ErrorCode: 401 });
    }
    const next = await signInByPassword('admin', 'guess', { address: '10.3.1.1' });
    expect(retryAfterOf(next)).toBe(1);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      context.clock.advanceSeconds(60);
      await signInByPassword('admin', 'guess', { address: `10.3.2.${attempt}` });
    }
    const capped = await signInByPassword('admin', 'demo-admin', { address: '10.0.2.5' });
    expect(retryAfterOf(capped)).toBe(60);
    context.clock.advanceSeconds(60);
    expect(isSignedIn(await signInByPassword('admin', 'demo-admin', { address: '10.0.2.5' }))).toBe(
      true,
    );
  });
});

describe('an administrator unlocks an account', () => {
  it('clears its failures at once; a supervisor may not', async () => {
    const admin = await signInClient(context.app, ADMIN_BADGE, () => 0);
    const supervisor = await signInClient(context.app, '~S2001-9TB4', () => 0);
    const from = { address: '10.0.4.7', device: 'petrova-pc-0123456789abcd' };
    // Twelve wrong passwords, each tried as soon as the delay allows.
    for (let failures = 0; failures < 12;) {
      const wait = retryAfterOf(await signInByPassword('petrova', 'wrong', from));
      if (wait === null) failures += 1;
      else context.clock.advanceSeconds(wait);
    }
    expect(retryAfterOf(await signInByPassword('petrova', 'demo-supervisor', from))).toBe(128);
    const petrovaId = (await signInWithBadge('~S2001-9TB4')).json().OperationObject.Id as number;
    const url = fillPath(USERS_ROUTES.unlock.path, { code: 34717, userId: petrovaId });

    const refused = await supervisor.call('POST', url, undefined, newOperationId());
    expect(refused.statusCode).toBe(403);

    const operationId = newOperationId();
    const unlocked = await admin.call('POST', url, undefined, operationId);
    expect(unlocked.json()).toMatchObject({
      isSuccess: true,
      operationObject: { userId: petrovaId },
    });
    expect(unlocked.json().operationObject.clearedFailures).toBeGreaterThan(0);
    // Idempotent: the same operation answers the same; a new one has nothing left to clear.
    const replay = await admin.call('POST', url, undefined, operationId);
    expect(replay.json()).toMatchObject({ isSuccess: true, isRepeat: true });
    const again = await admin.call('POST', url, undefined, newOperationId());
    expect(again.json()).toMatchObject({
      isSuccess: true,
      operationObject: { clearedFailures: 0 },
    });

    expect(isSignedIn(await signInByPassword('petrova', 'demo-supervisor', from))).toBe(true);
  });
});
