import type { FastifyInstance } from 'fastify';
import { TIME_TRACKING_ROUTES, TIME_TRACKING_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { wordsFor, type MessageKey } from '../../i18n/messages.js';
import { centreCallOf } from '../../lib/call-context.js';
import type { TimeTrackingService } from './time-tracking.service.js';
import { formatWorkedTimeCsv, type WorkedTimeCsvHeader } from './worked-time-csv.js';

/** The report's CSV header: catalogue keys, worded here at the edge. */
const CSV_HEADER = {
  UserId: 'reportUserId',
  FullName: 'reportFullName',
  CellBarcode: 'reportCellBarcode',
  WorkplaceName: 'reportWorkplaceName',
  Minutes: 'reportMinutes',
  Intervals: 'reportIntervals',
} as const satisfies Record<keyof WorkedTimeCsvHeader, MessageKey>;

/**
 * Spec part 1 §7 "Users and time tracking": the routes of `TIME_TRACKING_ROUTES` (paths,
 * access and schemas are in packages/contracts); each handler hands its checked input to the
 * service. The report's `format=csv` answers a file whose header is in the caller's language.
 */
export async function timeTrackingRoutes(
  app: FastifyInstance,
  options: { service: TimeTrackingService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, TIME_TRACKING_ROUTES, TIME_TRACKING_SCHEMAS, {
    workplaces: async ({ call }) => service.workplaces(centreCallOf(call)),
    scanBadge: async ({ params, body, call }) =>
      service.scanBadge(params.barcode, body.UserToken, centreCallOf(call)),
    leave: async ({ params, call }) =>
      service.leave(params.barcode, params.userId, centreCallOf(call)),
    report: async ({ params, query, call, request, reply }) => {
      const report = await service.report(query, centreCallOf(call));
      if (query.format !== 'csv') return report;
      const day = query.from.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="worked-time-${params.code}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(formatWorkedTimeCsv(report.Rows, wordsFor(request, CSV_HEADER)));
    },
  });
}
