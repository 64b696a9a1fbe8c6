import { assign, fromPromise, setup } from 'xstate';
import {
  type CallArguments,
  type SORTING_ROUTES,
  type TWarehouse,
  type TZone,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult } from '../../lib/api-client';

// The sorting entry machine's types and setup (its actors and the actions the page provides);
// the steps (warehouse, zone) are composed in sorting-entry.machine.ts.

/** What a lookup call answers: the casing-free envelope (its HTTP status is not read). */
export type LookupResult<T> = Omit<CallResult<T>, 'status'>;

type WarehouseSearch = CallArguments<typeof SORTING_ROUTES.searchWarehouse>['body'];
type ZoneSearch = CallArguments<typeof SORTING_ROUTES.searchZone>['body'];

/** Spec part 1 §7 warehouses/search: the entry always names the warehouse by its number. */
export type WarehouseLookupInput = Required<Pick<WarehouseSearch, 'number'>>;

/** Spec part 1 §7 zones/search: a barcode or a number, within the warehouse. */
export type ZoneLookupInput = Pick<ZoneSearch, 'warehouseId'> &
  (Required<Pick<ZoneSearch, 'barcode'>> | { number: Extract<ZoneSearch['number'], number> });

/** Spec part 1 §8: the zone search's "zone not found". */
export const ZONE_NOT_FOUND_ERROR_CODE = 204;
/** Spec part 1 §8: a repeated zone failure while already scanning the zone. */
export const REPEATED_FAILURE_CODE = '304';

/** The error text of the prompt area; keys are those of the sorting catalogue. */
export type EntryError =
  | { key: 'warehouseNotFound'; code: null }
  | { key: 'f-0012'; code: 'f-0012' | typeof REPEATED_FAILURE_CODE; barcode: string }
  | { key: 'f-0013'; code: 'f-0013' | typeof REPEATED_FAILURE_CODE; number: number }
  | { key: 'serverMessage'; code: string | null; message: string };

/** A toast the machine raises: f-0001 (a call failed), f-0015 (a non-cell scan for a zone). */
export type EntryToast = 'f-0001' | 'f-0015';

export interface SortingEntryInput {
  /** The session user's default warehouse number, looked up at once when there is one. */
  defaultWarehouseNumber: string | null;
  /** The last zone number cookie (spec part 1 §9), tried on reaching the zone step. */
  lastZoneNumber: number | null;
}

export interface SortingEntryContext {
  defaultWarehouseNumber: string | null;
  lastZoneNumber: number | null;
  warehouse: TWarehouse | null;
  zone: TZone | null;
  error: EntryError | null;
  /** Failed zone lookups in a row since the zone step was reached (304 from the second). */
  zoneFailures: number;
  /** The warehouse number being looked up. */
  warehouseNumber: string | null;
  /** The zone being looked up (without the warehouse id). */
  zoneQuery: { barcode: string } | { number: number } | null;
  /**
   * The screen is still restoring the worker's warehouse and last (or default) zone by itself
   * (spec part 1 §4 "Sorting entry"): it shows a neutral loading state, not the scan prompts,
   * until the restore has decided (docs/DECISIONS.md "Sorting screen", layout shift).
   */
  isRestoring: boolean;
}

export type SortingEntryEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'WAREHOUSE_PICKED'; number: number }
  | { type: 'ZONE_PICKED'; number: number }
  | { type: 'CHANGE_ZONE' }
  | { type: 'CHANGE_WAREHOUSE' };

/** Placeholders: the page (and the tests) provide the real ones. */
const notProvided = (name: string) => () => {
  throw new Error(`sorting entry: ${name} is not provided`);
};

export type ZoneResult = LookupResult<TZone>;

/** A lookup that answered with its object (warehouse or zone). */
export function isFound({ event }: { event: { output: LookupResult<unknown> } }): boolean {
  return event.output.isSuccess && event.output.operationObject !== null;
}

export function isEmptyScan(text: string): boolean {
  return recognizeBarcode(text).type === 'empty';
}

/** What leaving the zone step (or changing the warehouse) clears. */
export const leaveZoneStep = {
  zone: null,
  error: null,
  zoneFailures: 0,
  zoneQuery: null,
} as const;

export const sortingEntrySetup = setup({
  types: {
    input: {} as SortingEntryInput,
    context: {} as SortingEntryContext,
    events: {} as SortingEntryEvent,
  },
  actors: {
    searchWarehouse: fromPromise<LookupResult<TWarehouse>, WarehouseLookupInput>(
      notProvided('searchWarehouse'),
    ),
    searchZone: fromPromise<ZoneResult, ZoneLookupInput>(notProvided('searchZone')),
  },
  actions: {
    /** Keeps the zone number in the last zone cookie. */
    rememberZone: (_, _params: { number: number }) => {},
    /** The zone a lookup found is the zone now. */
    chooseZone: assign((_, { zone }: { zone: TZone | null }) => ({
      zone,
      lastZoneNumber: zone?.Number ?? null,
    })),
    /** Removes the last zone cookie (its zone is gone). */
    forgetZone: () => {},
    /** An error toast (it plays the error sound itself). */
    notifyError: (_, _params: { code: EntryToast }) => {},
    /** Spec part 1 §8: the zone call's exception is reported with the flow's name. */
    reportError: (_, _params: { error: unknown; flow: string }) => {},
    /** The error sound for an error shown in the prompt area, without a toast. */
    playError: () => {},
  },
});
