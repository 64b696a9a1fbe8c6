import {
  DELIVERY_ROUTES,
  PICKING_DELIVERY_ROUTES,
  SORTING_ROUTES,
  type TPicking,
  type TTariff,
} from '@sorting/contracts';
import type { ApiClient, CallResult } from '../../lib/api-client';
import type { DeliveryPorts } from './delivery.model';
import { createPickingService } from './picking.service';

/** The calls of the delivery page and the pick-up's delivery offer. */
export type DeliveryCalls = Pick<
  DeliveryPorts,
  'info' | 'items' | 'create' | 'measure' | 'finish' | 'end' | 'dimension'
> & {
  /** Spec part 2 §4 tariff rule: the tariffs of a warehouse pair. */
  tariff(input: { from: string; to: string }): Promise<CallResult<TTariff[]>>;
  begin(input: { clientCode: string; operationId: string }): Promise<CallResult<TPicking>>;
};

/** Spec part 2 §7 "Delivery", "Picking" over the typed API client. */
export function createDeliveryService(
  api: ApiClient,
  userId: () => number | undefined = () => undefined,
): DeliveryCalls {
  // info, begin and end are the pick-up's own calls (end carries the signed-in UserId).
  const picking = createPickingService(api, userId);
  return {
    info: picking.info,
    begin: picking.begin,
    end: picking.end,
    tariff: ({ from, to }) =>
      api.call(DELIVERY_ROUTES.tariff, { query: { fromAddress: from, toAddress: to } }),
    items: (deliveryId) => api.call(DELIVERY_ROUTES.items, { params: { deliveryId } }),
    create: ({ pickingId, info, itemsCount, operationId }) =>
      api.call(DELIVERY_ROUTES.create, {
        body: {
          externalCode: pickingId,
          warehouseFrom: info.WarehouseCodeFrom ?? '',
          warehouseTo: info.WarehouseCodeTo ?? '',
          addressFrom: info.AddressFrom ?? '',
          addressTo: info.AddressTo ?? '',
          itemsCount,
        },
        operationId,
      }),
    measure: ({ deliveryId, itemId, operationId, ...body }) =>
      api.call(DELIVERY_ROUTES.measure, {
        params: { deliveryId, deliveryItemId: itemId },
        body,
        operationId,
      }),
    finish: ({ pickingId, deliveryId, operationId }) =>
      api.call(PICKING_DELIVERY_ROUTES.delivery, {
        query: deliveryId === null ? { pickingId } : { pickingId, deliveryId },
        operationId,
      }),
    dimension: (barcode) => api.call(SORTING_ROUTES.dimension, { query: { barcode } }),
  };
}
