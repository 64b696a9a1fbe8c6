import {
  PICKING_PAGE_SIZE,
  PICKING_PAYMENT_ROUTES,
  PICKING_ROUTES,
  type TPickingClientsPage,
} from '@sorting/contracts';
import { getLocalStorage } from '../../lib/storage';
import type { ApiClient, ApiResult } from '../../lib/api-client';
import { deliveryPath } from './delivery.model';
import { pickupPath } from './picking-machine-helpers';
import { LAST_PICKING_RECIPIENT_KEY, type PickingPorts } from './picking.model';

/** The calls of the picking screens; the pages give the real ones, tests a fake server. */
export type PickingCalls = Pick<
  PickingPorts,
  | 'findClients'
  | 'info'
  | 'begin'
  | 'search'
  | 'pickup'
  | 'end'
  | 'cancel'
  | 'balance'
  | 'lost'
  | 'restorablePath'
  | 'pay'
  | 'payState'
  | 'setPayState'
  | 'returnReasons'
  | 'returnItem'
> & {
  /** One page of the direction list (paged by 30, spec part 1 §9), searched. */
  listClients(input: { page: number; search: string }): Promise<ApiResult<TPickingClientsPage>>;
};

/** The signed-in user's id as the bodies carry it (`UserId`), when there is one. */
export function userIdOfSession(user: { userId: string } | null): number | undefined {
  const id = Number(user?.userId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Spec part 1 §7 "Recipient picking" (`PICKING_ROUTES`) over the typed API client. Pickup,
 * lost, end and pay carry `UserId` (part 1 §7, part 2 §7): the signed-in user, `userId()`.
 */
export function createPickingService(
  api: ApiClient,
  userId: () => number | undefined = () => undefined,
): PickingCalls {
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
          UserId: userId(),
          Timestamp: new Date().toISOString(),
          Barcode: barcode,
          CellBarcode: cellBarcode,
        },
        operationId,
      }),
    end: ({ pickingId, validation, operationId }) =>
      api.call(PICKING_ROUTES.end, {
        body: {
          PickingId: pickingId,
          UserId: userId(),
          Timestamp: new Date().toISOString(),
          ValidationData: validation,
        },
        operationId,
      }),
    balance: (clientCode) =>
      api.call(PICKING_ROUTES.balance, { body: { PickingClientCode: clientCode } }),
    lost: ({ itemId, barcode, description, operationId }) =>
      api.call(PICKING_ROUTES.lost, {
        body: {
          PickingItemId: itemId,
          UserId: userId(),
          Timestamp: new Date().toISOString(),
          Barcode: barcode,
          Description: description,
        },
        operationId,
      }),
    // Part 1 §4/§6: the pointer names this device's open picking; it is checked against the
    // server (the recipient's info says whether its open picking is this device's) and
    // forgotten when it is not (docs/DECISIONS.md "Recipient picking", the device pointer).
    restorablePath: async () => {
      const storage = getLocalStorage();
      const kept = storage?.getItem(LAST_PICKING_RECIPIENT_KEY) ?? null;
      if (kept === null || kept === '') return null;
      const page = await api.call(PICKING_ROUTES.clients, {
        query: { page: 1, pageSize: 1, search: kept },
      });
      if (!page.isSuccess || !page.operationObject?.isSinglePickingPerDevice) return null;
      const info = await api.call(PICKING_ROUTES.info, { body: { PickingClientCode: kept } });
      const own = info.isSuccess ? info.operationObject : null;
      if (info.isSuccess && (own?.IsOwnPicking !== true || own.PickingId === null)) {
        storage?.removeItem(LAST_PICKING_RECIPIENT_KEY);
        return null;
      }
      if (own === null || own.PickingId === null) return null;
      return own.DeliveryId !== null ? deliveryPath(own.PickingId) : pickupPath(kept);
    },
    cancel: ({ pickingId, operationId }) =>
      api.call(PICKING_ROUTES.cancel, { body: { PickingId: pickingId }, operationId }),
    // Payment and item return (part 2 §7 `pay`, `return/reasons`, `return`; PICKING_PAYMENT_ROUTES).
    pay: ({ pickingId, paymentType, provider, validation, operationId }) =>
      api.call(PICKING_PAYMENT_ROUTES.pay, {
        params: { pickingId },
        body: {
          PaymentTypeCode: paymentType,
          ProviderCode: provider,
          UserId: userId(),
          Timestamp: new Date().toISOString(),
          ValidationData: validation,
        },
        operationId,
      }),
    payState: (pickingId) => api.call(PICKING_PAYMENT_ROUTES.payState, { params: { pickingId } }),
    setPayState: ({ pickingId, state, operationId }) =>
      api.call(PICKING_PAYMENT_ROUTES.setPayState, {
        params: { pickingId },
        body: { State: state },
        operationId,
      }),
    returnReasons: (itemId) =>
      api.call(PICKING_PAYMENT_ROUTES.returnReasons, { query: { pickingRouteItemId: itemId } }),
    returnItem: ({ itemId, reason, operationId }) =>
      api.call(PICKING_PAYMENT_ROUTES.returnItem, {
        body: {
          PickingRouteItemId: itemId,
          ReturnReasonCode: reason,
          // Part 2 §3: the web app sends no comment.
          ReturnReasonComment: '',
          Timestamp: new Date().toISOString(),
        },
        operationId,
      }),
  };
}
