import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  TCancelResult,
  TEndResult,
  TPicking,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickupResult,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import {
  progressOf,
  type CallResult,
  type PickingCode,
  type PickingContext,
  type PickingError,
  type PickingEvent,
  type PickingInput,
  type PickingPorts,
} from './picking.model';

export * from './picking.model';

type Ports = { ports: PickingPorts };

const scanOf = recognizeBarcode;

/** The item of the picking a scan names, if any. */
function itemOf(context: PickingContext, text: string): TPickingItem | undefined {
  const barcode = scanOf(text).raw;
  return context.items.find((item) => item.barcode === barcode);
}

const isOk = ({ event }: { event: { output: CallResult<unknown> } }) =>
  event.output.isSuccess && event.output.operationObject !== null;

/** The client a scan names: its code, or one of its parcels' barcodes; only one. */
export function clientOfScan(page: TPickingClientsPage | null, scanned: string): string | null {
  const found = (page?.items ?? []).filter(
    (client) => client.clientCode === scanned || client.barcodes.includes(scanned),
  );
  return found.length === 1 ? (found[0]?.clientCode ?? null) : null;
}

/** Where a picking page goes: the direction select, or a recipient's pick-up. */
export const PICKING_PATH = '/picking';
export function pickupPath(clientCode: string): string {
  return `${PICKING_PATH}/pickup/${encodeURIComponent(clientCode)}`;
}

function refusedError(
  code: PickingError['code'],
  output: CallResult<unknown>,
  barcode?: string,
): PickingError {
  return {
    code,
    message: output.message,
    errorCode: output.errorCode,
    ...(barcode === undefined ? {} : { barcode }),
  };
}

/**
 * A call's two failures, back to `target`: its refusal (the f-code with the server's message
 * and ErrorCode) as the last `onDone` branch, and no answer as `onError`.
 */
function failuresTo(target: string, refused: PickingCode, noAnswer: PickingCode = refused) {
  return {
    refused: {
      target,
      actions: {
        type: 'showError' as const,
        params: ({ event }: { event: { output: CallResult<unknown> } }) =>
          refusedError(refused, event.output),
      },
    },
    onError: {
      target,
      actions: { type: 'showError' as const, params: { code: noAnswer, message: null } },
    },
  };
}

const FIND_FAILURES = failuresTo('pickingDirectionSelect', 'f-0001');
const BEGIN_FAILURES = failuresTo('pickingInfo', 'f-0006', 'f-0007');
const SEARCH_FAILURES = failuresTo('pickingInfo', 'f-0002');
const END_FAILURES = failuresTo('checkPicked', 'f-0011', 'f-0012');
const CANCEL_FAILURES = failuresTo('pickingProcess', 'f-0013');

/**
 * Recipient picking (spec part 1 §4 "Picking": pickingDirectionSelect, pickingInfo,
 * pickingProcess, checkPicked; part 2 §4; docs/DECISIONS.md "Recipient picking"): a recipient
 * chosen by scan or from the list, its info, Begin, its parcels picked from their cells (a cell
 * then its items, or an item then its cell), the picked list, End or Cancel. The validation,
 * payment and delivery issues add their states between checkPicked and ending. Calls, storage,
 * sounds, toasts and navigation are ports, so it runs under `createActor` with no DOM.
 */
