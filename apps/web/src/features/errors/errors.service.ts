import { CORE_ROUTES, type TErrorReportsPage } from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The error reports' list (docs/DECISIONS.md "Error reporting"): one page of groups. */
export interface ErrorReportsCalls {
  list(page: number): Promise<ApiResult<TErrorReportsPage>>;
}

export function createErrorReportsService(api: ApiClient): ErrorReportsCalls {
  return {
    list: (page) => api.call(CORE_ROUTES.errorReports, { query: { page } }),
  };
}
