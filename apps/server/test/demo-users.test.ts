import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/demo-data.js';
import { createSessionTestApp } from './sessions.js';

let context: Awaited<ReturnType<typeof createSessionTestApp>> | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('GET /auth-api/demo-users', () => {
  it('lists the demo users with name, role and badge while the demo seed is on', async () => {
    context = await createSessionTestApp({ DEMO_SEED: 'true' });
    const response = await context.app.inject({ method: 'GET', url: '/auth-api/demo-users' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ IsSuccess: boolean; OperationObject: unknown }>();
    expect(body.IsSuccess).toBe(true);
    expect(body.OperationObject).toEqual(
      DEMO_USERS.map((user) => ({ name: user.name, role: user.roles[0], badge: user.badge })),
    );
    expect(body.OperationObject).toContainEqual({
      name: 'Иванов Пётр',
      role: 'worker',
      badge: '~W1001-7KQ2',
    });
  });

  it('does not exist without the demo seed (404 envelope)', async () => {
    context = await createSessionTestApp({ DEMO_SEED: 'false' });
    const response = await context.app.inject({ method: 'GET', url: '/auth-api/demo-users' });
    expect(response.statusCode).toBe(404);
    const body = response.json<{ IsSuccess: boolean; ErrorCode: number }>();
    expect(body.IsSuccess).toBe(false);
    expect(body.ErrorCode).toBe(404);
  });
});
