import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import {
  LKD_TOKEN_COOKIE,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  SESSION_COOKIE,
} from '@sorting/contracts';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

/** The headers the web app's API client sends on every call. */
export const WEB_HEADERS = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } as const;

/** A movable clock for sessions and rate limits. */
export function createClock(start = new Date('2026-03-02T08:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes: number) => {
      current += minutes * 60_000;
    },
    advanceSeconds: (seconds: number) => {
      current += seconds * 1000;
    },
  };
}

/** A seeded database and an app over it with a movable clock. */
export async function createSessionTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'onRoute'> = {},
) {
  const database: Database = await createTestDatabase();
  await seedDemoData(database.db);
  const clock = createClock();
  const app: FastifyInstance = await buildApp({
    config: createTestConfig(env),
    database,
    keepDatabaseOpen: true,
    now: clock.now,
    ...options,
  });
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A cookie the answer sets, by name. */
export function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/** Signs in by badge the way the web app does (lkdToken cookie, users/search). */
export async function signInByBadge(
  app: FastifyInstance,
  badge: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
): Promise<{ response: LightMyRequestResponse; token: string | null }> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth-api/users/search',
    headers: { ...WEB_HEADERS, ...headers },
    cookies: { ...cookies, [LKD_TOKEN_COOKIE]: badge },
  });
  const cookie = cookieOf(response, SESSION_COOKIE);
  return { response, token: cookie && cookie.value ? cookie.value : null };
}

/** A call with the session cookie and the web app's headers. */
export function callWithSession(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...WEB_HEADERS, ...headers },
    cookies: { [SESSION_COOKIE]: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
