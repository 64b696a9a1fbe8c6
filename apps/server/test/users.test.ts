import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USERS_PAGE_SIZE,
  type TCreatedUser,
  type TDeletedUser,
  type TUsersPage,
  fillPath,
  USERS_ROUTES,
} from '@sorting/contracts';
import { operations, sessions, users, workIntervals } from '../src/db/schema.js';
import { callWithSession, createSessionTestApp, signInByBadge } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

const SC = 34717;
const USERS = fillPath(USERS_ROUTES.list.path, { code: SC });
const SUPERVISOR_BADGE = '~S2001-9TB4';
const ADMIN_BADGE = '~A3001-5RZ6';
const BADGE_PATTERN = /^~[0-9A-HJKMNP-TV-Z]{20}$/;

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let supervisor: SortingClient;
let admin: SortingClient;
let worker: SortingClient;
let foreignWorker: SortingClient;

const noWarehouse = () => 0;

beforeAll(async () => {
  context = await createSessionTestApp();
  supervisor = await signInClient(context.app, SUPERVISOR_BADGE, noWarehouse);
  admin = await signInClient(context.app, ADMIN_BADGE, noWarehouse);
  worker = await signInClient(context.app, BADGES.worker, noWarehouse);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, noWarehouse);
});

afterAll(async () => {
  await context?.close();
});

async function createUser(name: string, operationId?: string): Promise<TCreatedUser> {
  const response = await supervisor.call('POST', USERS, { sortingCenterId: SC, name }, operationId);
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ isSuccess: true });
  return body.operationObject as TCreatedUser;
}

async function listUsers(client: SortingClient, query = ''): Promise<TUsersPage> {
  const response = await client.call('GET', `${USERS}${query}`);
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ isSuccess: true });
  return body.operationObject as TUsersPage;
}

async function userIdOf(badge: string): Promise<number> {
  const { response } = await signInByBadge(context.app, badge);
  return (response.json().OperationObject as { Id: number }).Id;
}

describe('who may manage users (spec part 1 §6: 401/403 → f-007)', () => {
  it('answers 401 without a session on every call', async () => {
    for (const [method, url] of [
      ['GET', USERS],
      ['POST', USERS],
      ['DELETE', `${USERS}/1`],
      ['POST', `${USERS}/1/badge`],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: { 'X-Requested-With': 'sorting' },
        ...(method === 'POST' ? { payload: { sortingCenterId: SC, name: 'X' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ isSuccess: false, errorCode: 401 });
    }
  });

  it('answers 403 to a worker of the centre on every call', async () => {
    const workerId = await userIdOf(BADGES.otherWorker);
    for (const [method, url, payload] of [
      ['GET', USERS, undefined],
      ['POST', USERS, { sortingCenterId: SC, name: 'Не создан' }],
      ['DELETE', `${USERS}/${workerId}`, undefined],
      ['POST', `${USERS}/${workerId}/badge`, undefined],
    ] as const) {
      const response = await worker.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ isSuccess: false, errorCode: 403 });
    }
    const rows = await context.database.db.select().from(users).where(eq(users.name, 'Не создан'));
    expect(rows).toEqual([]);
  });

  it('answers 403 to a supervisor asking about another sorting centre, and to outsiders', async () => {
    const other = await supervisor.call('GET', '/users-api/v1/1201/Users');
    expect(other.statusCode).toBe(403);
    const created = await supervisor.call('POST', '/users-api/v1/99999/Users', {
      sortingCenterId: 99999,
      name: 'Чужой',
    });
    expect(created.statusCode).toBe(403);
    const outsider = await foreignWorker.call('GET', USERS);
    expect(outsider.statusCode).toBe(403);
  });

  it('lets an administrator of the centre list users', async () => {
    const page = await listUsers(admin);
    expect(page.items.map((user) => user.name)).toContain('Петрова Мария');
  });
});

