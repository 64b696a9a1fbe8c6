import {
  PICKING_PAGE_SIZE,
  PICKING_PAYMENT_ROUTES,
  PICKING_ROUTES,
  type TPickingClientsPage,
} from '@sorting/contracts';
import { getLocalStorage } from '../../lib/storage';
import type { ApiClient, ApiResult, FlatCallInput } from '../../lib/api-client';
import { deliveryPage } from '../../lib/page-paths';
import { pickupPage } from '../../lib/page-paths';
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
  /** One page of the direction list (paged by 30, spec part 1 §9), searched ('' is all). */
  listClients(
    input: Omit<FlatCallInput<typeof PICKING_ROUTES.clients>, 'pageSize'>,
  ): Promise<ApiResult<TPickingClientsPage>>;
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
  /** What the service fills when it sends: the signed-in user and the moment of sending. */
  const sent = () => ({ UserId: userId(), Timestamp: new Date().toISOString() });
  return {
    listClients: ({ search, ...query }) =>
      api.call(PICKING_ROUTES.clients, {
        query: {
          ...query,
          pageSize: PICKING_PAGE_SIZE,
          search: search === '' ? undefined : search,
        },
      }),
    findClients: (search) =>
      api.call(PICKING_ROUTES.clients, { query: { page: 1, pageSize: 2, search } }),
    info: (clientCode) =>
      api.call(PICKING_ROUTES.info, { body: { PickingClientCode: clientCode } }),
    begin: ({ operationId, ...body }) => api.call(PICKING_ROUTES.begin, { body, operationId }),
    search: (pickingId) => api.call(PICKING_ROUTES.search, { body: { PickingId: pickingId } }),
    pickup: ({ operationId, ...ask }) =>
      api.call(PICKING_ROUTES.pickup, { body: { ...ask, ...sent() }, operationId }),
    end: ({ operationId, ...ask }) =>
      api.call(PICKING_ROUTES.end, { body: { ...ask, ...sent() }, operationId }),
    balance: (clientCode) =>
      api.call(PICKING_ROUTES.balance, { body: { PickingClientCode: clientCode } }),
    lost: ({ operationId, ...ask }) =>
      api.call(PICKING_ROUTES.lost, { body: { ...ask, ...sent() }, operationId }),
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
      return own.DeliveryId !== null ? deliveryPage(own.PickingId) : pickupPage(kept);
    },
    cancel: ({ operationId, ...body }) => api.call(PICKING_ROUTES.cancel, { body, operationId }),
    // Payment and item return (part 2 §7 `pay`, `return/reasons`, `return`; PICKING_PAYMENT_ROUTES).
    pay: ({ pickingId, operationId, ...ask }) =>
      api.call(PICKING_PAYMENT_ROUTES.pay, {
        params: { pickingId },
        body: { ...ask, ...sent() },
        operationId,
      }),
    payState: (pickingId) => api.call(PICKING_PAYMENT_ROUTES.payState, { params: { pickingId } }),
    setPayState: ({ pickingId, operationId, ...body }) =>
      api.call(PICKING_PAYMENT_ROUTES.setPayState, { params: { pickingId }, body, operationId }),
    returnReasons: (itemId) =>
      api.call(PICKING_PAYMENT_ROUTES.returnReasons, { query: { pickingRouteItemId: itemId } }),
    returnItem: ({ operationId, ...ask }) =>
      api.call(PICKING_PAYMENT_ROUTES.returnItem, {
        // Part 2 §3: the web app sends no comment.
        body: { ...ask, ReturnReasonComment: '', Timestamp: new Date().toISOString() },
        operationId,
      }),
  };
}
