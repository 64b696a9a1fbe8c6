import { z } from 'zod';

// The administrators' list of error reports (docs/DECISIONS.md "Error reporting"); the route
// is `ERROR_REPORTS_ROUTES` in core.routes.ts. camelCase envelope and fields.

/** Groups per page of `/errors` (part 2 §9 paging habit). */
export const ERROR_REPORTS_PAGE_SIZE = 40;

export const ZErrorReportsQuery = z.object({
  /** 1-based page. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type TErrorReportsQuery = z.infer<typeof ZErrorReportsQuery>;

/** One group: its f-code or exception type, counts and the context of its newest report. */
export const ZErrorReportGroup = z.object({
  groupKey: z.string(),
  fCode: z.string().nullable(),
  exceptionType: z.string().nullable(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  message: z.string().nullable(),
  userId: z.number().int().nullable(),
  warehouseId: z.number().int().nullable(),
  route: z.string().nullable(),
  appVersion: z.string().nullable(),
  requestId: z.string().nullable(),
  platform: z.string(),
});
export type TErrorReportGroup = z.infer<typeof ZErrorReportGroup>;

export const ZErrorReportsPage = z.object({
  groups: z.array(ZErrorReportGroup),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TErrorReportsPage = z.infer<typeof ZErrorReportsPage>;

export const ERROR_REPORTS_SCHEMAS = {
  errorReports: {
    summary: 'Error reports grouped by f-code or exception type, newest first (administrators)',
    query: ZErrorReportsQuery,
    response: ZErrorReportsPage,
  },
};
