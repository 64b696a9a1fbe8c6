import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  TCancelResult,
  TEndResult,
  TLostResult,
  TPicking,
  TPickingBalance,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickupResult,
  TValidationData,
} from '@sorting/contracts';
import { LOST_DESCRIPTION_MAX } from '@sorting/contracts';
import { attorneyProblems, isPincode } from '@sorting/domain';
import {
  clientOfScan,
  failuresTo,
  isOk,
  itemOf,
  PICKING_PATH,
  pickupPath,
  refusedError,
  scanOf,
} from './picking-machine-helpers';
import {
  isBalanceBlocked,
  isGateMode,
  progressOf,
  type CallResult,
  type PickingContext,
  type PickingError,
  type PickingEvent,
  type PickingInput,
  type PickingPorts,
} from './picking.model';

export * from './picking.model';
export { clientOfScan, PICKING_PATH, pickupPath } from './picking-machine-helpers';

type Ports = { ports: PickingPorts };

const FIND_FAILURES = failuresTo('pickingDirectionSelect', 'f-0001');
const BEGIN_FAILURES = failuresTo('pickingInfo', 'f-0006', 'f-0007');
const SEARCH_FAILURES = failuresTo('pickingInfo', 'f-0002');
const BALANCE_FAILURES = failuresTo('pickingInfo', 'f-0003');
const LOST_FAILURES = failuresTo('pickingProcess', 'f-0010');

/** Where an end's failure goes back to: the screen its proof was entered on. */
const END_RETURNS = [
  ['checkPincode', 'pincode'],
  ['checkProxy', 'attorney'],
  ['checkPicked', 'none'],
] as const;

/** The device's today as yyyy-mm-dd (a power of attorney's date is judged against it). */
function deviceToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A proof the server may take: a pincode of digits, a power of attorney without problems. */
function isValidProof(data: TValidationData, kind: 'pincode' | 'attorney'): boolean {
  if (data.Kind !== kind) return false;
  if (data.Kind === 'pincode') return isPincode(data.Pincode);
  if (data.Kind !== 'attorney') return false;
  const input = {
    number: data.AttorneyNumber,
    date: data.AttorneyDate,
    holderName: data.HolderName,
  };
  return Object.keys(attorneyProblems(input, deviceToday())).length === 0;
}
const CANCEL_FAILURES = failuresTo('pickingProcess', 'f-0013');

