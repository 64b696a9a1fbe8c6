import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import { ZSortingCenterParams } from '../users/users.schemas.js';
import {
  ALL_WORKPLACES_BARCODE,
  WORKED_TIME_REPORT_MAX_DAYS,
  WORKPLACE_TOGGLE_STATUS,
} from './time-tracking-types.js';

export * from './time-tracking-types.js';

// The schemas of the time tracking calls (spec part 1 §3 "Workplace", §4, §7); the route map is
// `time-tracking.routes.ts`. Field casing is the spec's: PascalCase (CellBarcode, Name,
// Employees, UserId, FullName, StartTime, UserToken, Status); the envelope is PascalCase too.

/**
 * A workplace barcode in the path: a cell-type text ('=…', spec part 1 §4), never '=ALL'
 * (spec part 1 §5, f-008). Send it URL-encoded (`encodeURIComponent`).
 */
const ZWorkplaceBarcode = zText({ min: 2, max: 100 })
  .refine((barcode) => barcode.startsWith('='), 'a workplace barcode starts with =')
  .refine((barcode) => barcode.toUpperCase() !== ALL_WORKPLACES_BARCODE, '=ALL is not a workplace');

/** `…/Workplaces/{barcode}/users/barcode-scan` path parameters. */
export const ZWorkplaceParams = ZSortingCenterParams.extend({ barcode: ZWorkplaceBarcode });
export type TWorkplaceParams = z.infer<typeof ZWorkplaceParams>;

/** `…/Workplaces/{barcode}/users/{userId}/leave` path parameters. */
export const ZWorkplaceLeaveParams = ZWorkplaceParams.extend({ userId: ZId });
export type TWorkplaceLeaveParams = z.infer<typeof ZWorkplaceLeaveParams>;

/** Spec part 1 §7 `POST …/Workplaces/{barcode}/users/barcode-scan`: UserToken (a '~' badge). */
export const ZWorkplaceScanRequest = z.object({
  UserToken: zText({ min: 2, max: 200 }),
});
export type TWorkplaceScanRequest = z.infer<typeof ZWorkplaceScanRequest>;

/**
 * `GET /timetracking-api/v1/{code}/report?from&to[&format=csv]`: ISO 8601 instants with an
 * offset (the web sends the local midnights of the days chosen); `to` is exclusive, after
 * `from`, at most WORKED_TIME_REPORT_MAX_DAYS later.
 */
export const ZWorkedTimeReportQuery = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    message: 'to must be after from',
    path: ['to'],
  })
  .refine(
    (query) =>
      Date.parse(query.to) - Date.parse(query.from) <= WORKED_TIME_REPORT_MAX_DAYS * 86_400_000,
    { message: `the range spans at most ${WORKED_TIME_REPORT_MAX_DAYS} days`, path: ['to'] },
  );
export type TWorkedTimeReportQuery = z.infer<typeof ZWorkedTimeReportQuery>;

/** Spec part 1 §3 "Workplace" → Employees: UserId, FullName, StartTime (ISO 8601 UTC). */
export const ZWorkplaceEmployee = z.object({
  UserId: z.number().int(),
  FullName: z.string(),
  StartTime: z.string(),
});
export type TWorkplaceEmployee = z.infer<typeof ZWorkplaceEmployee>;

/** Spec part 1 §3 "Workplace": CellBarcode ('=…'), Name, Employees (by StartTime). */
export const ZWorkplace = z.object({
  CellBarcode: z.string(),
  Name: z.string(),
  Employees: z.array(ZWorkplaceEmployee),
});
export type TWorkplace = z.infer<typeof ZWorkplace>;

/**
 * `POST …/Workplaces/{barcode}/users/barcode-scan` answer. Status 1: the user joined this
 * workplace (StartTime = the new interval's start; PreviousCellBarcode = the workplace the
 * join ended, or null). Status 2: the user left it (EndTime set). Fields after Status are ours.
 */
export const ZWorkplaceToggleResult = z.object({
  Status: z.union([
    z.literal(WORKPLACE_TOGGLE_STATUS.joined),
    z.literal(WORKPLACE_TOGGLE_STATUS.left),
  ]),
  UserId: z.number().int(),
  FullName: z.string(),
  CellBarcode: z.string(),
  StartTime: z.string(),
  EndTime: z.string().nullable(),
  PreviousCellBarcode: z.string().nullable(),
});
export type TWorkplaceToggleResult = z.infer<typeof ZWorkplaceToggleResult>;

/** `POST …/Workplaces/{barcode}/users/{userId}/leave` answer: the interval that ended. */
export const ZWorkplaceLeaveResult = z.object({
  UserId: z.number().int(),
  FullName: z.string(),
  CellBarcode: z.string(),
  StartTime: z.string(),
  EndTime: z.string(),
});
export type TWorkplaceLeaveResult = z.infer<typeof ZWorkplaceLeaveResult>;

/**
 * Ours: one row of `GET /timetracking-api/v1/{code}/report?from&to`: the time a user worked at
 * a workplace within [from, to) (open intervals count up to now), ordered by FullName,
 * UserId, CellBarcode. `?format=csv` answers the same rows as a CSV file.
 */
export const ZWorkedTimeRow = z.object({
  UserId: z.number().int(),
  FullName: z.string(),
  CellBarcode: z.string(),
  WorkplaceName: z.string(),
  /** Worked minutes, rounded to the nearest minute. */
  Minutes: z.number().int(),
  /** Intervals that overlap the range. */
  Intervals: z.number().int(),
});
export type TWorkedTimeRow = z.infer<typeof ZWorkedTimeRow>;

/**
 * The report answer (JSON). With `format=csv` the same route answers a CSV file instead of the
 * envelope (text/csv, an attachment): the API document shows the JSON answer only.
 */
export const ZWorkedTimeReport = z.object({
  From: z.string(),
  To: z.string(),
  Rows: z.array(ZWorkedTimeRow),
});
export type TWorkedTimeReport = z.infer<typeof ZWorkedTimeReport>;

/** Each call's schemas, bound to its route of `TIME_TRACKING_ROUTES` by name. */
export const TIME_TRACKING_SCHEMAS = {
  workplaces: {
    summary: 'The workplaces of a sorting centre with the users at each',
    params: ZSortingCenterParams,
    response: z.array(ZWorkplace),
  },
  scanBadge: {
    summary: 'A badge scanned at a workplace: its user joins it, or leaves it when already there',

    params: ZWorkplaceParams,
    body: ZWorkplaceScanRequest,
    response: ZWorkplaceToggleResult,
  },
  leave: {
    summary: 'Removes a user from a workplace',
    params: ZWorkplaceLeaveParams,
    response: ZWorkplaceLeaveResult,
  },
  report: {
    summary: 'Worked time per user and workplace in [from, to) (ours); format=csv answers a file',

    params: ZSortingCenterParams,
    query: ZWorkedTimeReportQuery,
    response: ZWorkedTimeReport,
  },
};
