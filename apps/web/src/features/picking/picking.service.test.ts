import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { getLocalStorage } from '../../lib/storage';
import { createPickingService, userIdOfSession } from './picking.service';
import { LAST_PICKING_RECIPIENT_KEY } from './picking.model';

// The calls as they go on the wire (part 1 §7, part 2 §7): the bodies, and the restore of
// LAST_PICKING_RECIPIENT checked against the server (docs/DECISIONS.md "Recipient picking").

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

function wire(answer: (sent: Sent) => unknown = () => null) {
  const sent: Sent[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      const call: Sent = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      sent.push(call);
      const body = { isSuccess: true, errorCode: null, operationObject: answer(call) };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
    getServiceBase: () => '',
  });
  return { api, sent };
}

afterEach(() => getLocalStorage()?.removeItem(LAST_PICKING_RECIPIENT_KEY));

describe('picking service: UserId', () => {
  it('sends the signed-in user’s UserId with pickup, lost, end and pay', async () => {
    const { api, sent } = wire();
    const calls = createPickingService(api, () => userIdOfSession({ userId: '17' }));
    await calls.pickup({ PickingId: 7, Barcode: 'P1', CellBarcode: '=C', operationId: 'a' });
    await calls.lost({ PickingItemId: 3, Barcode: 'P1', Description: 'Нет', operationId: 'b' });
    await calls.end({ PickingId: 7, ValidationData: { Kind: 'none' }, operationId: 'c' });
    await calls.pay({
      pickingId: 7,
      PaymentTypeCode: 'card',
      ProviderCode: 'terminal',
      ValidationData: { Kind: 'none' },
      operationId: 'd',
    });
    expect(sent.map((one) => [one.url, one.body?.UserId])).toEqual([
      ['/picking-api/picking/pickup', 17],
      ['/picking-api/picking/lost', 17],
      ['/picking-api/picking/end', 17],
      ['/picking-api/picking/7/pay', 17],
    ]);
  });

  it('reads no id from a session without one', () => {
    expect(userIdOfSession(null)).toBeUndefined();
    expect(userIdOfSession({ userId: 'u1' })).toBeUndefined();
  });
});

describe('picking service: the restore of the device’s open picking', () => {
  const page = { items: [], totalCount: 0, page: 1, pageSize: 1, isSinglePickingPerDevice: true };
  const info = (own: boolean, pickingId: number | null, deliveryId: number | null = null) => ({
    ClientCode: 'R-1002',
    IsOwnPicking: own,
    PickingId: pickingId,
    DeliveryId: deliveryId,
    Pickings: [],
  });

  it('reopens the kept recipient only while its open picking is this device’s', async () => {
    getLocalStorage()?.setItem(LAST_PICKING_RECIPIENT_KEY, 'R-1002');
    const own = wire((call) => (call.url.includes('/info') ? info(true, 9) : page));
    expect(await createPickingService(own.api).restorablePath()).toBe('/picking/pickup/R-1002');
    const delivery = wire((call) => (call.url.includes('/info') ? info(true, 9, 4) : page));
    expect(await createPickingService(delivery.api).restorablePath()).toBe('/picking/delivery/9');
    expect(getLocalStorage()?.getItem(LAST_PICKING_RECIPIENT_KEY)).toBe('R-1002');
  });

  it('forgets a pointer whose recipient has no open picking of this device', async () => {
    getLocalStorage()?.setItem(LAST_PICKING_RECIPIENT_KEY, 'R-1002');
    const ended = wire((call) => (call.url.includes('/info') ? info(false, null) : page));
    expect(await createPickingService(ended.api).restorablePath()).toBeNull();
    expect(getLocalStorage()?.getItem(LAST_PICKING_RECIPIENT_KEY)).toBeNull();
    getLocalStorage()?.setItem(LAST_PICKING_RECIPIENT_KEY, 'R-1002');
    const others = wire((call) => (call.url.includes('/info') ? info(false, 12) : page));
    expect(await createPickingService(others.api).restorablePath()).toBeNull();
    expect(getLocalStorage()?.getItem(LAST_PICKING_RECIPIENT_KEY)).toBeNull();
  });
});
