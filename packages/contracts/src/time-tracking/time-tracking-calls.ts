import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import { ZSortingCenterParams } from '../users/users.schemas.js';
import { ALL_WORKPLACES_BARCODE, WORKED_TIME_REPORT_MAX_DAYS } from './time-tracking-types.js';

export * from './time-tracking-types.js';

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
