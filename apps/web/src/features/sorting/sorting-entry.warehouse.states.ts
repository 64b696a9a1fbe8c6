import { assign } from 'xstate';
import { WAREHOUSE_NOT_FOUND_MESSAGE, type TWarehouse } from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import {
  isEmptyScan,
  isFound,
  leaveZoneStep,
  sortingEntrySetup,
  type EntryError,
  type LookupResult,
  type SortingEntryContext,
} from './sorting-entry.setup';

// The sorting entry's warehouse step (spec part 1 §4 "Sorting entry"): the default warehouse is
// looked up at once, else a scanned or picked number; composed in sorting-entry.machine.ts.

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

/** The session user has a default warehouse: it is looked up at once. */
function hasDefaultWarehouse({ context }: { context: SortingEntryContext }): boolean {
  return context.defaultWarehouseNumber !== null;
}

/** The first state: straight to the warehouse lookup when there is a default warehouse. */
export const initState = sortingEntrySetup.createStateConfig({
  always: [
    {
      guard: hasDefaultWarehouse,
      target: 'scanWarehouse.searching',
      actions: assign({ warehouseNumber: ({ context }) => context.defaultWarehouseNumber }),
    },
    { target: 'scanWarehouse' },
  ],
});

/** Spec part 1 §4: the warehouse step, waiting for a number or looking it up. */
export const scanWarehouseState = sortingEntrySetup.createStateConfig({
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
          actions: [assign({ error: null }), { type: 'notifyError', params: { code: 'f-0001' } }],
        },
      },
    },
  },
});
