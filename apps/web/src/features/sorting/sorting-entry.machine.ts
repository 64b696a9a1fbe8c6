import { sortingEntrySetup } from './sorting-entry.setup';
import { initState, scanWarehouseState } from './sorting-entry.warehouse.states';
import { scanWhatState, scanZoneState } from './sorting-entry.zone.states';

export {
  REPEATED_FAILURE_CODE,
  ZONE_NOT_FOUND_ERROR_CODE,
  type EntryError,
  type EntryToast,
  type LookupResult,
  type SortingEntryContext,
  type SortingEntryEvent,
  type SortingEntryInput,
  type WarehouseLookupInput,
  type ZoneLookupInput,
} from './sorting-entry.setup';

/**
 * The sorting entry (spec part 1 §2, §4 "Sorting entry", §8 "Authentication and context"):
 * choose the warehouse, then the zone, by scan or from a list, then wait for what to sort.
 * Side effects (calls, cookie, toasts, sounds) are injected with `machine.provide`, so the
 * machine is tested with `createActor` and no DOM. The steps live in
 * sorting-entry.<step>.states.ts. Decisions: docs/DECISIONS.md "Sorting entry".
 */
export const sortingEntryMachine = sortingEntrySetup.createMachine({
  id: 'sortingEntry',
  initial: 'init',
  context: ({ input }) => ({
    defaultWarehouseNumber: input.defaultWarehouseNumber,
    lastZoneNumber: input.lastZoneNumber,
    warehouse: null,
    zone: null,
    error: null,
    zoneFailures: 0,
    warehouseNumber: null,
    zoneQuery: null,
    isRestoring: input.defaultWarehouseNumber !== null,
  }),
  states: {
    init: initState,
    scanWarehouse: scanWarehouseState,
    scanZone: scanZoneState,
    scanWhat: scanWhatState,
  },
});

export type SortingEntryMachine = typeof sortingEntryMachine;
