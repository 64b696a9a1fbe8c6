import { PRINTING_ROUTES, type TPrintJobListItem } from '@sorting/contracts';
import { createApiClient, type FetchFn } from '../../lib/api-client';
import { callValue } from '../../lib/call-error';

/** One row of `PRINTING_ROUTES.jobs` (jobs recorded queued → sent → printed/failed). */
export type PrintJobRow = TPrintJobListItem;

export interface PrintingApi {
  listJobs(): Promise<PrintJobRow[]>;
  reprint(jobId: string): Promise<string>;
}

/**
 * The recent jobs and reprint calls of the server's printing API (`PRINTING_ROUTES`), whose
 * base is beside the printing hub (`printingApiBase` of contracts).
 */
export function createPrintingApi(fetchFn: FetchFn, base: string): PrintingApi {
  const api = createApiClient({ fetch: fetchFn, getServiceBase: () => base });
  return {
    // A failure is a CallError with the key of the dialog's text for it.
    listJobs: () => callValue(api.call(PRINTING_ROUTES.jobs, {}), 'dialog.jobsFailed'),
    reprint: async (jobId) =>
      (
        await callValue(
          api.call(PRINTING_ROUTES.reprint, { params: { jobId } }),
          'dialog.reprintFailed',
        )
      ).jobId,
  };
}
