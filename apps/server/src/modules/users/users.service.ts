import {
  type TCreatedUser,
  type TDeletedUser,
  type TSortingCenterUser,
  type TUnlockedUser,
  type TUserCreateRequest,
  type TUsersListQuery,
  type TUsersPage,
} from '@sorting/contracts';
import { mayActOn } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { generateBadgeToken, hashBadgeToken, loginThrottleKey } from '../../lib/credentials.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CentreCallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { CentreUserRow, UsersRepository } from './users.repository.js';

function present(row: CentreUserRow): TSortingCenterUser {
  return {
    userId: row.userId,
    name: row.name,
    sortingCenterId: row.sortingCenterId,
    number: row.number,
    roles: row.roles,
  };
}

/** Spec part 1 §7 "Users": users of a sorting centre, managed by its supervisors. */
export function createUsersService(options: {
  db: Db;
  repository: RepositoryFactory<Db, UsersRepository>;
  now: () => Date;
  /** After a change that ended a user's sessions has committed (the session cache). */
  onSessionsEnded?: (userId: number) => void;
}) {
  const { db, now, repository: repositoryOf } = options;

  /** Tells this process at once; other processes hear it from the database (migration 0009). */
  async function endingSessions<T>(userId: number, change: Promise<T>): Promise<T> {
    const outcome = await change;
    options.onSessionsEnded?.(userId);
    return outcome;
  }

  const isAdministrator = (context: CentreCallContext) =>
    context.user.roles.includes('administrator');

  /**
   * The user an action is on: of this centre and active (else 104), and not above the caller
   * (a supervisor took over an administrator by reissuing their badge).
   */
  async function findTargetOrRefuse(
    repository: UsersRepository,
    context: CentreCallContext,
    userId: number,
  ): Promise<CentreUserRow> {
    const target = await repository.findActiveUser(context.sortingCenterId, userId);
    if (!target) {
      throw refusal('objectNotFound', 'userNotFound', { userId });
    }
    if (!mayActOn(context.user.roles, target.roles)) {
      throw refusal('refused', 'userRoleAbove', { name: target.name });
    }
    return target;
  }

  /** A change in one transaction, idempotent by the call's operation id (db/operations.ts). */
  const changes = operationsOver(db, repositoryOf);

  /** The badge is a secret kept only as a hash: a replay answers without it. */
  function withoutBadge(created: TCreatedUser): TCreatedUser {
    return { ...created, badge: null };
  }

  return {
    async list(query: TUsersListQuery, context: CentreCallContext): Promise<TUsersPage> {
      const repository = repositoryOf(db);
      const { rows, totalCount } = await repository.listUsers(context.sortingCenterId, {
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map(present),
        totalCount,
        page: query.page,
        pageSize: query.pageSize,
        permissions: { unlockSignIn: isAdministrator(context) },
      };
    },

    async create(
      body: TUserCreateRequest,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TCreatedUser>> {
      if (body.sortingCenterId !== context.sortingCenterId) {
        throw refusal('badRequest', 'sortingCenterMismatch', {
          sortingCenterId: body.sortingCenterId,
          code: context.sortingCenterId,
        });
      }
      return changes.run(
        context,
        async (repository) => {
          const badge = generateBadgeToken();
          const row = await repository.insertWorker({
            sortingCenterId: context.sortingCenterId,
            name: body.name,
            badgeTokenHash: hashBadgeToken(badge),
          });
          await repository.events.record(
            { userId: context.user.id, warehouseId: null, at: now() },
            'user.created',
            { userId: row.userId, sortingCenterId: row.sortingCenterId },
          );
          return { ...present(row), badge };
        },
        withoutBadge,
      );
    },

    /** A new badge for a user (lost badge, or the first one's answer was lost): old one stops. */
    async reissueBadge(
      userId: number,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TCreatedUser>> {
      return endingSessions(
        userId,
        changes.run(
          context,
          async (repository) => {
            const target = await findTargetOrRefuse(repository, context, userId);
            const badge = generateBadgeToken();
            await repository.setBadgeHash(target.userId, hashBadgeToken(badge));
            // Whoever signed in with the old badge is signed out with it.
            await repository.deleteSessions(target.userId);
            await repository.events.record(
              { userId: context.user.id, warehouseId: null, at: now() },
              'user.badge-reissued',
              { userId: target.userId },
            );
            return { ...present(target), badge };
          },
          withoutBadge,
        ),
      );
    },

    /**
     * Ours: an administrator ends the sign-in delays of a user's login at once
     * (a stranger's wrong passwords, or the owner's own). Idempotent: nothing left is 0.
     */
    async unlock(
      userId: number,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TUnlockedUser>> {
      return changes.run(context, async (repository) => {
        const target = await findTargetOrRefuse(repository, context, userId);
        const clearedFailures =
          target.login === null
            ? 0
            : await repository.deleteSignInFailures(loginThrottleKey(target.login));
        await repository.events.record(
          { userId: context.user.id, warehouseId: null, at: now() },
          'user.sign-in-unlocked',
          { userId: target.userId, clearedFailures },
        );
        return { userId: target.userId, clearedFailures };
      });
    },

    /** Deleting a user ends their sessions and their open workplace time. */
    async remove(
      userId: number,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TDeletedUser>> {
      return endingSessions(
        userId,
        changes.run(context, async (repository) => {
          const target = await findTargetOrRefuse(repository, context, userId);
          if (target.userId === context.user.id) {
            throw refusal('refused', 'cannotDeleteSelf');
          }
          const at = now();
          await repository.deactivate(target.userId);
          const endedSessions = await repository.deleteSessions(target.userId);
          const endedWorkIntervals = await repository.endOpenWorkIntervals(
            target.userId,
            at,
            context.user.id,
          );
          await repository.events.record(
            { userId: context.user.id, warehouseId: null, at },
            'user.deleted',
            { userId: target.userId, endedSessions, endedWorkIntervals },
          );
          return { userId: target.userId, endedSessions, endedWorkIntervals };
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
