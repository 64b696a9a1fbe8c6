import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LKD_TOKEN_COOKIE,
  RUNTIME_SETTINGS_PATH,
  SESSION_COOKIE,
  ZUserSearchResponse,
} from '@sorting/contracts';
import { events, sessions, signInAttempts } from '../src/db/schema.js';
import { sessionIdOf } from '../src/modules/auth/auth.service.js';
import {
  WEB_HEADERS,
  callWithSession,
  cookieOf,
  createSessionTestApp,
  signInByBadge,
} from './sessions.js';

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
const OTHER_BADGE = '~W1002-3MX8';

function searchUser(token?: string, cookies: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url: '/auth-api/users/search',
    headers: { ...WEB_HEADERS, 'content-type': 'application/json' },
    payload: '',
    cookies: token ? { [SESSION_COOKIE]: token, ...cookies } : cookies,
  });
}

function signInByPassword(login: string, password: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url: '/auth-api/sign-in',
    headers: { ...WEB_HEADERS, ...headers },
    payload: { login, password },
  });
}

describe('sign-in by badge (lkdToken cookie, users/search)', () => {
  it('signs in, sets the session cookie and expires the lkdToken cookie', async () => {
    const { response, token } = await signInByBadge(context.app, WORKER_BADGE);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ IsSuccess: true, ErrorCode: null });
    expect(ZUserSearchResponse.parse(body.OperationObject)).toEqual({
      Id: expect.any(Number),
      Number: 1001,
      Name: 'Иванов Пётр',
      DefaultWarehouseNumber: 34717,
      Roles: ['worker'],
      SortingCenterId: 34717,
    });
    const session = cookieOf(response, SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lkd = cookieOf(response, LKD_TOKEN_COOKIE);
    expect(lkd).toMatchObject({ value: '', maxAge: 0 });

    // Only the hash of the token is stored.
    const rows = await context.database.db.select().from(sessions);
    expect(rows.some((row) => row.id === token)).toBe(false);
    const signedIn = await context.database.db
      .select()
      .from(events)
      .where(eq(events.kind, 'signed-in'));
    expect(signedIn.length).toBeGreaterThan(0);
  });

  it('answers users/search from the session afterwards', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const response = await searchUser(token ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 1001, Name: 'Иванов Пётр' },
    });
  });

  it('rotates the session: a new sign-in ends the browser’s previous session', async () => {
    const first = await signInByBadge(context.app, WORKER_BADGE);
    const second = await signInByBadge(context.app, OTHER_BADGE, {
      cookie: `${SESSION_COOKIE}=${first.token}`,
    });
    expect(second.token).not.toBe(first.token);
    expect((await searchUser(first.token ?? '')).json()).toMatchObject({ IsSuccess: false });
    expect((await searchUser(second.token ?? '')).json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 1002 },
    });
  });

  it('refuses an unknown badge with a clear message and no session', async () => {
    const { response, token } = await signInByBadge(context.app, '~W9999-XXXX');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      IsSuccess: false,
      Message: 'Неверный бейдж или пароль',
      ErrorCode: 401,
      IsCriticalError: false,
      IsRepeat: false,
      OperationObject: null,
      RequestId: response.headers['x-request-id'],
    });
    expect(token).toBeNull();
    expect(cookieOf(response, LKD_TOKEN_COOKIE)).toMatchObject({ maxAge: 0 });
    const refused = await context.database.db
      .select()
      .from(events)
      .where(eq(events.kind, 'sign-in-refused'));
    expect(refused.length).toBeGreaterThan(0);
    expect(JSON.stringify(refused)).not.toContain('W9999');
  });

  it('answers in English with NEXT_LOCALE=en', async () => {
    const response = await searchUser(undefined, { NEXT_LOCALE: 'en', lkdToken: '~nobody' });
    expect(response.json()).toMatchObject({ Message: 'Wrong badge or password', ErrorCode: 401 });
  });

  it('answers without a session: unsuccessful, ErrorCode 401, HTTP 200', async () => {
    const response = await searchUser();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 401,
      Message: 'Вы не вошли в систему',
    });
  });
});

