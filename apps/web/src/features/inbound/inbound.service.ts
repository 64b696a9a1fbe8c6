import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_ROUTES,
  type TClosedInbound,
  type TInboundDetail,
  type TInboundHead,
  type TInboundStateCounts,
  type TStickeredDetail,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The heads filter the page sends (part 2 §3 "Documents filter"; dates as local ISO). */
export interface SupplyFilter {
  states: number[];
  search: string;
  dateBegin: string | null;
  dateEnd: string | null;
  page: number;
}

/** The inbound supply calls of spec part 2 §7 the /inbound screen makes. */
export interface InboundCalls {
  counts(range: { dateBegin: string; dateEnd: string }): Promise<ApiResult<TInboundStateCounts>>;
  heads(filter: SupplyFilter): Promise<ApiResult<TInboundHead[]>>;
  details(inboundId: number): Promise<ApiResult<TInboundDetail[]>>;
  close(inboundId: number, operationId: string): Promise<ApiResult<TClosedInbound>>;
  receiptPlaceId(inboundId: number): Promise<ApiResult<number>>;
  /** The `inbound-detail` label data as a JSON string. */
  label(inboundDetailId: number): Promise<ApiResult<string>>;
  stickered(inboundDetailId: number, operationId: string): Promise<ApiResult<TStickeredDetail>>;
}

export function createInboundService(api: ApiClient): InboundCalls {
  return {
    counts: ({ dateBegin, dateEnd }) =>
      api.call(DOCUMENTS_ROUTES.inboundStatesCount, {
        body: { DateBegin: dateBegin, DateEnd: dateEnd },
      }),
    heads: (filter) =>
      api.call(DOCUMENTS_ROUTES.inboundHeads, {
        body: {
          IsSupplySelected: true,
          States: filter.states as (1 | 2 | 3 | 4 | 5)[],
          SearchString: filter.search,
          DateBegin: filter.dateBegin,
          DateEnd: filter.dateEnd,
          Page: filter.page,
          PageSize: DOCUMENTS_PAGE_SIZE,
        },
      }),
    details: (inboundId) => api.call(DOCUMENTS_ROUTES.inboundDetails, { query: { inboundId } }),
    close: (inboundId, operationId) =>
      api.call(DOCUMENTS_ROUTES.closeInbound, { query: { inboundId }, operationId }),
    receiptPlaceId: (inboundId) =>
      api.call(DOCUMENTS_ROUTES.receiptPlaceId, { query: { inboundId } }),
    label: (inboundDetailId) =>
      api.call(DOCUMENTS_ROUTES.inboundDetailLabel, { params: { inboundDetailId } }),
    stickered: (inboundDetailId, operationId) =>
      api.call(DOCUMENTS_ROUTES.inboundDetailStickered, {
        params: { inboundDetailId },
        operationId,
      }),
  };
}