/** checkPincode and checkProxy: a valid proof of their kind goes to the end; BACK returns. */
function proofScreen(kind: 'pincode' | 'attorney') {
  return {
    on: {
      VALIDATE: {
        guard: { type: 'isValidProof', params: { kind } },
        target: 'ending',
        actions: 'takeProof',
      },
      BACK: 'checkPicked',
    },
  } as const;
}

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
    end: fromPromise<
      CallResult<TEndResult>,
      Ports & { pickingId: number; validation: TValidationData; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.end(ask);
    }),
    balance: fromPromise<CallResult<TPickingBalance>, Ports & { clientCode: string }>(({ input }) =>
      input.ports.balance(input.clientCode),
    ),
    lost: fromPromise<
      CallResult<TLostResult>,
      Ports & { itemId: number; barcode: string; description: string; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.lost(ask);
    }),
    restorable: fromPromise<string | null, Ports>(({ input }) => input.ports.restorablePath()),
    cancel: fromPromise<
      CallResult<TCancelResult>,
      Ports & { pickingId: number; operationId: string }
    >(({ input }) =>
      input.ports.cancel({ pickingId: input.pickingId, operationId: input.operationId }),
    ),
  },
  guards: {
    hasClientCode: ({ context }) => context.clientCode !== null,
    isValidProof: ({ event }, params: { kind: 'pincode' | 'attorney' }) =>
      event.type === 'VALIDATE' && isValidProof(event.data, params.kind),
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
    /** The proof entered on checkPincode or checkProxy, sent by the end (issue 17). */
    takeProof: assign({
      validation: ({ context, event }) =>
        event.type === 'VALIDATE' ? event.data : context.validation,
      operationId: ({ context }) => context.ports.createOperationId(),
      error: null,
    }),
    /** A refused pincode is typed again; other proofs stay as entered (issue 17). */
    forgetPincode: assign({
      validation: ({ context }) =>
        context.validation?.Kind === 'pincode' ? null : context.validation,
    }),
    /** End, cancel or back: the recipient forgotten, reset to direction select (part 1 §4). */
    leave: ({ context }) => {
      context.ports.forgetRecipient();
      context.ports.navigate(PICKING_PATH);
    },
  },
}).createMachine({
  id: 'picking',
  initial: 'restoring',
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
    balance: null,
    lostItem: null,
    lostDescription: null,
    validation: null,
    operationId: null,
    error: null,
  }),
  states: {
    /**
     * `/picking`: the list; a scanned parcel barcode or client code opens the client. On
     * `/picking/pickup/{code}` the recipient is chosen already: on to its info.
     */
    /**
     * `/picking` where the warehouse runs one picking per device (part 1 §6, issue 17): the
     * recipient kept in LAST_PICKING_RECIPIENT is opened again (its info or its process).
     */
    restoring: {
      // On `/picking/pickup/{code}` the recipient is chosen already: on to its info.
      always: { guard: 'hasClientCode', target: 'loadingInfo' },
      tags: ['busy'],
      invoke: {
        src: 'restorable',
        input: ({ context }) => ({ ports: context.ports }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'pickingDirectionSelect',
            actions: ({ context, event }) => context.ports.navigate(event.output ?? ''),
          },
          { target: 'pickingDirectionSelect' },
        ],
        onError: 'pickingDirectionSelect',
      },
    },

    pickingDirectionSelect: {
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
            target: 'loadingBalance',
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

    /** POST balance (issue 17): the info screen's money; f-0003 when it fails. */
    loadingBalance: {
      tags: ['busy'],
      invoke: {
        src: 'balance',
        input: ({ context }) => ({ ports: context.ports, clientCode: context.clientCode ?? '' }),
        onDone: [
          {
            guard: isOk,
            target: 'pickingInfo',
            actions: assign({ balance: ({ event }) => event.output.operationObject }),
          },
          BALANCE_FAILURES.refused,
        ],
        onError: BALANCE_FAILURES.onError,
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
          guard: ({ context }) => !isBalanceBlocked(context.balance),
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
            // Gate mode (issue 17): only the client's gate cells; any other is refused here.
            guard: ({ context, event }) =>
              scanOf(event.text).type === 'cell' &&
              isGateMode(context.info) &&
              !(context.info?.AllowedGateCells ?? []).includes(scanOf(event.text).raw),
            actions: {
              type: 'showError',
              params: ({ context, event }) => ({
                code: 'notGateCell',
                barcode: scanOf(event.text).raw,
                message: (context.info?.AllowedGateCells ?? []).join(', '),
              }),
            },
          },
          {
            // An item then its cell: that pickup; the cell is not kept (a gate cell is).
            guard: ({ context, event }) =>
              scanOf(event.text).type === 'cell' && context.pendingBarcode !== null,
            target: 'pickingUp',
            actions: assign({
              pickupAsk: ({ context, event }) => ({
                barcode: context.pendingBarcode ?? '',
                cellBarcode: scanOf(event.text).raw,
              }),
              currentCell: ({ context, event }) =>
                isGateMode(context.info) ? scanOf(event.text).raw : context.currentCell,
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
        LOST_ASK: {
          guard: ({ context, event }) =>
            context.items.some((one) => one.itemId === event.itemId && one.state === 'WAITING'),
          target: 'lostDialog',
          actions: assign({
            lostItem: ({ context, event }) =>
              context.items.find((one) => one.itemId === event.itemId) ?? null,
            error: null,
          }),
        },
      },
    },

    /** «Не найдена» (issue 17): a required description for the WAITING item. */
    lostDialog: {
      on: {
        LOST_SUBMIT: {
          guard: ({ event }) => {
            const text = event.description.trim();
            return text.length > 0 && text.length <= LOST_DESCRIPTION_MAX;
          },
          target: 'markingLost',
          actions: assign({
            lostDescription: ({ event }) => event.description.trim(),
            operationId: ({ context }) => context.ports.createOperationId(),
          }),
        },
        LOST_CLOSE: { target: 'pickingProcess', actions: assign({ lostItem: null }) },
      },
    },

    /** POST lost: the item LOST, out of the to-do list; f-0010 when refused or unanswered. */
    markingLost: {
      tags: ['busy'],
      invoke: {
        src: 'lost',
        input: ({ context }) => ({
          ports: context.ports,
          itemId: context.lostItem?.itemId ?? 0,
          barcode: context.lostItem?.barcode ?? '',
          description: context.lostDescription ?? '',
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isOk,
            target: 'afterLost',
            actions: assign({
              items: ({ context }) =>
                context.items.map((one) =>
                  one.itemId === context.lostItem?.itemId
                    ? { ...one, state: 'LOST' as const }
                    : one,
                ),
              lostItem: null,
              lostDescription: null,
              operationId: null,
            }),
          },
          LOST_FAILURES.refused,
        ],
        onError: LOST_FAILURES.onError,
      },
    },

    /** Everything left is picked → the picked list; else on with the process. */
    afterLost: {
      always: [
        {
          guard: ({ context }) => {
            const progress = progressOf(context.items);
            return progress.total > 0 && progress.picked === progress.total;
          },
          target: 'checkPicked',
        },
        { target: 'pickingProcess' },
      ],
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
        END: [
          // validationType (part 1 §3): 1 pincode, 2 power of attorney, else none (issue 17).
          { guard: ({ context }) => context.info?.ValidationType === 1, target: 'checkPincode' },
          { guard: ({ context }) => context.info?.ValidationType === 2, target: 'checkProxy' },
          {
            target: 'ending',
            actions: assign({
              validation: { Kind: 'none' },
              operationId: ({ context }) => context.ports.createOperationId(),
              error: null,
            }),
          },
        ],
        BACK: 'pickingProcess',
        CANCEL: 'confirmCancel',
      },
    },

    /** The recipient's pick-up code (issue 17): digits only; End sends it. */
    checkPincode: proofScreen('pincode'),

    /** The power of attorney (issue 17): number, date, holder; nothing sent while invalid. */
    checkProxy: proofScreen('attorney'),

    /** POST end: handed out; the recipient forgotten, back to `/picking`. */
    ending: {
      tags: ['busy'],
      invoke: {
        src: 'end',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId ?? 0,
          validation: context.validation ?? { Kind: 'none' },
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
          // Refused (f-0011, the server's message: a wrong code with the attempts left, a
          // lock, 402): back to where the proof was entered; a pincode is typed again.
          ...END_RETURNS.map(([target, kind]) => ({
            guard: ({ context }: { context: PickingContext }) =>
              (context.validation?.Kind ?? 'none') === kind,
            target,
            actions: [
              {
                type: 'showError' as const,
                params: ({ event }: { event: { output: CallResult<unknown> } }) =>
                  refusedError('f-0011', event.output),
              },
              'forgetPincode' as const,
            ],
          })),
        ],
        // No answer (f-0012): back there with the entered data kept.
        onError: END_RETURNS.map(([target, kind]) => ({
          guard: ({ context }: { context: PickingContext }) =>
            (context.validation?.Kind ?? 'none') === kind,
          target,
          actions: {
            type: 'showError' as const,
            params: { code: 'f-0012' as const, message: null },
          },
        })),
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
