import type { TWorkplace, TWorkplaceLeaveResult, TWorkplaceToggleResult } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { CallResult, LeaveInput, ScanBadgeInput } from './time-tracking.machine';

/** The time tracking calls of spec part 1 §7; `{code}` is the sorting centre id. */
export function createTimeTrackingService(api: ApiClient, getCode: () => Promise<number>) {
  const base = async () => `/timetracking-api/v1/${await getCode()}/Workplaces`;
  return {
    loadWorkplaces: async (): Promise<CallResult<TWorkplace[]>> =>
      api.get<TWorkplace[]>('timeTracking', await base()),
    scanBadge: async ({
      barcode,
      userToken,
      operationId,
    }: ScanBadgeInput): Promise<CallResult<TWorkplaceToggleResult>> =>
      api.post<TWorkplaceToggleResult>(
        'timeTracking',
        `${await base()}/${encodeURIComponent(barcode)}/users/barcode-scan`,
        { UserToken: userToken },
        { operationId },
      ),
    leave: async ({
      barcode,
      userId,
      operationId,
    }: LeaveInput): Promise<CallResult<TWorkplaceLeaveResult>> =>
      api.post<TWorkplaceLeaveResult>(
        'timeTracking',
        `${await base()}/${encodeURIComponent(barcode)}/users/${userId}/leave`,
        undefined,
        { operationId },
      ),
  };
}

export type TimeTrackingService = ReturnType<typeof createTimeTrackingService>;
