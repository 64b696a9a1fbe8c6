import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { DEMO_USERS } from '../src/db/demo-data.js';
import { users } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import { callWithSession, signInByBadge } from './sessions.js';
import { createTestDatabase, openSameTestDatabase } from './test-database.js';

// Two server processes over one database, each keeping the sessions it looked up in memory
// (auth/session-cache.ts) for a minute here, far longer than in production: only the
// database's notification (migration 0009) can make the second one notice a change.

let first: Database;
let second: Database;
const apps: FastifyInstance[] = [];

async function startApp(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    sessionCacheMs: 60_000,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  first = await createTestDatabase();
  await seedDemoData(first.db);
  second = await openSameTestDatabase(first);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await second?.close();
  await first?.close();
});

const worker = (index: number) => {
  const user = DEMO_USERS.filter((u) => u.roles.includes('worker'))[index];
  if (!user) throw new Error('no such demo worker');
  return user;
};

/** Who the app says is signed in with the token ("users/search" without a badge). */
async function signedInName(app: FastifyInstance, token: string): Promise<string | null> {
  const body = (await callWithSession(app, token, 'POST', '/auth-api/users/search')).json() as {
    IsSuccess: boolean;
    ErrorCode?: number;
    OperationObject?: { Name?: string };
  };
  if (!body.IsSuccess) {
    expect(body.ErrorCode).toBe(401);
    return null;
  }
  return body.OperationObject?.Name ?? '';
}

/** What `read` answers once it answers `wanted`, polling for two seconds at most. */
async function within<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const deadline = Date.now() + 2_000;
  let value = await read();
  while (value !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe('a session kept in memory by another process', () => {
  it('ends there too when its row is deleted, by anyone', async () => {
    const [a, b] = [await startApp(first), await startApp(second)];
    const { token } = await signInByBadge(a, worker(0).badge);
    if (!token) throw new Error('no session');
    expect(await signedInName(b, token)).toBe(worker(0).name);
    await first.db.execute(sql`delete from sessions`);
    expect(await within(() => signedInName(b, token), null)).toBeNull();
  });

  it("ends there too when its user is deactivated, and follows the user's changes", async () => {
    const [a, b] = [apps[0], apps[1]];
    if (!a || !b) throw new Error('apps not started');
    const user = worker(1);
    const { token } = await signInByBadge(a, user.badge);
    if (!token) throw new Error('no session');
    expect(await signedInName(b, token)).toBe(user.name);

    await first.db.update(users).set({ name: 'Новое Имя' }).where(eq(users.number, user.number));
    expect(await within(() => signedInName(b, token), 'Новое Имя')).toBe('Новое Имя');

    await first.db.update(users).set({ isActive: false }).where(eq(users.number, user.number));
    expect(await within(() => signedInName(b, token), null)).toBeNull();
  });
});
