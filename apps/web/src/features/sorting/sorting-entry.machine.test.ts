import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TWarehouse, TZone } from '@sorting/contracts';
import { createCoverage } from '../../test/machine-graph';
import {
  sortingEntryMachine,
  type EntryToast,
  type LookupResult,
  type SortingEntryInput,
  type WarehouseLookupInput,
  type ZoneLookupInput,
} from './sorting-entry.machine';

const WAREHOUSE: TWarehouse = {
  Id: 7,
  Name: 'СЦ Москва — Север',
  Number: 34717,
  Code: 'MSK-SC1',
  DefaultZoneNumber: 1,
  LastBoxNumber: 0,
  Version: 1,
  SortingMode: 'SortingCenter',
  IsSinglePickingPerDevice: false,
  DisableAutomove: false,
  MenuType: 0,
};

const ZONES: TZone[] = [
  { Id: 11, Number: 1, Name: 'Сито', Type: 'SITO' },
  { Id: 12, Number: 2, Name: 'Экспедиция', Type: 'EXPEDITION' },
];

const ok = <T>(value: T): LookupResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
});

const fail = <T>(errorCode: number | null, message: string | null): LookupResult<T> => ({
  isSuccess: false,
  message,
  errorCode,
  operationObject: null,
});

// Every path below runs through this recorder; the last test checks the whole graph fired.
const coverage = createCoverage(sortingEntryMachine);

/**
 * A fake server over WAREHOUSE and ZONES; `throwZone` makes the zone call reject, `zones`
 * replaces the warehouse's zones, `throwZoneNumbers` makes the lookup of those numbers reject.
 */
function start(
  input: Partial<SortingEntryInput> = {},
  options: { throwZone?: boolean; zones?: TZone[]; throwZoneNumbers?: number[] } = {},
) {
  const warehouseCalls: WarehouseLookupInput[] = [];
  const zoneCalls: ZoneLookupInput[] = [];
  const toasts: EntryToast[] = [];
  const cookie: { value: number | null; writes: number } = { value: null, writes: 0 };
  let errorSounds = 0;
  const machine = sortingEntryMachine.provide({
    actors: {
      searchWarehouse: fromPromise<LookupResult<TWarehouse>, WarehouseLookupInput>(
        async ({ input: call }) => {
          warehouseCalls.push(call);
          if (call.number === 'boom') throw new Error('network');
          return call.number === String(WAREHOUSE.Number)
            ? ok(WAREHOUSE)
            : fail(104, 'Object not found');
        },
      ),
      searchZone: fromPromise<LookupResult<TZone>, ZoneLookupInput>(async ({ input: call }) => {
        zoneCalls.push(call);
        if (options.throwZone) throw new Error('network');
        if ('number' in call && options.throwZoneNumbers?.includes(call.number))
          throw new Error('network');
        const zone = (options.zones ?? ZONES).find((item) =>
          'barcode' in call
            ? `%Z34717-${item.Number}` === call.barcode ||
              call.barcode.startsWith(`=34717-${item.Number}-`)
            : item.Number === call.number,
        );
        return zone ? ok(zone) : fail(204, 'not found');
      }),
    },
    actions: {
      rememberZone: (_, params) => {
        cookie.value = params.number;
        cookie.writes += 1;
      },
      forgetZone: () => {
        cookie.value = null;
      },
      notifyError: (_, params) => {
        toasts.push(params.code);
      },
      playError: () => {
        errorSounds += 1;
      },
    },
  });
  const actor = createActor(machine, {
    input: { defaultWarehouseNumber: null, lastZoneNumber: null, ...input },
    inspect: coverage.inspect,
  });
  actor.start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('busy'));
  return {
    actor,
    warehouseCalls,
    zoneCalls,
    toasts,
    cookie,
    errorSounds: () => errorSounds,
    settled,
    async send(event: Parameters<typeof actor.send>[0]) {
      actor.send(event);
      await settled();
      return actor.getSnapshot();
    },
  };
}

