import {
  AppError,
  type TCreatedUser,
  type TDeletedUser,
  type TSortingCenterUser,
  type TUserCreateRequest,
  type TUsersListQuery,
  type TUsersPage,
} from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { translate } from '../../i18n/messages.js';
import { generateBadgeToken, hashBadgeToken } from '../../lib/credentials.js';
import { runInOperation, type OperationOutcome } from '../../lib/operations.js';
import type { SessionUser } from '../auth/auth.service.js';
import { authoriseSortingCenter } from '../auth/authorise.js';
import {
  createUsersRepository,
  type CentreUserRow,
  type UsersRepository,
} from './users.repository.js';

/** Who calls, in which centre, with which operation id. */
export interface UsersCallContext {
  user: SessionUser;
  locale: Locale;
  operationId: string | null;
  sortingCenterId: number;
}

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
  now: () => Date;
  /** After a change that ended a user's sessions has committed (the session cache). */
  onSessionsEnded?: (userId: number) => void;
}) {
  const { db, now } = options;

  /** Tells this process at once; other processes hear it from the database (migration 0009). */
  async function endingSessions<T>(userId: number, change: Promise<T>): Promise<T> {
    const outcome = await change;
    options.onSessionsEnded?.(userId);
    return outcome;
  }

  /** Spec part 1 §6: only a supervisor or administrator of the centre (else 403 → f-007). */
  function authorise(context: UsersCallContext): void {
    authoriseSortingCenter(context.user, context.sortingCenterId, {
      managersOnly: true,
      message: translate(context.locale, 'sortingCenterForbidden', {
        code: context.sortingCenterId,
      }),
      managersMessage: translate(context.locale, 'usersManagersOnly'),
    });
  }

  async function findUserOrRefuse(
    repository: UsersRepository,
    context: UsersCallContext,
    userId: number,
  ): Promise<CentreUserRow> {
    const target = await repository.findActiveUser(context.sortingCenterId, userId);
    if (!target) {
      throw new AppError('objectNotFound', {
        message: translate(context.locale, 'userNotFound', { userId }),
      });
    }
    return target;
  }

  /**
   * A change in one transaction, idempotent by the call's operation id (lib/operations.ts);
   * `toStored` is what a replay answers, when it differs from the answer.
   */
  function inOperation<T>(
    context: UsersCallContext,
    work: (repository: UsersRepository) => Promise<T>,
    toStored?: (value: T) => T,
  ): Promise<OperationOutcome<T>> {
    return runInOperation(
      db,
      {
        operationId: context.operationId,
        userId: context.user.id,
        locale: context.locale,
        ...(toStored ? { toStored } : {}),
      },
      (tx) => work(createUsersRepository(tx)),
    );
  }

  /** The badge is a secret kept only as a hash: a replay answers without it. */
  function withoutBadge(created: TCreatedUser): TCreatedUser {
    return { ...created, badge: null };
  }

  return {
    async list(query: TUsersListQuery, context: UsersCallContext): Promise<TUsersPage> {
      authorise(context);
      const repository = createUsersRepository(db);
      const { rows, totalCount } = await repository.listUsers(context.sortingCenterId, {
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(present), totalCount, page: query.page, pageSize: query.pageSize };
    },

    async create(
      body: TUserCreateRequest,
      context: UsersCallContext,
    ): Promise<OperationOutcome<TCreatedUser>> {
      authorise(context);
      if (body.sortingCenterId !== context.sortingCenterId) {
        throw new AppError('badRequest', {
          message: translate(context.locale, 'sortingCenterMismatch', {
            sortingCenterId: body.sortingCenterId,
            code: context.sortingCenterId,
          }),
        });
      }
      return inOperation(
        context,
        async (repository) => {
          const badge = generateBadgeToken();
          const row = await repository.insertWorker({
            sortingCenterId: context.sortingCenterId,
            name: body.name,
            badgeTokenHash: hashBadgeToken(badge),
          });
          await repository.recordEvent({
            at: now(),
            userId: context.user.id,
            kind: 'user.created',
            payload: { userId: row.userId, sortingCenterId: row.sortingCenterId },
          });
          return { ...present(row), badge };
        },
        withoutBadge,
      );
    },

    /** A new badge for a user (lost badge, or the first one's answer was lost): old one stops. */
    async reissueBadge(
      userId: number,
      context: UsersCallContext,
    ): Promise<OperationOutcome<TCreatedUser>> {
      authorise(context);
      return endingSessions(
        userId,
        inOperation(
          context,
          async (repository) => {
            const target = await findUserOrRefuse(repository, context, userId);
            const badge = generateBadgeToken();
            await repository.setBadgeHash(target.userId, hashBadgeToken(badge));
            // Whoever signed in with the old badge is signed out with it.
            await repository.deleteSessions(target.userId);
            await repository.recordEvent({
              at: now(),
              userId: context.user.id,
              kind: 'user.badge-reissued',
              payload: { userId: target.userId },
            });
            return { ...present(target), badge };
          },
          withoutBadge,
        ),
      );
    },

    /** Deleting a user ends their sessions and their open workplace time (issue 6). */
    async remove(
      userId: number,
      context: UsersCallContext,
    ): Promise<OperationOutcome<TDeletedUser>> {
      authorise(context);
      return endingSessions(
        userId,
        inOperation(context, async (repository) => {
          const target = await findUserOrRefuse(repository, context, userId);
          if (target.userId === context.user.id) {
            throw new AppError('refused', {
              message: translate(context.locale, 'cannotDeleteSelf'),
            });
          }
          const isActorAdministrator = context.user.roles.includes('administrator');
          if (target.roles.includes('administrator') && !isActorAdministrator) {
            throw new AppError('refused', {
              message: translate(context.locale, 'cannotDeleteAdministrator'),
            });
          }
          const at = now();
          await repository.deactivate(target.userId);
          const endedSessions = await repository.deleteSessions(target.userId);
          const endedWorkIntervals = await repository.endOpenWorkIntervals(
            target.userId,
            at,
            context.user.id,
          );
          await repository.recordEvent({
            at,
            userId: context.user.id,
            kind: 'user.deleted',
            payload: { userId: target.userId, endedSessions, endedWorkIntervals },
          });
          return { userId: target.userId, endedSessions, endedWorkIntervals };
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
