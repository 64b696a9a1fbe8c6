import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_ROUTES,
  type TOutboundDetail,
  type TOutboundHead,
  type TSyncStateAnswer,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The outbound shipment calls of spec part 2 §7 the /shipment screen makes. */
export interface ShipmentCalls {
  heads(filter: {
    search: string;
    dateBegin: string | null;
    dateEnd: string | null;
    page: number;
  }): Promise<ApiResult<TOutboundHead[]>>;
  details(outboundId: number): Promise<ApiResult<TOutboundDetail[]>>;
  /** `syncstate` with `SyncKey: null`: clears the integration code. */
  clearSyncKey(outboundId: number, operationId: string): Promise<ApiResult<TSyncStateAnswer>>;
}

export function createShipmentService(api: ApiClient): ShipmentCalls {
  return {
    heads: (filter) =>
      api.call(DOCUMENTS_ROUTES.outboundHeads, {
        body: {
          IsSupplySelected: false,
          States: [],
          SearchString: filter.search,
          DateBegin: filter.dateBegin,
          DateEnd: filter.dateEnd,
          Page: filter.page,
          PageSize: DOCUMENTS_PAGE_SIZE,
        },
      }),
    details: (outboundId) => api.call(DOCUMENTS_ROUTES.outboundDetails, { query: { outboundId } }),
    clearSyncKey: (outboundId, operationId) =>
      api.call(DOCUMENTS_ROUTES.outboundSyncState, {
        body: [{ OutboundId: outboundId, SyncKey: null }],
        operationId,
      }),
  };
}
