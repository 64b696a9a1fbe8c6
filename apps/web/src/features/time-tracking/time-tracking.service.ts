import { TIME_TRACKING_ROUTES } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { TimeTrackingPorts } from './time-tracking.machine';

/** The time tracking calls of spec part 1 §7 (`TIME_TRACKING_ROUTES`); `{code}` is the centre. */
export function createTimeTrackingService(api: ApiClient, getCode: () => Promise<number>) {
  const calls: Pick<TimeTrackingPorts, 'loadWorkplaces' | 'scanBadge' | 'leave'> = {
    loadWorkplaces: async () =>
      api.call(TIME_TRACKING_ROUTES.workplaces, { params: { code: await getCode() } }),
    scanBadge: async ({ barcode, userToken, operationId }) =>
      api.call(TIME_TRACKING_ROUTES.scanBadge, {
        params: { code: await getCode(), barcode },
        body: { UserToken: userToken },
        operationId,
      }),
    leave: async ({ barcode, userId, operationId }) =>
      api.call(TIME_TRACKING_ROUTES.leave, {
        params: { code: await getCode(), barcode, userId },
        operationId,
      }),
  };
  return calls;
}

export type TimeTrackingService = ReturnType<typeof createTimeTrackingService>;