describe('sorting entry machine', () => {
  it('without a default warehouse waits for a warehouse scan', async () => {
    const entry = start();
    await entry.settled();
    expect(entry.actor.getSnapshot().value).toEqual({ scanWarehouse: 'waiting' });
    expect(entry.warehouseCalls).toEqual([]);
  });

  it('looks the default warehouse up at once and reaches the zone step', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    const snapshot = entry.actor.getSnapshot();
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(snapshot.context.warehouse).toEqual(WAREHOUSE);
    expect(entry.warehouseCalls).toEqual([{ number: '34717' }]);
  });

  it('chooses a warehouse by a scanned number or from the list', async () => {
    const scanned = start();
    expect((await scanned.send({ type: 'SCANNED', text: '34717' })).value).toEqual({
      scanZone: 'waiting',
    });
    const picked = start();
    expect((await picked.send({ type: 'WAREHOUSE_PICKED', number: 34717 })).value).toEqual({
      scanZone: 'waiting',
    });
    expect(picked.warehouseCalls).toEqual([{ number: '34717' }]);
  });

  it("shows 'warehouse not found' for 'Object not found' and stays", async () => {
    const entry = start();
    const snapshot = await entry.send({ type: 'SCANNED', text: '99999' });
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    expect(snapshot.context.error).toEqual({ key: 'warehouseNotFound', code: null });
    expect(entry.errorSounds()).toBe(1);
    expect(entry.toasts).toEqual([]);
  });

  it('refuses a warehouse scan that is no number without a call', async () => {
    const entry = start();
    const snapshot = await entry.send({ type: 'SCANNED', text: '_B0001' });
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    expect(snapshot.context.error?.key).toBe('warehouseNotFound');
    expect(entry.warehouseCalls).toEqual([]);
  });

  it('a failing warehouse call is an f-0001 toast', async () => {
    const entry = start();
    const snapshot = await entry.send({ type: 'SCANNED', text: 'boom' });
    // 'boom' is no number: no call. A default warehouse that fails is.
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    const failing = start({ defaultWarehouseNumber: 'boom' });
    await failing.settled();
    expect(failing.actor.getSnapshot().value).toEqual({ scanWarehouse: 'waiting' });
    expect(failing.toasts).toEqual(['f-0001']);
  });

  it('a zone barcode scan reaches scanWhat and keeps the zone number in the cookie', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    const snapshot = await entry.send({ type: 'SCANNED', text: '%Z34717-2' });
    expect(snapshot.value).toBe('scanWhat');
    expect(snapshot.context.zone).toEqual(ZONES[1]);
    expect(entry.zoneCalls).toEqual([{ warehouseId: 7, barcode: '%Z34717-2' }]);
    expect(entry.cookie).toEqual({ value: 2, writes: 1 });
  });

  it("a cell scan chooses the cell's zone", async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    const snapshot = await entry.send({ type: 'SCANNED', text: '=34717-1-a-07' });
    expect(snapshot.value).toBe('scanWhat');
    expect(snapshot.context.zone?.Number).toBe(1);
  });

  it('a zone picked from the list is looked up by number', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    const snapshot = await entry.send({ type: 'ZONE_PICKED', number: 1 });
    expect(snapshot.value).toBe('scanWhat');
    expect(entry.zoneCalls).toEqual([{ warehouseId: 7, number: 1 }]);
  });

  it('204 shows f-0012 with the barcode or f-0013 with the number, no toast, then 304', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    let snapshot = await entry.send({ type: 'SCANNED', text: '%Z34717-99' });
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(snapshot.context.error).toEqual({
      key: 'f-0012',
      code: 'f-0012',
      barcode: '%Z34717-99',
    });
    expect(entry.toasts).toEqual([]);
    expect(entry.errorSounds()).toBe(1);
    snapshot = await entry.send({ type: 'ZONE_PICKED', number: 42 });
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(snapshot.context.error).toEqual({ key: 'f-0013', code: '304', number: 42 });
    expect(entry.toasts).toEqual([]);
    // A success resets the count.
    snapshot = await entry.send({ type: 'ZONE_PICKED', number: 1 });
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.zoneFailures).toBe(0);
  });

  it('the first failure after a zone change is f-0013 again, not 304', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    await entry.send({ type: 'ZONE_PICKED', number: 42 });
    await entry.send({ type: 'ZONE_PICKED', number: 1 });
    await entry.send({ type: 'CHANGE_ZONE' });
    const snapshot = await entry.send({ type: 'ZONE_PICKED', number: 43 });
    expect(snapshot.context.error).toEqual({ key: 'f-0013', code: 'f-0013', number: 43 });
  });

  it('a failing zone call is an f-0001 toast and stays', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' }, { throwZone: true });
    await entry.settled();
    const snapshot = await entry.send({ type: 'SCANNED', text: '%Z34717-1' });
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(entry.toasts).toEqual(['f-0001']);
  });

  it('a non-cell scan in the zone step is an f-0015 toast without a call', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    for (const text of ['1234567', '_B0001']) {
      const snapshot = await entry.send({ type: 'SCANNED', text });
      expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    }
    expect(entry.toasts).toEqual(['f-0015', 'f-0015']);
    expect(entry.zoneCalls).toEqual([]);
  });

  it('tries the last zone cookie on reaching the zone step', async () => {
    const entry = start({ defaultWarehouseNumber: '34717', lastZoneNumber: 2 });
    await entry.settled();
    const snapshot = entry.actor.getSnapshot();
    expect(snapshot.value).toBe('scanWhat');
    expect(snapshot.context.zone).toEqual(ZONES[1]);
    expect(entry.zoneCalls).toEqual([{ warehouseId: 7, number: 2 }]);
  });

  it('a last zone that fails is forgotten and the default zone is tried, silently', async () => {
    const entry = start({ defaultWarehouseNumber: '34717', lastZoneNumber: 9 });
    entry.cookie.value = 9;
    await entry.settled();
    const snapshot = entry.actor.getSnapshot();
    expect(snapshot.value).toBe('scanWhat');
    expect(snapshot.context.zone).toEqual(ZONES[0]);
    expect(entry.zoneCalls).toEqual([
      { warehouseId: 7, number: 9 },
      { warehouseId: 7, number: 1 },
    ]);
    expect(entry.cookie.value).toBe(1);
    expect(entry.toasts).toEqual([]);
    expect(entry.errorSounds()).toBe(0);
    expect(snapshot.context.error).toBeNull();
  });

  it('when the default zone is the failed last zone, the zone step waits', async () => {
    const entry = start(
      { defaultWarehouseNumber: '34717', lastZoneNumber: 1 },
      { throwZone: false },
    );
    await entry.settled();
    expect(entry.actor.getSnapshot().value).toBe('scanWhat');
    const failing = start(
      { defaultWarehouseNumber: '34717', lastZoneNumber: 1 },
      { throwZone: true },
    );
    await failing.settled();
    expect(failing.actor.getSnapshot().value).toEqual({ scanZone: 'waiting' });
    expect(failing.zoneCalls).toHaveLength(1);
    expect(failing.toasts).toEqual(['f-0001']);
  });

  it('change zone goes back to the zone step without trying the last zone again', async () => {
    const entry = start({ defaultWarehouseNumber: '34717', lastZoneNumber: 2 });
    await entry.settled();
    const snapshot = await entry.send({ type: 'CHANGE_ZONE' });
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(snapshot.context.zone).toBeNull();
    expect(snapshot.context.warehouse).toEqual(WAREHOUSE);
    expect(entry.zoneCalls).toHaveLength(1);
  });

  it('change warehouse goes back to the warehouse step from the zone step or scanWhat', async () => {
    const entry = start({ defaultWarehouseNumber: '34717' });
    await entry.settled();
    let snapshot = await entry.send({ type: 'CHANGE_WAREHOUSE' });
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    expect(snapshot.context.warehouse).toBeNull();
    await entry.send({ type: 'WAREHOUSE_PICKED', number: 34717 });
    await entry.send({ type: 'ZONE_PICKED', number: 1 });
    snapshot = await entry.send({ type: 'CHANGE_WAREHOUSE' });
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    expect(snapshot.context.zone).toBeNull();
  });

  it('scans in scanWhat are not handled yet (parcels arrive with a later issue)', async () => {
    const entry = start({ defaultWarehouseNumber: '34717', lastZoneNumber: 1 });
    await entry.settled();
    const snapshot = await entry.send({ type: 'SCANNED', text: '1234567' });
    expect(snapshot.value).toBe('scanWhat');
    expect(entry.toasts).toEqual([]);
  });

  it('an empty scan is ignored in the warehouse and the zone step', async () => {
    const entry = start();
    let snapshot = await entry.send({ type: 'SCANNED', text: '' });
    expect(snapshot.value).toEqual({ scanWarehouse: 'waiting' });
    expect(snapshot.context.error).toBeNull();
    await entry.send({ type: 'WAREHOUSE_PICKED', number: 34717 });
    snapshot = await entry.send({ type: 'SCANNED', text: '' });
    expect(snapshot.value).toEqual({ scanZone: 'waiting' });
    expect(entry.toasts).toEqual([]);
    expect(entry.zoneCalls).toEqual([]);
    expect(entry.errorSounds()).toBe(0);
  });

  it('a missing last zone that is the default zone too is forgotten, the zone step waits', async () => {
    const entry = start(
      { defaultWarehouseNumber: '34717', lastZoneNumber: 1 },
      { zones: ZONES.slice(1) },
    );
    entry.cookie.value = 1;
    await entry.settled();
    expect(entry.actor.getSnapshot().value).toEqual({ scanZone: 'waiting' });
    expect(entry.zoneCalls).toEqual([{ warehouseId: 7, number: 1 }]);
    expect(entry.cookie.value).toBeNull();
    expect(entry.toasts).toEqual([]);
  });

  it('a missing default zone after a missing last zone leaves the zone step waiting', async () => {
    const entry = start(
      { defaultWarehouseNumber: '34717', lastZoneNumber: 9 },
      { zones: ZONES.slice(1) },
    );
    await entry.settled();
    expect(entry.actor.getSnapshot().value).toEqual({ scanZone: 'waiting' });
    expect(entry.zoneCalls).toHaveLength(2);
    expect(entry.toasts).toEqual([]);
    expect(entry.errorSounds()).toBe(0);
  });

  it('a failing default zone call after a missing last zone is an f-0001 toast', async () => {
    const entry = start(
      { defaultWarehouseNumber: '34717', lastZoneNumber: 9 },
      { throwZoneNumbers: [1] },
    );
    await entry.settled();
    expect(entry.actor.getSnapshot().value).toEqual({ scanZone: 'waiting' });
    expect(entry.toasts).toEqual(['f-0001']);
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.transitionCount()).toBeGreaterThan(20);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });
});
