import { PRINTING_ROUTES, type TPrintJobListItem } from '@sorting/contracts';
import { createApiClient, type ApiResult, type FetchFn } from '../../lib/api-client';

/** One row of `PRINTING_ROUTES.jobs` (issue 4: jobs recorded queued → sent → printed/failed). */
export type PrintJobRow = TPrintJobListItem;

export interface PrintingApi {
  listJobs(): Promise<PrintJobRow[]>;
  reprint(jobId: string): Promise<string>;
}

/** The operation object of a successful answer; a refusal or a failure throws its message. */
function valueOf<T>(result: ApiResult<T>): T {
  if (!result.isSuccess || result.operationObject === null) {
    throw new Error(result.message ?? `HTTP ${result.status}`);
  }
  return result.operationObject;
}

/**
 * The recent jobs and reprint calls of the server's printing API (`PRINTING_ROUTES`), whose
 * base is beside the printing hub (`printingApiBase` of contracts).
 */
export function createPrintingApi(fetchFn: FetchFn, base: string): PrintingApi {
  const api = createApiClient({ fetch: fetchFn, getServiceBase: () => base });
  return {
    listJobs: async () => valueOf(await api.call(PRINTING_ROUTES.jobs, {})),
    reprint: async (jobId) =>
      valueOf(await api.call(PRINTING_ROUTES.reprint, { params: { jobId } })).jobId,
  };
}
