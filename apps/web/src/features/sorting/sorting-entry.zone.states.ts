import { assign } from 'xstate';
import { recognizeBarcode } from '@sorting/domain';
import {
  isEmptyScan,
  isFound,
  leaveZoneStep,
  REPEATED_FAILURE_CODE,
  sortingEntrySetup,
  ZONE_NOT_FOUND_ERROR_CODE,
  type EntryError,
  type SortingEntryContext,
  type ZoneResult,
} from './sorting-entry.setup';

// The sorting entry's zone step (spec part 1 §4 "Sorting entry", §8, §9 the last zone cookie)
// and the scanWhat it hands over to the sorting machine; composed in sorting-entry.machine.ts.

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

function isCellScan(text: string): boolean {
  return recognizeBarcode(text).type === 'cell';
}

/** There is a last zone cookie: it is tried on reaching the zone step. */
function hasLastZone({ context }: { context: SortingEntryContext }): boolean {
  return context.lastZoneNumber !== null;
}

/** The warehouse's default zone is worth a try: it is not the last zone that just failed. */
function canTryDefaultZone({ context }: { context: SortingEntryContext }): boolean {
  return (
    context.warehouse?.DefaultZoneNumber != null &&
    context.warehouse.DefaultZoneNumber !== context.lastZoneNumber
  );
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

/** Spec part 1 §8: the zone call's exception, reported with the flow's name. */
const reportZoneCallError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({
    error: event.error,
    flow: 'sortingEntry.searchZone',
  }),
} as const;

/** Spec part 1 §4, §8: the zone step, restoring the last or default zone, or waiting. */
export const scanZoneState = sortingEntrySetup.createStateConfig({
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
      always: [{ guard: hasLastZone, target: 'restoring' }, { target: 'waiting' }],
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
            guard: canTryDefaultZone,
            target: 'restoringDefault',
            actions: ['forgetZone', assign({ lastZoneNumber: null })],
          },
          { target: 'waiting', actions: ['forgetZone', assign({ lastZoneNumber: null })] },
        ],
        onError: {
          target: 'waiting',
          actions: [{ type: 'notifyError', params: { code: 'f-0001' } }, reportZoneCallError],
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
          actions: [{ type: 'notifyError', params: { code: 'f-0001' } }, reportZoneCallError],
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
          actions: [{ type: 'notifyError', params: { code: 'f-0001' } }, reportZoneCallError],
        },
      },
    },
  },
});

/** The zone is set; the sorting machine takes over from here. */
export const scanWhatState = sortingEntrySetup.createStateConfig({
  on: {
    CHANGE_ZONE: { target: 'scanZone.waiting', actions: assign({ ...leaveZoneStep }) },
    CHANGE_WAREHOUSE: {
      target: 'scanWarehouse',
      actions: assign({ warehouse: null, ...leaveZoneStep }),
    },
  },
});
