import { defineRoute, fillPath } from '../routing/route.js';
import type { TIME_TRACKING_SCHEMAS } from './time-tracking.schemas.js';

type Schemas = typeof TIME_TRACKING_SCHEMAS;

/** Spec part 1 §6: any user of the sorting centre ({code}) runs the time tracking screen. */
const CENTRE_USERS = { kind: 'session', sortingCenter: true } as const;

/**
 * Spec part 1 §7 "Users and time tracking": `/timetracking-api/v1/{code}/Workplaces…` ({code}
 * = the sorting centre id), plus our worked-time report. PascalCase envelope and fields.
 */
export const TIME_TRACKING_ROUTES = {
  workplaces: defineRoute<Schemas['workplaces']>()({
    service: 'timeTracking',
    method: 'GET',
    path: '/timetracking-api/v1/{code}/Workplaces',
    answer: 'pascal',
    access: CENTRE_USERS,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  scanBadge: defineRoute<Schemas['scanBadge']>()({
    service: 'timeTracking',
    method: 'POST',
    path: '/timetracking-api/v1/{code}/Workplaces/{barcode}/users/barcode-scan',
    answer: 'pascal',
    access: CENTRE_USERS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  leave: defineRoute<Schemas['leave']>()({
    service: 'timeTracking',
    method: 'POST',
    path: '/timetracking-api/v1/{code}/Workplaces/{barcode}/users/{userId}/leave',
    answer: 'pascal',
    access: CENTRE_USERS,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  report: defineRoute<Schemas['report']>()({
    service: 'timeTracking',
    method: 'GET',
    path: '/timetracking-api/v1/{code}/report',
    answer: 'pascal',
    access: { kind: 'session', roles: ['supervisor', 'administrator'], sortingCenter: true },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
} as const;

/** `…/Workplaces/{barcode}/users/barcode-scan` filled in (the barcode URL-encoded). */
export function workplaceScanPath(sortingCenterId: number, cellBarcode: string): string {
  return fillPath(TIME_TRACKING_ROUTES.scanBadge.path, {
    code: sortingCenterId,
    barcode: cellBarcode,
  });
}

/** `…/Workplaces/{barcode}/users/{userId}/leave` filled in. */
export function workplaceLeavePath(
  sortingCenterId: number,
  cellBarcode: string,
  userId: number,
): string {
  return fillPath(TIME_TRACKING_ROUTES.leave.path, {
    code: sortingCenterId,
    barcode: cellBarcode,
    userId,
  });
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
  const path = fillPath(TIME_TRACKING_ROUTES.report.path, { code: sortingCenterId });
  return `${path}?from=${from}&to=${to}${suffix}`;
}
