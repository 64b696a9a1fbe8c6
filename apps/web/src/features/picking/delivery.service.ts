import {
  DELIVERY_ROUTES,
  PICKING_DELIVERY_ROUTES,
  SORTING_ROUTES,
  type TTariff,
} from '@sorting/contracts';
import type { ApiClient, CallResult, FlatCallInput } from '../../lib/api-client';
import type { PickingPorts } from './picking.model';
import type { DeliveryPorts } from './delivery.model';
import { createPickingService } from './picking.service';

/** The calls of the delivery page and the pick-up's delivery offer. */
export type DeliveryCalls = Pick<
  DeliveryPorts,
  'info' | 'items' | 'create' | 'measure' | 'finish' | 'end' | 'dimension'
> & {
  /** Spec part 2 §4 tariff rule: the tariffs of a warehouse pair. */
  tariff(input: FlatCallInput<typeof DELIVERY_ROUTES.tariff>): Promise<CallResult<TTariff[]>>;
  begin: PickingPorts['begin'];
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
    tariff: (query) => api.call(DELIVERY_ROUTES.tariff, { query }),
    items: (deliveryId) => api.call(DELIVERY_ROUTES.items, { params: { deliveryId } }),
    create: ({ operationId, ...body }) => api.call(DELIVERY_ROUTES.create, { body, operationId }),
    measure: ({ deliveryId, deliveryItemId, operationId, ...body }) =>
      api.call(DELIVERY_ROUTES.measure, {
        params: { deliveryId, deliveryItemId },
        body,
        operationId,
      }),
    finish: ({ operationId, ...query }) =>
      api.call(PICKING_DELIVERY_ROUTES.delivery, { query, operationId }),
    dimension: (barcode) => api.call(SORTING_ROUTES.dimension, { query: { barcode } }),
  };
}