export const pickingMachine = setup({
  types: {
    input: {} as PickingInput,
    context: {} as PickingContext,
    events: {} as PickingEvent,
  },
  actors: {
    findClients: fromPromise<CallResult<TPickingClientsPage>, Ports & { search: string }>(
      ({ input }) => input.ports.findClients(input.search),
    ),
    info: fromPromise<CallResult<TPickingInfo>, Ports & { clientCode: string }>(({ input }) =>
      input.ports.info(input.clientCode),
    ),
    begin: fromPromise<CallResult<TPicking>, Ports & { clientCode: string; operationId: string }>(
      ({ input }) =>
        input.ports.begin({ clientCode: input.clientCode, operationId: input.operationId }),
    ),
    search: fromPromise<CallResult<TPickingItem[]>, Ports & { pickingId: number }>(({ input }) =>
      input.ports.search(input.pickingId),
    ),
    pickup: fromPromise<
      CallResult<TPickupResult>,
      Ports & { pickingId: number; barcode: string; cellBarcode: string; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.pickup(ask);
    }),
    end: fromPromise<CallResult<TEndResult>, Ports & { pickingId: number; operationId: string }>(
      ({ input }) =>
        input.ports.end({ pickingId: input.pickingId, operationId: input.operationId }),
    ),
    cancel: fromPromise<
      CallResult<TCancelResult>,
      Ports & { pickingId: number; operationId: string }
    >(({ input }) =>
      input.ports.cancel({ pickingId: input.pickingId, operationId: input.operationId }),
    ),
  },
  guards: {
    hasClientCode: ({ context }) => context.clientCode !== null,
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: enqueueActions(({ context, enqueue }, error: PickingError) => {
      enqueue.assign({ error });
      enqueue(() => context.ports.notifyError(error));
    }),
    /** A recipient chosen: kept as LAST_PICKING_RECIPIENT, its pick-up page opened. */
    openClient: ({ context }, params: { clientCode: string }) => {
      context.ports.rememberRecipient(params.clientCode);
      context.ports.navigate(pickupPath(params.clientCode));
    },
    /** End, cancel or back: the recipient forgotten, reset to direction select (part 1 §4). */
    leave: ({ context }) => {
      context.ports.forgetRecipient();
      context.ports.navigate(PICKING_PATH);
    },
  },
}).createMachine({
  id: 'picking',
  initial: 'pickingDirectionSelect',
  context: ({ input }) => ({
    ports: input.ports,
    clientCode: input.clientCode,
    info: null,
    pickingId: null,
    items: [],
    currentCell: null,
    pendingBarcode: null,
    pickupAsk: null,
    search: null,
    operationId: null,
    error: null,
  }),
  states: {
    /**
     * `/picking`: the list; a scanned parcel barcode or client code opens the client. On
     * `/picking/pickup/{code}` the recipient is chosen already: on to its info.
     */
    pickingDirectionSelect: {
      always: { guard: 'hasClientCode', target: 'loadingInfo' },
      on: {
        SCANNED: [
          { guard: ({ event }) => scanOf(event.text).type === 'empty' },
          {
            target: 'findingClient',
            actions: assign({
              search: ({ event }) => scanOf(event.text).raw,
              error: null,
            }),
          },
        ],
        CHOOSE: {
          actions: {
            type: 'openClient',
            params: ({ event }) => ({ clientCode: event.clientCode }),
          },
        },
      },
    },

    /** GET clients?search=: exactly one client of that code or parcel opens it. */
    findingClient: {
      tags: ['busy'],
      invoke: {
        src: 'findClients',
        input: ({ context }) => ({ ports: context.ports, search: context.search ?? '' }),
        onDone: [
          {
            guard: ({ context, event }) =>
              isOk({ event }) &&
              clientOfScan(event.output.operationObject, context.search ?? '') !== null,
            target: 'pickingDirectionSelect',
            actions: {
              type: 'openClient',
              params: ({ context, event }) => ({
                clientCode: clientOfScan(event.output.operationObject, context.search ?? '') ?? '',
              }),
            },
          },
          {
            guard: isOk,
            target: 'pickingDirectionSelect',
            actions: {
              type: 'showError',
              params: ({ context }) => ({
                code: 'f-0004',
                barcode: context.search ?? '',
                message: null,
              }),
            },
          },
          FIND_FAILURES.refused,
        ],
        onError: FIND_FAILURES.onError,
      },
    },

    /**
     * POST info: this device's open picking goes back to the process (a reload); else the
     * info screen. Unknown → f-0004 and `/picking`.
     */
    loadingInfo: {
      tags: ['busy'],
      invoke: {
        src: 'info',
        input: ({ context }) => ({ ports: context.ports, clientCode: context.clientCode ?? '' }),
        onDone: [
          {
            guard: ({ event }) =>
              isOk({ event }) &&
              event.output.operationObject?.IsOwnPicking === true &&
              event.output.operationObject.PickingId !== null,
            target: 'loadingItems',
            actions: [
              assign({
                info: ({ event }) => event.output.operationObject,
                pickingId: ({ event }) => event.output.operationObject?.PickingId ?? null,
              }),
              ({ context }) => context.ports.rememberRecipient(context.clientCode ?? ''),
            ],
          },
          {
            guard: isOk,
            target: 'pickingInfo',
            actions: [
              assign({ info: ({ event }) => event.output.operationObject }),
              ({ context }) => context.ports.rememberRecipient(context.clientCode ?? ''),
            ],
          },
          {
            target: 'finished',
            actions: [
              {
                type: 'showError',
                params: ({ context, event }) =>
                  refusedError('f-0004', event.output, context.clientCode ?? ''),
              },
              'leave',
            ],
          },
        ],
        onError: {
          target: 'infoFailed',
          actions: { type: 'showError', params: { code: 'f-0005', message: null } },
        },
      },
    },

    /** No answer to info (f-0005): try again, or back to the list. */
    infoFailed: {
      on: {
        RETRY: 'loadingInfo',
        BACK: { target: 'finished', actions: 'leave' },
      },
    },

    /** The recipient: addresses, warehouses, counts, cash on delivery; Begin. */
    pickingInfo: {
      on: {
        BEGIN: {
          target: 'beginning',
          actions: assign({
            operationId: ({ context }) => context.ports.createOperationId(),
            error: null,
          }),
        },
        BACK: { target: 'finished', actions: 'leave' },
      },
    },

    /** POST begin: the picking (this user's again when it was open). */
    beginning: {
      tags: ['busy'],
      invoke: {
        src: 'begin',
        input: ({ context }) => ({
          ports: context.ports,
          clientCode: context.clientCode ?? '',
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isOk,
            target: 'loadingItems',
            actions: assign({
              pickingId: ({ event }) => event.output.operationObject?.pickingId ?? null,
              operationId: null,
            }),
          },
          BEGIN_FAILURES.refused,
        ],
        onError: BEGIN_FAILURES.onError,
      },
    },

    /** POST search: the items by the walk through the hall. */
    loadingItems: {
      tags: ['busy'],
      invoke: {
        src: 'search',
        input: ({ context }) => ({ ports: context.ports, pickingId: context.pickingId ?? 0 }),
        onDone: [
          {
            guard: isOk,
            target: 'pickingProcess',
            actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
          },
          SEARCH_FAILURES.refused,
        ],
        onError: SEARCH_FAILURES.onError,
      },
    },

    /** Items grouped by cell; a cell then its items, or an item then its cell. */
    pickingProcess: {
      on: {
        SCANNED: [
          { guard: ({ event }) => scanOf(event.text).type === 'empty' },
          {
            // An item then its cell: that pickup; the cell is not kept.
            guard: ({ context, event }) =>
              scanOf(event.text).type === 'cell' && context.pendingBarcode !== null,
            target: 'pickingUp',
            actions: assign({
              pickupAsk: ({ context, event }) => ({
                barcode: context.pendingBarcode ?? '',
                cellBarcode: scanOf(event.text).raw,
              }),
              pendingBarcode: null,
              error: null,
            }),
          },
          {
            // A cell first: the items scanned next are picked from it.
            guard: ({ event }) => scanOf(event.text).type === 'cell',
            actions: assign({ currentCell: ({ event }) => scanOf(event.text).raw, error: null }),
          },
          {
            guard: ({ context, event }) => itemOf(context, event.text) === undefined,
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                code: 'f-0008',
                barcode: scanOf(event.text).raw,
                message: null,
              }),
            },
          },
          {
            guard: ({ context, event }) => itemOf(context, event.text)?.state === 'PICKED',
            actions: ({ context }) => context.ports.play('repeat'),
          },
          {
            guard: ({ context }) => context.currentCell !== null,
            target: 'pickingUp',
            actions: assign({
              pickupAsk: ({ context, event }) => ({
                barcode: scanOf(event.text).raw,
                cellBarcode: context.currentCell ?? '',
              }),
              error: null,
            }),
          },
          {
            actions: assign({ pendingBarcode: ({ event }) => scanOf(event.text).raw, error: null }),
          },
        ],
        TO_CHECK: {
          guard: ({ context }) => progressOf(context.items).picked > 0,
          target: 'checkPicked',
        },
        CANCEL: 'confirmCancel',
      },
    },

    /** POST pickup: success-small, success-big when all are picked (then the picked list). */
    pickingUp: {
      tags: ['busy'],
      invoke: {
        src: 'pickup',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId ?? 0,
          barcode: context.pickupAsk?.barcode ?? '',
          cellBarcode: context.pickupAsk?.cellBarcode ?? '',
          operationId: context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isOk,
            target: 'afterPickup',
            actions: assign({
              items: ({ context, event }) => {
                const picked = event.output.operationObject?.item;
                return context.items.map((item) =>
                  picked && item.itemId === picked.itemId ? { ...item, state: picked.state } : item,
                );
              },
              pickupAsk: null,
            }),
          },
          {
            target: 'pickingProcess',
            actions: {
              type: 'showError',
              params: ({ context, event }) =>
                refusedError('f-0008', event.output, context.pickupAsk?.barcode ?? ''),
            },
          },
        ],
        onError: {
          target: 'pickingProcess',
          actions: {
            type: 'showError',
            params: ({ context }) => ({
              code: 'f-0009',
              barcode: context.pickupAsk?.barcode ?? '',
              message: null,
            }),
          },
        },
      },
    },

    /** All picked → success-big and the picked list; else success-small, go on. */
    afterPickup: {
      always: [
        {
          guard: ({ context }) => {
            const progress = progressOf(context.items);
            return progress.picked === progress.total;
          },
          target: 'checkPicked',
          actions: ({ context }) => context.ports.play('success-big'),
        },
        { target: 'pickingProcess', actions: ({ context }) => context.ports.play('success-small') },
      ],
    },

    /** The picked list (WAITING excluded) with totals; End. */
    checkPicked: {
      on: {
        END: {
          target: 'ending',
          actions: assign({
            operationId: ({ context }) => context.ports.createOperationId(),
            error: null,
          }),
        },
        BACK: 'pickingProcess',
        CANCEL: 'confirmCancel',
      },
    },

    /** POST end: handed out; the recipient forgotten, back to `/picking`. */
    ending: {
      tags: ['busy'],
      invoke: {
        src: 'end',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId ?? 0,
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isOk,
            target: 'finished',
            actions: [
              ({ context, event }) => {
                if (event.output.operationObject) {
                  context.ports.notifyDone({ kind: 'ended', result: event.output.operationObject });
                }
                context.ports.play('ok-new');
              },
              'leave',
            ],
          },
          END_FAILURES.refused,
        ],
        onError: END_FAILURES.onError,
      },
    },

    /** «Отменить выдачу?» listing the parcels to put back. */
    confirmCancel: {
      on: {
        CONFIRMED: {
          target: 'cancelling',
          actions: assign({ operationId: ({ context }) => context.ports.createOperationId() }),
        },
        CANCELLED: 'pickingProcess',
      },
    },

    /** POST cancel: PICKED back to WAITING; the recipient forgotten, back to `/picking`. */
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId ?? 0,
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isOk,
            target: 'finished',
            actions: [
              ({ context, event }) => {
                if (event.output.operationObject) {
                  context.ports.notifyDone({
                    kind: 'cancelled',
                    result: event.output.operationObject,
                  });
                }
              },
              'leave',
            ],
          },
          CANCEL_FAILURES.refused,
        ],
        onError: CANCEL_FAILURES.onError,
      },
    },

    /** Left for `/picking` (the page is replaced). */
    finished: { type: 'final' },
  },
});

export type PickingMachine = typeof pickingMachine;

/** The state a snapshot is in, as the pages show it (`data-view`); 'loading' before the start. */
export function viewOf(snapshot: SnapshotFrom<PickingMachine> | null): string {
  if (!snapshot) return 'loading';
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) ?? 'loading';
}