describe('adding a user', () => {
  it('creates a worker with a badge the user signs in with; only its hash is stored', async () => {
    const created = await createUser('  Новиков   Илья ');
    expect(created).toMatchObject({ name: 'Новиков Илья', sortingCenterId: SC, roles: ['worker'] });
    expect(created.userId).toBeGreaterThan(0);
    expect(created.badge).toMatch(BADGE_PATTERN);
    const badge = created.badge ?? '';

    const { response, token } = await signInByBadge(context.app, badge);
    expect(token).not.toBeNull();
    expect(response.json().OperationObject).toMatchObject({
      Id: created.userId,
      Name: 'Новиков Илья',
      Number: created.number,
    });

    const dump = JSON.stringify([
      await context.database.db.select().from(users),
      await context.database.db.select().from(operations),
    ]);
    expect(dump).not.toContain(badge);
  });

  it('gives each new user the next personnel number and a different badge', async () => {
    const [a, b] = await Promise.all([
      createUser('Первый Параллельный'),
      createUser('Второй Параллельный'),
    ]);
    expect(a?.number).not.toBe(b?.number);
    expect(Math.abs((a?.number ?? 0) - (b?.number ?? 0))).toBe(1);
    expect(a?.badge).not.toBe(b?.badge);
  });

  it('answers a replay with isRepeat and no badge, creating nobody else', async () => {
    const operationId = newOperationId();
    const first = await createUser('Повторов Денис', operationId);
    expect(first.badge).toMatch(BADGE_PATTERN);
    const replay = await supervisor.call(
      'POST',
      USERS,
      { sortingCenterId: SC, name: 'Повторов Денис' },
      operationId,
    );
    expect(replay.json()).toMatchObject({
      isSuccess: true,
      isRepeat: true,
      operationObject: { userId: first.userId, badge: null },
    });
    const rows = await context.database.db
      .select()
      .from(users)
      .where(eq(users.name, 'Повторов Денис'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a body whose sortingCenterId is not the centre of the path, and an empty name', async () => {
    const mismatch = await supervisor.call('POST', USERS, { sortingCenterId: 1201, name: 'X' });
    expect(mismatch.statusCode).toBe(400);
    const empty = await supervisor.call('POST', USERS, { sortingCenterId: SC, name: '   ' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the list: paging by 40 and search', () => {
  it('pages by 40 in name order with a total count', async () => {
    const before = await listUsers(supervisor);
    const names = Array.from({ length: 45 }, (_, i) => `Яковлев ${String(i).padStart(2, '0')}`);
    for (const name of names) await createUser(name);

    const first = await listUsers(supervisor);
    expect(first.pageSize).toBe(USERS_PAGE_SIZE);
    expect(first.items).toHaveLength(40);
    expect(first.totalCount).toBe(before.totalCount + 45);
    const second = await listUsers(supervisor, '?page=2');
    expect(second.items).toHaveLength(first.totalCount - 40);
    const all = [...first.items, ...second.items].map((user) => user.name);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(all.filter((name) => name.startsWith('Яковлев'))).toEqual(names);
    expect(new Set([...first.items, ...second.items].map((user) => user.userId)).size).toBe(
      first.totalCount,
    );
    // A worker of another centre never appears.
    expect(all).not.toContain('Козлов Дмитрий');
  });

  it('finds by part of the name (any case) and by personnel number; % is plain text', async () => {
    const byName = await listUsers(supervisor, `?search=${encodeURIComponent('яковлев 0')}`);
    expect(byName.totalCount).toBe(10);
    expect(byName.items.every((user) => user.name.startsWith('Яковлев 0'))).toBe(true);

    const byNumber = await listUsers(supervisor, '?search=2001');
    expect(byNumber.items.map((user) => user.name)).toEqual(['Петрова Мария']);

    const wildcard = await listUsers(supervisor, `?search=${encodeURIComponent('%')}`);
    expect(wildcard.totalCount).toBe(0);

    const last = await listUsers(
      supervisor,
      `?search=${encodeURIComponent('Яковлев')}&pageSize=5&page=9`,
    );
    expect(last).toMatchObject({ totalCount: 45, page: 9, pageSize: 5 });
    expect(last.items.map((user) => user.name)).toEqual(
      [40, 41, 42, 43, 44].map((n) => `Яковлев ${n}`),
    );
    const beyond = await listUsers(
      supervisor,
      `?search=${encodeURIComponent('Яковлев')}&pageSize=5&page=10`,
    );
    expect(beyond).toMatchObject({ items: [], totalCount: 45, page: 10 });
  });
});

describe('deleting a user', () => {
  it('ends their sessions and their open workplace time, and takes their badge', async () => {
    const created = await createUser('Удалов Семён');
    const badge = created.badge ?? '';
    const signedIn = await signInByBadge(context.app, badge);
    const userToken = signedIn.token ?? '';
    const join = await supervisor.call(
      'POST',
      `/timetracking-api/v1/${SC}/Workplaces/${encodeURIComponent('=34717-WP-01')}/users/barcode-scan`,
      { UserToken: badge },
    );
    expect(join.json()).toMatchObject({ IsSuccess: true, OperationObject: { Status: 1 } });

    const response = await supervisor.call('DELETE', `${USERS}/${created.userId}`);
    expect(response.json()).toMatchObject({
      isSuccess: true,
      operationObject: { userId: created.userId, endedSessions: 1, endedWorkIntervals: 1 },
    });

    const afterwards = await callWithSession(
      context.app,
      userToken,
      'GET',
      '/sorting-api/warehouses',
    );
    expect(afterwards.statusCode).toBe(401);
    const again = await signInByBadge(context.app, badge);
    expect(again.token).toBeNull();
    const open = await context.database.db
      .select()
      .from(workIntervals)
      .where(sql`${workIntervals.userId} = ${created.userId} and ${workIntervals.endedAt} is null`);
    expect(open).toEqual([]);
    const workplaces = await supervisor.call('GET', `/timetracking-api/v1/${SC}/Workplaces`);
    expect(JSON.stringify(workplaces.json())).not.toContain('Удалов Семён');
    const remaining = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, created.userId));
    expect(remaining).toEqual([]);

    const list = await listUsers(supervisor, `?search=${encodeURIComponent('Удалов')}`);
    expect(list.totalCount).toBe(0);
    const twice = await supervisor.call('DELETE', `${USERS}/${created.userId}`);
    expect(twice.json()).toMatchObject({ isSuccess: false, errorCode: 104 });
  });

  it('answers a replayed deletion with isRepeat', async () => {
    const created = await createUser('Повторно Удаляемый');
    const operationId = newOperationId();
    const first = await supervisor.call(
      'DELETE',
      `${USERS}/${created.userId}`,
      undefined,
      operationId,
    );
    expect(first.json()).toMatchObject({ isSuccess: true, isRepeat: false });
    const replay = await supervisor.call(
      'DELETE',
      `${USERS}/${created.userId}`,
      undefined,
      operationId,
    );
    expect(replay.json()).toMatchObject({
      isSuccess: true,
      isRepeat: true,
      operationObject: { userId: created.userId },
    });
  });

  it('does not find a user of another centre, and refuses deleting oneself or an administrator', async () => {
    const foreignId = await userIdOf(BADGES.foreignWorker);
    const foreign = await supervisor.call('DELETE', `${USERS}/${foreignId}`);
    expect(foreign.json()).toMatchObject({ isSuccess: false, errorCode: 104 });

    const supervisorId = await userIdOf(SUPERVISOR_BADGE);
    const self = await supervisor.call('DELETE', `${USERS}/${supervisorId}`);
    expect(self.json()).toMatchObject({ isSuccess: false, errorCode: 1 });

    const adminId = await userIdOf(ADMIN_BADGE);
    const boss = await supervisor.call('DELETE', `${USERS}/${adminId}`);
    expect(boss.json()).toMatchObject({ isSuccess: false, errorCode: 1 });

    const rows = await context.database.db.select().from(users).where(eq(users.id, adminId));
    expect(rows[0]?.isActive).toBe(true);
  });

  it('lets an administrator delete a supervisor', async () => {
    const created = await createUser('Временный Старший');
    await context.database.db
      .update(users)
      .set({ roles: ['supervisor'] })
      .where(eq(users.id, created.userId));
    const response = await admin.call('DELETE', `${USERS}/${created.userId}`);
    expect((response.json().operationObject as TDeletedUser).userId).toBe(created.userId);
  });
});

describe('reissuing a badge', () => {
  it('gives a new badge; the old one stops working and its sessions end', async () => {
    const created = await createUser('Потерял Бейдж');
    const oldBadge = created.badge ?? '';
    const oldSession = await signInByBadge(context.app, oldBadge);
    const response = await supervisor.call('POST', `${USERS}/${created.userId}/badge`);
    const reissued = response.json().operationObject as TCreatedUser;
    expect(reissued).toMatchObject({ userId: created.userId, name: 'Потерял Бейдж' });
    expect(reissued.badge).toMatch(BADGE_PATTERN);
    expect(reissued.badge).not.toBe(oldBadge);

    expect((await signInByBadge(context.app, oldBadge)).token).toBeNull();
    expect((await signInByBadge(context.app, reissued.badge ?? '')).token).not.toBeNull();
    const stale = await callWithSession(
      context.app,
      oldSession.token ?? '',
      'GET',
      '/sorting-api/warehouses',
    );
    expect(stale.statusCode).toBe(401);
  });
});
