import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TCreatedUser,
  type TSortingCenterUser,
  type TUsersPage,
  fillPath,
  USERS_ROUTES,
} from '@sorting/contracts';
import type { UserRole } from '@sorting/domain';
import { users } from '../src/db/schema.js';
import { generateBadgeToken, hashBadgeToken } from '../src/lib/credentials.js';
import { createSessionTestApp, signInByBadge } from './sessions.js';
import { BADGES, signInClient, type SortingClient } from './sorting-client.js';

// Nobody acts on a user whose role is above their own, for every users
// action. The matrix: caller (worker, supervisor, administrator of the centre, and an
// administrator of another centre) × action × the target's role.

const SC = 34717;
const OTHER_CENTRE = 77717;
const USERS = fillPath(USERS_ROUTES.list.path, { code: SC });

type Caller = 'worker' | 'supervisor' | 'administrator' | 'otherCentreAdministrator';
type Action = 'list' | 'add' | 'delete' | 'badge' | 'unlock';
type Outcome = 'done' | 'forbidden' | 'refused';

const CALLERS: Caller[] = ['worker', 'supervisor', 'administrator', 'otherCentreAdministrator'];
const ACTIONS: Action[] = ['list', 'add', 'delete', 'badge', 'unlock'];
const TARGET_ROLES: UserRole[] = ['worker', 'supervisor', 'administrator'];
const RANK: Record<UserRole, number> = { worker: 0, supervisor: 1, administrator: 2 };

/** What each cell of the matrix must answer. */
function expectedOutcome(caller: Caller, action: Action, target: UserRole): Outcome {
  // Users of the centre are managed by its supervisors and administrators only (403, f-007).
  if (caller === 'worker' || caller === 'otherCentreAdministrator') return 'forbidden';
  if (action === 'list' || action === 'add') return 'done';
  // Ending a login's sign-in delays is the administrators'.
  if (action === 'unlock' && caller !== 'administrator') return 'forbidden';
  return RANK[target] > RANK[caller] ? 'refused' : 'done';
}

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
const clients = {} as Record<Caller, SortingClient>;

beforeAll(async () => {
  context = await createSessionTestApp();
  const otherBadge = generateBadgeToken();
  await context.database.db.insert(users).values({
    number: 97001,
    name: 'Чужой Администратор',
    badgeTokenHash: hashBadgeToken(otherBadge),
    roles: ['administrator'],
    sortingCenterId: OTHER_CENTRE,
  });
  const noWarehouse = () => 0;
  clients.worker = await signInClient(context.app, BADGES.worker, noWarehouse);
  clients.supervisor = await signInClient(context.app, '~S2001-9TB4', noWarehouse);
  clients.administrator = await signInClient(context.app, '~A3001-5RZ6', noWarehouse);
  clients.otherCentreAdministrator = await signInClient(context.app, otherBadge, noWarehouse);
});

afterAll(async () => {
  await context?.close();
});

let targets = 0;

/** A fresh user of the centre with a role and a badge that signs in. */
async function createTarget(role: UserRole): Promise<TCreatedUser & { badge: string }> {
  targets += 1;
  const response = await clients.administrator.call('POST', USERS, {
    sortingCenterId: SC,
    name: `Цель ${role} ${targets}`,
  });
  const created = response.json().operationObject as TCreatedUser;
  await context.database.db
    .update(users)
    .set({ roles: [role] })
    .where(eq(users.id, created.userId));
  return { ...created, roles: [role], badge: created.badge ?? '' };
}

async function isActive(userId: number): Promise<boolean> {
  const rows = await context.database.db.select().from(users).where(eq(users.id, userId));
  return rows[0]?.isActive ?? false;
}

async function signsIn(badge: string): Promise<boolean> {
  return (await signInByBadge(context.app, badge)).token !== null;
}

describe('users actions: caller × action × target role', () => {
  for (const caller of CALLERS) {
    for (const action of ACTIONS) {
      // Adding always makes a worker: its target role is the worker's.
      const roles = action === 'add' ? (['worker'] as const) : TARGET_ROLES;
      for (const role of roles) {
        const outcome = expectedOutcome(caller, action, role);
        it(`${caller} → ${action} of a ${role}: ${outcome}`, async () => {
          const client = clients[caller];
          const target = action === 'add' ? null : await createTarget(role);
          const label = `${caller} ${action} ${role}`;
          let response;
          if (action === 'list') {
            response = await client.call(
              'GET',
              `${USERS}?search=${encodeURIComponent(target!.name)}`,
            );
          } else if (action === 'add') {
            response = await client.call('POST', USERS, {
              sortingCenterId: SC,
              name: `Новый от ${caller}`,
            });
          } else if (action === 'delete') {
            response = await client.call(
              'DELETE',
              fillPath(USERS_ROUTES.remove.path, { code: SC, userId: target!.userId }),
            );
          } else {
            response = await client.call(
              'POST',
              `${fillPath(USERS_ROUTES.remove.path, { code: SC, userId: target!.userId })}/${action}`,
            );
          }
          const body = response.json();

          if (outcome === 'forbidden') {
            expect(response.statusCode, label).toBe(403);
            expect(body, label).toMatchObject({ isSuccess: false, errorCode: 403 });
          } else if (outcome === 'refused') {
            expect(body, label).toMatchObject({ isSuccess: false, errorCode: 1 });
            expect(typeof body.message, label).toBe('string');
            expect(JSON.stringify(body), label).not.toMatch(/~[0-9A-HJKMNP-TV-Z]{20}/);
          } else {
            expect(body, `${label}: ${JSON.stringify(body)}`).toMatchObject({ isSuccess: true });
          }

          // What the people concerned notice.
          if (action === 'list' && outcome === 'done') {
            const page = body.operationObject as TUsersPage;
            // The page offers unlocking to those who may do it.
            expect(page.permissions, label).toEqual({ unlockSignIn: caller === 'administrator' });
            expect(page.items.map((user: TSortingCenterUser) => user.userId)).toEqual([
              target!.userId,
            ]);
          }
          if (action === 'unlock' && outcome === 'done') {
            expect(body.operationObject, label).toEqual({
              userId: target!.userId,
              clearedFailures: 0,
            });
          }
          if (action === 'delete') {
            expect(await isActive(target!.userId), label).toBe(outcome !== 'done');
          }
          if (action === 'badge' && target) {
            // Refused: the target keeps their own badge, nobody else gets one for them.
            expect(await signsIn(target.badge), label).toBe(outcome !== 'done');
            if (outcome === 'done') {
              const reissued = body.operationObject as TCreatedUser;
              expect(await signsIn(reissued.badge ?? ''), label).toBe(true);
            }
          }
        });
      }
    }
  }
});
