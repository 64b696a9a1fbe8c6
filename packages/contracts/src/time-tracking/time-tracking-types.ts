// Operation objects of the time tracking calls (spec part 1 §3 "Workplace", §4, §7). Plain
// types and constants, no zod: the web imports these without pulling the schemas into a chunk.
// Field casing is the spec's: PascalCase (CellBarcode, Name, Employees, UserId, FullName,
// StartTime, UserToken, Status); the envelope is PascalCase too.

/** Spec part 1 §9, part 2 §9: the tracked users list is paged by 40 (the web pages it). */
export const TIME_TRACKING_PAGE_SIZE = 40;

/** Spec part 1 §5: '=ALL' is no workplace (f-008). */
export const ALL_WORKPLACES_BARCODE = '=ALL';

/** Spec part 1 §4: the toggle answer's Status; 1 joined, anything else left. */
export const WORKPLACE_TOGGLE_STATUS = { joined: 1, left: 2 } as const;
export type TWorkplaceToggleStatus =
  (typeof WORKPLACE_TOGGLE_STATUS)[keyof typeof WORKPLACE_TOGGLE_STATUS];

/**
 * Envelope ErrorCodes of the time tracking calls (docs/DECISIONS.md "Users and time
 * tracking"); the web maps them to f-codes, never the message text.
 */
export const TIME_TRACKING_ERROR_CODES = {
  /** The workplace barcode is no workplace of this sorting centre → f-011. */
  workplaceNotFound: 104,
  /** The UserToken is no active badge → the web's "unknown badge" text (f-009 family). */
  badgeNotFound: 105,
  /** The badge belongs to a user of another sorting centre. */
  userOfOtherSortingCenter: 106,
  /** `leave`: the user is not at that workplace (already left, or elsewhere). */
  notAtWorkplace: 107,
} as const;

/** Spec part 1 §3 "Workplace" → Employees: UserId, FullName, StartTime (ISO 8601 UTC). */
export interface TWorkplaceEmployee {
  UserId: number;
  FullName: string;
  StartTime: string;
}

/** Spec part 1 §3 "Workplace": CellBarcode ('=…'), Name, Employees (by StartTime). */
export interface TWorkplace {
  CellBarcode: string;
  Name: string;
  Employees: TWorkplaceEmployee[];
}

/**
 * `POST …/Workplaces/{barcode}/users/barcode-scan` answer. Status 1: the user joined this
 * workplace (StartTime = the new interval's start; PreviousCellBarcode = the workplace the
 * join ended, or null). Status 2: the user left it (EndTime set). Fields after Status are ours.
 */
export interface TWorkplaceToggleResult {
  Status: TWorkplaceToggleStatus;
  UserId: number;
  FullName: string;
  CellBarcode: string;
  StartTime: string;
  EndTime: string | null;
  PreviousCellBarcode: string | null;
}

/** `POST …/Workplaces/{barcode}/users/{userId}/leave` answer: the interval that ended. */
export interface TWorkplaceLeaveResult {
  UserId: number;
  FullName: string;
  CellBarcode: string;
  StartTime: string;
  EndTime: string;
}

/**
 * Ours: one row of `GET /timetracking-api/v1/{code}/report?from&to`: the time a user worked at
 * a workplace within [from, to) (open intervals count up to now), ordered by FullName,
 * UserId, CellBarcode. `?format=csv` answers the same rows as a CSV file.
 */
export interface TWorkedTimeRow {
  UserId: number;
  FullName: string;
  CellBarcode: string;
  WorkplaceName: string;
  /** Worked minutes, rounded to the nearest minute. */
  Minutes: number;
  /** Intervals that overlap the range. */
  Intervals: number;
}

/** The report answer (JSON). */
export interface TWorkedTimeReport {
  From: string;
  To: string;
  Rows: TWorkedTimeRow[];
}

/** The longest range a report may span. */
export const WORKED_TIME_REPORT_MAX_DAYS = 93;

/** `/timetracking-api/v1/{code}/Workplaces`, {code} = the sorting centre id. */
export function workplacesPath(sortingCenterId: number): string {
  return `/timetracking-api/v1/${sortingCenterId}/Workplaces`;
}

/** `…/Workplaces/{barcode}/users/barcode-scan`, the barcode URL-encoded ('=' → %3D). */
export function workplaceScanPath(sortingCenterId: number, cellBarcode: string): string {
  return `${workplacesPath(sortingCenterId)}/${encodeURIComponent(cellBarcode)}/users/barcode-scan`;
}

/** `…/Workplaces/{barcode}/users/{userId}/leave`. */
export function workplaceLeavePath(
  sortingCenterId: number,
  cellBarcode: string,
  userId: number,
): string {
  return `${workplacesPath(sortingCenterId)}/${encodeURIComponent(cellBarcode)}/users/${userId}/leave`;
}

/** `/timetracking-api/v1/{code}/report?from&to[&format=csv]`; from/to ISO instants. */
export function workedTimeReportPath(
  sortingCenterId: number,
  range: { from: Date; to: Date },
  format: 'json' | 'csv' = 'json',
): string {
  const from = encodeURIComponent(range.from.toISOString());
  const to = encodeURIComponent(range.to.toISOString());
  const suffix = format === 'csv' ? '&format=csv' : '';
  return `/timetracking-api/v1/${sortingCenterId}/report?from=${from}&to=${to}${suffix}`;
}
