import { assign, fromPromise, setup } from 'xstate';
import {
  WAREHOUSE_NOT_FOUND_MESSAGE,
  type CallArguments,
  type SORTING_ROUTES,
  type TWarehouse,
  type TZone,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult } from '../../lib/api-client';

/**
 * The sorting entry (spec part 1 §2, §4 "Sorting entry", §8 "Authentication and context"):
 * choose the warehouse, then the zone, by scan or from a list, then wait for what to sort.
 * Side effects (calls, cookie, toasts, sounds) are injected with `machine.provide`, so the
 * machine is tested with `createActor` and no DOM. Decisions: docs/DECISIONS.md "Sorting entry".
 */

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

type ZoneResult = LookupResult<TZone>;

/** The error for a failed manual zone lookup; 304 when one failed already in this step. */
function zoneErrorOf(context: SortingEntryContext, result: ZoneResult): EntryError {
  const isRepeat = context.zoneFailures > 0;
  const query = context.zoneQuery;
  if (Number(result.errorCode) === ZONE_NOT_FOUND_ERROR_CODE && query) {
    if ('barcode' in query)
      return {
        key: 'f-0012',
        code: isRepeat ? REPEATED_FAILURE_CODE : 'f-0012',
        barcode: query.barcode,
      };
    return {
      key: 'f-0013',
      code: isRepeat ? REPEATED_FAILURE_CODE : 'f-0013',
      number: query.number,
    };
  }
  return {
    key: 'serverMessage',
    code: isRepeat
      ? REPEATED_FAILURE_CODE
      : result.errorCode === null
        ? null
        : String(result.errorCode),
    message: result.message ?? '',
  };
}

function warehouseErrorOf(result: LookupResult<TWarehouse>): EntryError {
  if (result.message === WAREHOUSE_NOT_FOUND_MESSAGE || !result.message)
    return { key: 'warehouseNotFound', code: null };
  return {
    key: 'serverMessage',
    code: result.errorCode === null ? null : String(result.errorCode),
    message: result.message,
  };
}

/** A warehouse is chosen by its number: scanned or typed digits (a parcel-type text). */
function warehouseNumberOf(text: string): string | null {
  const barcode = recognizeBarcode(text);
  return barcode.type === 'parcel' && /^\d+$/.test(barcode.value) ? barcode.value : null;
}

/** A lookup that answered with its object (warehouse or zone). */
function isFound({ event }: { event: { output: LookupResult<unknown> } }): boolean {
  return event.output.isSuccess && event.output.operationObject !== null;
}

function isCellScan(text: string): boolean {
  return recognizeBarcode(text).type === 'cell';
}

function isEmptyScan(text: string): boolean {
  return recognizeBarcode(text).type === 'empty';
}

type ZoneDone = { event: { output: ZoneResult } };

/** A zone lookup found its zone: it is the zone now, and the last zone cookie keeps it. */
const choosingFoundZone = [
  {
    type: 'chooseZone' as const,
    params: ({ event }: ZoneDone) => ({ zone: event.output.operationObject }),
  },
  {
    type: 'rememberZone' as const,
    params: ({ event }: ZoneDone) => ({ number: event.output.operationObject?.Number ?? 0 }),
  },
];

const leaveZoneStep = {
  zone: null,
  error: null,
  zoneFailures: 0,
  zoneQuery: null,
} as const;

