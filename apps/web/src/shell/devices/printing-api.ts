import {
  PRINTERS_HUB_PATH,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type PrintJobState,
} from '@sorting/contracts';
import { buildUrl, toApiResult, type FetchFn } from '../../lib/api-client';

/** One row of `GET /printing-api/v1/jobs` (issue 4: jobs recorded queued → sent → printed/failed). */
export interface PrintJobRow {
  jobId: string;
  createdAt: string;
  barcodeName: string;
  printerId: string;
  appId: string;
  state: PrintJobState;
  message: string | null;
}

/**
 * The printing API lives beside the hub: its base is the hub URL without `/printersHub`
 * ('' = the page's origin for the default '/printersHub'), so no extra runtime setting is needed.
 */
export function printingApiBase(hubUrl: string): string {
  const trimmed = hubUrl.replace(/\/+$/, '');
  return trimmed.toLowerCase().endsWith(PRINTERS_HUB_PATH.toLowerCase())
    ? trimmed.slice(0, -PRINTERS_HUB_PATH.length)
    : '';
}

export interface PrintingApi {
  listJobs(): Promise<PrintJobRow[]>;
  reprint(jobId: string): Promise<string>;
}

/** The recent jobs and reprint calls of the server's printing API. */
export function createPrintingApi(fetchFn: FetchFn, base: string): PrintingApi {
  const call = async <T>(method: 'GET' | 'POST', path: string): Promise<T> => {
    const response = await fetchFn(buildUrl(base, path), {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    });
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : null;
    const result = toApiResult<T>(response.status, response.ok, response.statusText, body);
    if (!result.isSuccess || result.operationObject === null) {
      throw new Error(result.message ?? `HTTP ${response.status}`);
    }
    return result.operationObject;
  };
  return {
    listJobs: () => call<PrintJobRow[]>('GET', '/printing-api/v1/jobs'),
    reprint: async (jobId) =>
      (
        await call<{ jobId: string }>(
          'POST',
          `/printing-api/v1/jobs/${encodeURIComponent(jobId)}/reprint`,
        )
      ).jobId,
  };
}