describe('sign-in by login and password', () => {
  it('signs in and sets the session', async () => {
    const response = await signInByPassword('petrova', 'demo-supervisor');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      IsSuccess: true,
      OperationObject: { Number: 2001, Roles: ['supervisor'], SortingCenterId: 34717 },
    });
    const token = cookieOf(response, SESSION_COOKIE)?.value ?? '';
    expect((await searchUser(token)).json()).toMatchObject({ OperationObject: { Number: 2001 } });
  });

  it('answers a wrong password and an unknown login with the same message', async () => {
    const wrongPassword = await signInByPassword('petrova', 'nope');
    const unknownLogin = await signInByPassword('nobody', 'nope');
    for (const response of [wrongPassword, unknownLogin]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        IsSuccess: false,
        ErrorCode: 401,
        Message: 'Неверный бейдж или пароль',
      });
      expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses a malformed body with 400', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/auth-api/sign-in',
      headers: WEB_HEADERS,
      payload: { login: 'petrova' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('session expiry', () => {
  it('ends a session after 30 idle minutes', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    context.clock.advanceMinutes(29);
    expect((await searchUser(token ?? '')).json()).toMatchObject({ IsSuccess: true });
    // Activity keeps it alive: 29 more minutes after the last request.
    context.clock.advanceMinutes(29);
    expect((await searchUser(token ?? '')).json()).toMatchObject({ IsSuccess: true });
    context.clock.advanceMinutes(31);
    const expired = await searchUser(token ?? '');
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 401,
      Message: 'Сессия истекла, войдите снова',
    });
    expect(cookieOf(expired, SESSION_COOKIE)).toMatchObject({ maxAge: 0 });
    const rows = await context.database.db.select().from(sessions);
    expect(rows.find((row) => row.id === sessionIdOf(token ?? ''))).toBeUndefined();
  });

  it('ends a session 12 hours after sign-in however active', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    for (let hour = 0; hour < 12 * 3; hour += 1) {
      context.clock.advanceMinutes(20);
      await searchUser(token ?? '');
    }
    expect((await searchUser(token ?? '')).json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 401,
    });
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const id = sessionIdOf(token ?? '');
    const lastSeen = async () =>
      (await context.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.lastSeenAt;
    const before = await lastSeen();
    context.clock.advanceMinutes(0.5);
    await searchUser(token ?? '');
    expect(await lastSeen()).toEqual(before);
    context.clock.advanceMinutes(1);
    await searchUser(token ?? '');
    expect((await lastSeen())?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });
});

describe('DELETE /users-api/v1/sessions', () => {
  it('ends the session, expires the cookies and answers lowercase isSuccess', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const response = await callWithSession(
      context.app,
      token ?? '',
      'DELETE',
      '/users-api/v1/sessions',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isSuccess: true });
    expect(cookieOf(response, SESSION_COOKIE)).toMatchObject({ value: '', maxAge: 0 });
    expect(cookieOf(response, LKD_TOKEN_COOKIE)).toMatchObject({ value: '', maxAge: 0 });
    expect((await searchUser(token ?? '')).json()).toMatchObject({ IsSuccess: false });
    const signedOut = await context.database.db
      .select()
      .from(events)
      .where(eq(events.kind, 'signed-out'));
    expect(signedOut.length).toBeGreaterThan(0);

    // Idempotent: again, and without any session.
    const again = await callWithSession(
      context.app,
      token ?? '',
      'DELETE',
      '/users-api/v1/sessions',
    );
    expect(again.json()).toEqual({ isSuccess: true });
    const none = await context.app.inject({ method: 'DELETE', url: '/users-api/v1/sessions' });
    expect(none.json()).toEqual({ isSuccess: true });
  });
});

describe('CSRF defence of cookie-authenticated writes', () => {
  it('refuses a write with the session cookie but without X-Requested-With', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const response = await context.app.inject({
      method: 'POST',
      url: '/auth-api/users/search',
      cookies: { [SESSION_COOKIE]: token ?? '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
    const logout = await context.app.inject({
      method: 'DELETE',
      url: '/users-api/v1/sessions',
      cookies: { [SESSION_COOKIE]: token ?? '' },
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toMatchObject({ isSuccess: false, errorCode: 403 });
  });

  it('refuses a foreign Origin and accepts the same origin', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const foreign = await callWithSession(
      context.app,
      token ?? '',
      'POST',
      '/auth-api/users/search',
      undefined,
      {
        host: 'sorting.example.ru',
        origin: 'https://evil.example.com',
      },
    );
    expect(foreign.statusCode).toBe(403);
    const same = await callWithSession(
      context.app,
      token ?? '',
      'POST',
      '/auth-api/users/search',
      undefined,
      {
        host: 'sorting.example.ru',
        origin: 'https://sorting.example.ru',
      },
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ IsSuccess: true });
  });

  it('does not check public calls that never read the session', async () => {
    const { token } = await signInByBadge(context.app, WORKER_BADGE);
    const response = await context.app.inject({
      method: 'POST',
      url: RUNTIME_SETTINGS_PATH,
      cookies: { [SESSION_COOKIE]: token ?? '' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a badge sign-in without the header', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/auth-api/users/search',
      cookies: { [LKD_TOKEN_COOKIE]: WORKER_BADGE },
    });
    expect(response.statusCode).toBe(403);
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('secure cookies behind a proxy', () => {
  it('marks the cookie Secure on https only when TRUST_PROXY is set', async () => {
    const proxied = await createSessionTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await signInByBadge(proxied.app, WORKER_BADGE, {
        'x-forwarded-proto': 'https',
      });
      expect(cookieOf(https.response, SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
    const direct = await signInByBadge(context.app, WORKER_BADGE, { 'x-forwarded-proto': 'https' });
    expect(cookieOf(direct.response, SESSION_COOKIE)?.secure).toBeFalsy();
  });
});