export const sortingEntryMachine = setup({
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
    /** The error sound for an error shown in the prompt area, without a toast. */
    playError: () => {},
  },
  guards: {
    hasDefaultWarehouse: ({ context }) => context.defaultWarehouseNumber !== null,
    hasLastZone: ({ context }) => context.lastZoneNumber !== null,
    canTryDefaultZone: ({ context }) =>
      context.warehouse?.DefaultZoneNumber != null &&
      context.warehouse.DefaultZoneNumber !== context.lastZoneNumber,
  },
}).createMachine({
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
    init: {
      always: [
        {
          guard: 'hasDefaultWarehouse',
          target: 'scanWarehouse.searching',
          actions: assign({ warehouseNumber: ({ context }) => context.defaultWarehouseNumber }),
        },
        { target: 'scanWarehouse' },
      ],
    },

    scanWarehouse: {
      initial: 'waiting',
      states: {
        waiting: {
          entry: assign({ isRestoring: false }),
          on: {
            SCANNED: [
              { guard: ({ event }) => isEmptyScan(event.text) },
              {
                guard: ({ event }) => warehouseNumberOf(event.text) !== null,
                target: 'searching',
                actions: assign({ warehouseNumber: ({ event }) => warehouseNumberOf(event.text) }),
              },
              {
                actions: [assign({ error: { key: 'warehouseNotFound', code: null } }), 'playError'],
              },
            ],
            WAREHOUSE_PICKED: {
              target: 'searching',
              actions: assign({ warehouseNumber: ({ event }) => String(event.number) }),
            },
          },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'searchWarehouse',
            input: ({ context }) => ({ number: context.warehouseNumber ?? '' }),
            onDone: [
              {
                guard: isFound,
                target: '#sortingEntry.scanZone',
                actions: assign({
                  warehouse: ({ event }) => event.output.operationObject,
                  ...leaveZoneStep,
                }),
              },
              {
                target: 'waiting',
                actions: [
                  assign({ error: ({ event }) => warehouseErrorOf(event.output) }),
                  'playError',
                ],
              },
            ],
            onError: {
              target: 'waiting',
              actions: [
                assign({ error: null }),
                { type: 'notifyError', params: { code: 'f-0001' } },
              ],
            },
          },
        },
      },
    },

    scanZone: {
      initial: 'init',
      on: {
        CHANGE_WAREHOUSE: {
          target: 'scanWarehouse',
          actions: assign({ warehouse: null, ...leaveZoneStep }),
        },
      },
      states: {
        /** Reached from the warehouse step: the last zone is tried at once. */
        init: {
          always: [{ guard: 'hasLastZone', target: 'restoring' }, { target: 'waiting' }],
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            src: 'searchZone',
            input: ({ context }) => ({
              warehouseId: context.warehouse?.Id ?? 0,
              number: context.lastZoneNumber ?? 0,
            }),
            onDone: [
              {
                guard: isFound,
                target: '#sortingEntry.scanWhat',
                actions: assign({ zone: ({ event }) => event.output.operationObject }),
              },
              {
                guard: 'canTryDefaultZone',
                target: 'restoringDefault',
                actions: ['forgetZone', assign({ lastZoneNumber: null })],
              },
              { target: 'waiting', actions: ['forgetZone', assign({ lastZoneNumber: null })] },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'notifyError', params: { code: 'f-0001' } },
            },
          },
        },
        /** The last zone failed: the warehouse's default zone is tried once, silently too. */
        restoringDefault: {
          tags: ['busy'],
          invoke: {
            src: 'searchZone',
            input: ({ context }) => ({
              warehouseId: context.warehouse?.Id ?? 0,
              number: context.warehouse?.DefaultZoneNumber ?? 0,
            }),
            onDone: [
              {
                guard: isFound,
                target: '#sortingEntry.scanWhat',
                actions: choosingFoundZone,
              },
              { target: 'waiting' },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'notifyError', params: { code: 'f-0001' } },
            },
          },
        },
        waiting: {
          entry: assign({ isRestoring: false }),
          on: {
            SCANNED: [
              { guard: ({ event }) => isEmptyScan(event.text) },
              {
                guard: ({ event }) => isCellScan(event.text),
                target: 'searching',
                actions: assign({
                  zoneQuery: ({ event }) => ({ barcode: recognizeBarcode(event.text).raw }),
                }),
              },
              // Spec part 1 §4, §8: a non-cell scan in the zone step is an error toast.
              { actions: { type: 'notifyError', params: { code: 'f-0015' } } },
            ],
            ZONE_PICKED: {
              target: 'searching',
              actions: assign({ zoneQuery: ({ event }) => ({ number: event.number }) }),
            },
          },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'searchZone',
            input: ({ context }) => ({
              warehouseId: context.warehouse?.Id ?? 0,
              ...(context.zoneQuery ?? { number: 0 }),
            }),
            onDone: [
              {
                guard: isFound,
                target: '#sortingEntry.scanWhat',
                actions: [...choosingFoundZone, assign({ error: null, zoneFailures: 0 })],
              },
              {
                // Spec part 1 §8: 204 is shown in the prompt area, no toast.
                target: 'waiting',
                actions: [
                  assign({
                    error: ({ context, event }) => zoneErrorOf(context, event.output),
                    zoneFailures: ({ context }) => context.zoneFailures + 1,
                  }),
                  'playError',
                ],
              },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'notifyError', params: { code: 'f-0001' } },
            },
          },
        },
      },
    },

    /** The zone is set; the sorting of parcels arrives with a later issue. */
    scanWhat: {
      on: {
        CHANGE_ZONE: { target: 'scanZone.waiting', actions: assign({ ...leaveZoneStep }) },
        CHANGE_WAREHOUSE: {
          target: 'scanWarehouse',
          actions: assign({ warehouse: null, ...leaveZoneStep }),
        },
      },
    },
  },
});

export type SortingEntryMachine = typeof sortingEntryMachine;
