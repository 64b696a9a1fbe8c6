import type { FastifyInstance } from 'fastify';
import {
  ZSortingCenterParams,
  ZWorkedTimeReportQuery,
  ZWorkplaceLeaveParams,
  ZWorkplaceParams,
  ZWorkplaceScanRequest,
} from '@sorting/contracts';
import { answer, answerOutcome, sortingCenterCallOf } from '../../http/route-context.js';
import type { TimeTrackingService } from './time-tracking.service.js';

/**
 * Spec part 1 §7 "Users and time tracking": `/timetracking-api/v1/{code}/Workplaces…` ({code}
 * = sorting centre id), plus our worked-time report. PascalCase envelope and fields.
 */
export async function timeTrackingRoutes(
  app: FastifyInstance,
  options: { service: TimeTrackingService },
): Promise<void> {
  const { service } = options;
  const guarded = { preHandler: app.requireSession };

  app.get('/timetracking-api/v1/:code/Workplaces', guarded, async (request) => {
    const { code } = ZSortingCenterParams.parse(request.params);
    const workplaces = await service.workplaces(sortingCenterCallOf(request, code));
    return answer(app, request, workplaces);
  });

  app.post(
    '/timetracking-api/v1/:code/Workplaces/:barcode/users/barcode-scan',
    guarded,
    async (request) => {
      const { code, barcode } = ZWorkplaceParams.parse(request.params);
      const body = ZWorkplaceScanRequest.parse(request.body ?? {});
      const outcome = await service.scanBadge(
        barcode,
        body.UserToken,
        sortingCenterCallOf(request, code),
      );
      return answerOutcome(app, request, outcome);
    },
  );

  app.post(
    '/timetracking-api/v1/:code/Workplaces/:barcode/users/:userId/leave',
    guarded,
    async (request) => {
      const { code, barcode, userId } = ZWorkplaceLeaveParams.parse(request.params);
      return answerOutcome(
        app,
        request,
        await service.leave(barcode, userId, sortingCenterCallOf(request, code)),
      );
    },
  );

  app.get('/timetracking-api/v1/:code/report', guarded, async (request, reply) => {
    const { code } = ZSortingCenterParams.parse(request.params);
    const query = ZWorkedTimeReportQuery.parse(request.query ?? {});
    const context = sortingCenterCallOf(request, code);
    if (query.format === 'csv') {
      const csv = await service.reportCsv(query, context);
      const day = query.from.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="worked-time-${code}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    }
    return answer(app, request, await service.report(query, context));
  });
}
