import { and, count, desc, eq, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { errorReports } from '../../db/schema-error-reports.js';
import type { ReportRow } from './envelope-reader.js';

/** SQL of the error reports. */
export function createErrorReportsRepository(db: Db) {
  return {
    /** Stores the reports; one already stored (an SDK's retry) is left as it was. */
    async insert(rows: ReportRow[], receivedAt: Date): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await db
        .insert(errorReports)
        .values(rows.map((row) => ({ ...row, receivedAt })))
        .onConflictDoNothing({ target: errorReports.eventId })
        .returning({ id: errorReports.id });
      return added.length;
    },

    /** Deletes the reports received before `before` (the retention). */
    async deleteOlderThan(before: Date): Promise<number> {
      const gone = await db
        .delete(errorReports)
        .where(lt(errorReports.receivedAt, before))
        .returning({ id: errorReports.id });
      return gone.length;
    },

    /** Groups by f-code / exception type, newest last-seen first, with their count. */
    async groups(page: number, pageSize: number) {
      const rows = await db
        .select({
          groupKey: errorReports.groupKey,
          count: count(),
          firstSeen: min(errorReports.receivedAt),
          lastSeen: max(errorReports.receivedAt),
        })
        .from(errorReports)
        .groupBy(errorReports.groupKey)
        .orderBy(desc(max(errorReports.receivedAt)), errorReports.groupKey)
        .limit(pageSize)
        .offset(page * pageSize);
      const [total] = await db
        .select({ total: sql<number>`count(distinct ${errorReports.groupKey})::int` })
        .from(errorReports);
      return { rows, total: Number(total?.total ?? 0) };
    },

    /** The newest report of a group: its context stands for the group on the page. */
    async latestOf(groupKey: string) {
      const [row] = await db
        .select()
        .from(errorReports)
        .where(and(eq(errorReports.groupKey, groupKey)))
        .orderBy(desc(errorReports.receivedAt), desc(errorReports.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ErrorReportsRepository = ReturnType<typeof createErrorReportsRepository>;
