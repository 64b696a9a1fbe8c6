import {
  TIME_TRACKING_ERROR_CODES,
  WORKPLACE_TOGGLE_STATUS,
  type TWorkedTimeReport,
  type TWorkplace,
  type TWorkplaceLeaveResult,
  type TWorkplaceToggleResult,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CentreCallContext, RepositoryFactory } from '../../lib/call-context.js';
import { hashBadgeToken } from '../../lib/credentials.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { refusal } from '../../lib/refusal.js';
import type { TimeTrackingRepository, WorkplaceRow } from './time-tracking.repository.js';

/**
 * Spec part 1 §4 "Time tracking": workplaces, badge-scan toggles, leave; our report. Access
 * (a user of the centre; managers for the report) is declared on TIME_TRACKING_ROUTES.
 */
export function createTimeTrackingService(options: {
  db: Db;
  repository: RepositoryFactory<Db, TimeTrackingRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf } = options;

  /** Spec part 1 §5: an unknown workplace barcode is f-011 (ErrorCode 104). */
  async function workplaceOrRefuse(
    repository: TimeTrackingRepository,
    context: CentreCallContext,
    barcode: string,
  ): Promise<WorkplaceRow> {
    const workplace = await repository.findWorkplace(context.sortingCenterId, barcode);
    if (!workplace) {
      throw refusal(
        'objectNotFound',
        'workplaceNotFound',
        { barcode },
        { errorCode: TIME_TRACKING_ERROR_CODES.workplaceNotFound },
      );
    }
    return workplace;
  }

  /** A change in one transaction, idempotent by the call's operation id (db/operations.ts). */
  const changes = operationsOver(db, repositoryOf);

  return {
    async workplaces(context: CentreCallContext): Promise<TWorkplace[]> {
      const repository = repositoryOf(db);
      const [places, open] = await Promise.all([
        repository.listWorkplaces(context.sortingCenterId),
        repository.listOpenIntervals(context.sortingCenterId),
      ]);
      return places.map((place) => ({
        CellBarcode: place.cellBarcode,
        Name: place.name,
        Employees: open
          .filter((interval) => interval.workplaceId === place.id)
          .map((interval) => ({
            UserId: interval.userId,
            FullName: interval.fullName,
            StartTime: interval.startedAt.toISOString(),
          })),
      }));
    },

    /**
     * The badge toggle: the user leaves this workplace when they are at it, otherwise joins it
     * (leaving the one they were at). One row per stay; the user's row lock serialises toggles.
     */
    async scanBadge(
      barcode: string,
      userToken: string,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TWorkplaceToggleResult>> {
      return changes.run(context, async (repository) => {
        const workplace = await workplaceOrRefuse(repository, context, barcode);
        const badgeUser = await repository.findUserByBadgeHash(hashBadgeToken(userToken));
        if (!badgeUser || !badgeUser.isActive) {
          throw refusal(
            'refused',
            'badgeNotFound',
            {},
            { errorCode: TIME_TRACKING_ERROR_CODES.badgeNotFound },
          );
        }
        if (badgeUser.sortingCenterId !== context.sortingCenterId) {
          throw refusal(
            'refused',
            'userOfOtherSortingCenter',
            { name: badgeUser.name },
            { errorCode: TIME_TRACKING_ERROR_CODES.userOfOtherSortingCenter },
          );
        }
        const person = await repository.lockUser(badgeUser.id);
        if (!person) throw new Error(`user ${badgeUser.id} vanished`);
        const at = now();
        const open = await repository.findOpenInterval(person.id);
        const base = {
          UserId: person.id,
          FullName: person.name,
          CellBarcode: workplace.cellBarcode,
        };
        if (open && open.workplaceId === workplace.id) {
          const endedAt = await repository.closeInterval(open.id, at, context.user.id);
          await repository.events.record(
            { userId: context.user.id, warehouseId: null, at },
            'workplace.left',
            { userId: person.id, workplace: workplace.cellBarcode },
          );
          return {
            Status: WORKPLACE_TOGGLE_STATUS.left,
            ...base,
            StartTime: open.startedAt.toISOString(),
            EndTime: endedAt.toISOString(),
            PreviousCellBarcode: null,
          };
        }
        if (open) await repository.closeInterval(open.id, at, context.user.id);
        const startedAt = await repository.openInterval({
          userId: person.id,
          workplaceId: workplace.id,
          at,
          startedBy: context.user.id,
        });
        await repository.events.record(
          { userId: context.user.id, warehouseId: null, at },
          'workplace.joined',
          {
            userId: person.id,
            workplace: workplace.cellBarcode,
            previous: open?.cellBarcode ?? null,
          },
        );
        return {
          Status: WORKPLACE_TOGGLE_STATUS.joined,
          ...base,
          StartTime: startedAt.toISOString(),
          EndTime: null,
          PreviousCellBarcode: open?.cellBarcode ?? null,
        };
      });
    },

    /** Removes a user from a workplace (spec part 1 §2); refused when they are not there. */
    async leave(
      barcode: string,
      userId: number,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TWorkplaceLeaveResult>> {
      return changes.run(context, async (repository) => {
        const workplace = await workplaceOrRefuse(repository, context, barcode);
        const person = await repository.lockUser(userId);
        const open = person ? await repository.findOpenInterval(userId) : null;
        if (!person || !open || open.workplaceId !== workplace.id) {
          throw refusal(
            'refused',
            'notAtWorkplace',
            { userId, barcode },
            { errorCode: TIME_TRACKING_ERROR_CODES.notAtWorkplace },
          );
        }
        const at = now();
        const endedAt = await repository.closeInterval(open.id, at, context.user.id);
        await repository.events.record(
          { userId: context.user.id, warehouseId: null, at },
          'workplace.left',
          { userId, workplace: workplace.cellBarcode, removed: true },
        );
        return {
          UserId: userId,
          FullName: person.name,
          CellBarcode: workplace.cellBarcode,
          StartTime: open.startedAt.toISOString(),
          EndTime: endedAt.toISOString(),
        };
      });
    },

    /** Worked time per user and workplace in [from, to), for the end of a shift. */
    async report(
      range: { from: string; to: string },
      context: CentreCallContext,
    ): Promise<TWorkedTimeReport> {
      const from = new Date(range.from);
      const to = new Date(range.to);
      const rows = await repositoryOf(db).workedTime({
        sortingCenterId: context.sortingCenterId,
        from,
        to,
        now: now(),
      });
      return {
        From: from.toISOString(),
        To: to.toISOString(),
        Rows: rows.map((row) => ({
          UserId: row.userId,
          FullName: row.fullName,
          CellBarcode: row.cellBarcode,
          WorkplaceName: row.workplaceName,
          Minutes: Math.round(row.seconds / 60),
          Intervals: row.intervals,
        })),
      };
    },
  };
}

export type TimeTrackingService = ReturnType<typeof createTimeTrackingService>;
