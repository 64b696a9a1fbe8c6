import { ERROR_REPORTS_PAGE_SIZE, type TErrorReportsPage } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { RepositoryFactory } from '../../lib/call-context.js';
import type { ReportRow } from './envelope-reader.js';
import type { ErrorReportsRepository } from './error-reports.repository.js';

/** How often expired reports are deleted. */
const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** The ingest's store, the retention sweep and the counters `/metrics` reads. */
export function createErrorReportsService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, ErrorReportsRepository>;
  retentionDays: number;
  now: () => Date;
}) {
  const reports = deps.repository(deps.db);
  const counters = { received: 0, dropped: 0 };
  return {
    counters,
    async store(rows: ReportRow[]): Promise<void> {
      counters.received += rows.length;
      await reports.insert(rows, deps.now());
    },
    countDropped(reportsDropped: number): void {
      counters.dropped += reportsDropped;
    },
    /** Deletes what is older than the retention; returns how many went. */
    async sweep(): Promise<number> {
      const before = new Date(deps.now().getTime() - deps.retentionDays * 24 * 60 * 60 * 1000);
      return reports.deleteOlderThan(before);
    },
    sweepEveryMs: RETENTION_SWEEP_MS,

    /** A page of groups, newest last-seen first, each with its newest report's context. */
    async list(page: number): Promise<TErrorReportsPage> {
      const pageSize = ERROR_REPORTS_PAGE_SIZE;
      const { rows, total } = await reports.groups(page - 1, pageSize);
      const groups = await Promise.all(
        rows.map(async (group) => {
          const latest = await reports.latestOf(group.groupKey);
          return {
            groupKey: group.groupKey,
            fCode: latest?.fCode ?? null,
            exceptionType: latest?.exceptionType ?? null,
            count: Number(group.count),
            firstSeen: new Date(group.firstSeen ?? 0).toISOString(),
            lastSeen: new Date(group.lastSeen ?? 0).toISOString(),
            message: latest?.message ?? null,
            userId: latest?.userId ?? null,
            warehouseId: latest?.warehouseId ?? null,
            route: latest?.route ?? null,
            appVersion: latest?.appVersion ?? null,
            requestId: latest?.requestId ?? null,
            platform: latest?.platform ?? 'javascript',
          };
        }),
      );
      return { groups, total, page, pageSize };
    },
  };
}

export type ErrorReportsService = ReturnType<typeof createErrorReportsService>;
