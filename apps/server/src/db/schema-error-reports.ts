import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Error reports received by the server's own Sentry-compatible ingest (docs/DECISIONS.md
 * "Error reporting"): one row per event, only the context an operator needs and no personal
 * data (no names, tokens, cookies or request bodies; the web app's scrubber and the ingest
 * both drop them). Deleted after ERROR_REPORT_RETENTION_DAYS.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The SDK's event id: a report sent twice (a retry) is stored once. */
    eventId: uuid('event_id').notNull().unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'javascript' (web app) or 'node' (server). */
    platform: text('platform').notNull(),
    /** What the page groups by: the f-code, else the exception type, else the message. */
    groupKey: text('group_key').notNull(),
    fCode: text('f_code'),
    errorCode: text('error_code'),
    exceptionType: text('exception_type'),
    message: text('message'),
    userId: integer('user_id'),
    warehouseId: integer('warehouse_id'),
    route: text('route'),
    appVersion: text('app_version'),
    requestId: text('request_id'),
    browser: text('browser'),
  },
  (t) => [
    index('error_reports_received_at').on(t.receivedAt),
    index('error_reports_group_key').on(t.groupKey, t.receivedAt),
  ],
);
