import { PICKING_ROUTES, PICKING_PAGE_SIZE, type TPickingClientsPage } from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';
import type { PickingPorts } from './picking.model';

/** The calls of the picking screens; the pages give the real ones, tests a fake server. */
export type PickingCalls = Pick<
  PickingPorts,
  'findClients' | 'info' | 'begin' | 'search' | 'pickup' | 'end' | 'cancel'
> & {
  /** One page of the direction list (paged by 30, spec part 1 §9), searched. */
  listClients(input: { page: number; search: string }): Promise<ApiResult<TPickingClientsPage>>;
};

/** Spec part 1 §7 "Recipient picking" (`PICKING_ROUTES`) over the typed API client. */
export function createPickingService(api: ApiClient): PickingCalls {
  return {
    listClients: ({ page, search }) =>
      api.call(PICKING_ROUTES.clients, {
        query: { page, pageSize: PICKING_PAGE_SIZE, search: search === '' ? undefined : search },
      }),
    findClients: (search) =>
      api.call(PICKING_ROUTES.clients, { query: { page: 1, pageSize: 2, search } }),
    info: (clientCode) =>
      api.call(PICKING_ROUTES.info, { body: { PickingClientCode: clientCode } }),
    begin: ({ clientCode, operationId }) =>
      api.call(PICKING_ROUTES.begin, { body: { PickingClientCode: clientCode }, operationId }),
    search: (pickingId) => api.call(PICKING_ROUTES.search, { body: { PickingId: pickingId } }),
    pickup: ({ pickingId, barcode, cellBarcode, operationId }) =>
      api.call(PICKING_ROUTES.pickup, {
        body: {
          PickingId: pickingId,
          Timestamp: new Date().toISOString(),
          Barcode: barcode,
          CellBarcode: cellBarcode,
        },
        operationId,
      }),
    end: ({ pickingId, operationId }) =>
      api.call(PICKING_ROUTES.end, {
        body: {
          PickingId: pickingId,
          Timestamp: new Date().toISOString(),
          ValidationData: { Kind: 'none' },
        },
        operationId,
      }),
    cancel: ({ pickingId, operationId }) =>
      api.call(PICKING_ROUTES.cancel, { body: { PickingId: pickingId }, operationId }),
  };
}
