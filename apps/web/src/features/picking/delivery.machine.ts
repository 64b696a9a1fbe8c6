import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  TDeliveryCreated,
  TDeliveryItem,
  TDimension,
  TEndResult,
  TPickingDeliveryResult,
  TPickingInfo,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult } from '../../lib/api-client';
import {
  formOf,
  hasAnyMeasure,
  isMeasuringComplete,
  measureOf,
  packageLabel,
  parseAmount,
  PICKING_LIST_PATH,
  type DeliveryCode,
  type DeliveryContext,
  type DeliveryError,
  type DeliveryEvent,
  type DeliveryInput,
  type DeliveryPorts,
} from './delivery.model';
import { isCallOk, showErrorAction } from '../../shell/machine/call-feedback';
import { topStateOf } from '../../shell/machine/top-state';

export * from './delivery.model';

type Ports = { ports: DeliveryPorts };

function pickupPathOf(recipientCode: string): string {
  return `${PICKING_LIST_PATH}/pickup/${encodeURIComponent(recipientCode)}`;
}

/** What a print run came to: all printed, no printer, or a failure at a package. */
type PrintRun =
  | { kind: 'printed'; count: number }
  | { kind: 'unavailable' }
  | { kind: 'failed'; at: number; message: string | null };

function failuresTo(target: string, refused: DeliveryCode, noAnswer: DeliveryCode) {
  return {
    refused: {
      target,
      actions: {
        type: 'showError' as const,
        params: ({ event }: { event: { output: CallResult<unknown> } }) => ({
          code: refused,
          message: event.output.message,
        }),
      },
    },
    onError: {
      target,
      actions: { type: 'showError' as const, params: { code: noAnswer, message: null } },
    },
  };
}

const CREATE_FAILURES = failuresTo('start', 'f-0005', 'f-0006');
const SKIP_FAILURES = failuresTo('start', 'f-0007', 'f-0008');
const FINISH_FAILURES = failuresTo('list', 'f-0007', 'f-0008');
const END_FAILURES = failuresTo('list', 'f-0011', 'f-0012');
const ITEMS_FAILURES = failuresTo('itemsFailed', 'f-0001', 'f-0002');
const INFO_FAILURES = failuresTo('infoFailed', 'f-0004', 'f-0004');
const SAVE_FAILURES = failuresTo('editing', 'f-0009', 'f-0010');

/** The package a scan names, if it is one of this delivery's. */
function packageOf(context: DeliveryContext, text: string): TDeliveryItem | undefined {
  const barcode = recognizeBarcode(text).raw;
  return context.items.find((item) => item.barcode === barcode);
}

/**
 * Delivery to a recipient (spec part 2 §2 steps start, stickering, list, measuring, end; §4
 * Delivery flow; docs/DECISIONS.md "Delivery to a recipient"): the picking's info, its
 * delivery's packages, START (how many packages; create or skip), STICKERING (print one sticker
 * per package), MEASURING (one package: sides typed or scanned, a dimension type, weight typed
 * or from the scale), LIST (finish the delivery, or finish and end the picking), END. Calls,
 * printing, the scale, storage, toasts and navigation are ports.
 */
const deliverySetup = setup({
  types: {
    input: {} as DeliveryInput,
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
  },
  actors: {
    info: fromPromise<CallResult<TPickingInfo>, Ports & { recipientCode: string }>(({ input }) =>
      input.ports.info(input.recipientCode),
    ),
    items: fromPromise<CallResult<TDeliveryItem[]>, Ports & { deliveryId: number }>(({ input }) =>
      input.ports.items(input.deliveryId),
    ),
    create: fromPromise<
      CallResult<TDeliveryCreated>,
      Ports & { pickingId: number; info: TPickingInfo; itemsCount: number; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.create(ask);
    }),
    measure: fromPromise<
      CallResult<TDeliveryItem>,
      Ports & {
        deliveryId: number;
        itemId: number;
        height: number;
        width: number;
        length: number;
        weight: number;
        operationId: string;
      }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.measure(ask);
    }),
    finish: fromPromise<
      CallResult<TPickingDeliveryResult>,
      Ports & { pickingId: number; deliveryId: number | null; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.finish(ask);
    }),
    end: fromPromise<CallResult<TEndResult>, Ports & { pickingId: number; operationId: string }>(
      ({ input }) =>
        input.ports.end({ pickingId: input.pickingId, operationId: input.operationId }),
    ),
    dimension: fromPromise<CallResult<TDimension>, Ports & { barcode: string }>(({ input }) =>
      input.ports.dimension(input.barcode),
    ),
    readWeight: fromPromise<number, Ports>(({ input }) => input.ports.readWeight()),
    /** One job per package from `from`, each awaited until the agent reports it printed. */
    printRun: fromPromise<PrintRun, Ports & { context: DeliveryContext }>(async ({ input }) => {
      const { context, ports } = input;
      const count = context.items.length;
      for (let index = context.printFrom; index < count; index += 1) {
        const item = context.items[index];
        if (!item) break;
        const outcome = await ports.print(
          packageLabel(item, count, {
            deliveryId: context.deliveryId ?? 0,
            recipientName: context.info?.ClientName ?? '',
            addressTo: context.info?.AddressTo ?? null,
            sendDate: context.sendDate,
          }),
        );
        if (outcome.status === 'unavailable') return { kind: 'unavailable' };
        if (outcome.status === 'failed') {
          return { kind: 'failed', at: index, message: outcome.message };
        }
      }
      return { kind: 'printed', count };
    }),
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<DeliveryContext, DeliveryEvent, DeliveryError>(),
    /** A print problem: the prompt's line only (the printer toasts its own problems). */
    showInline: assign((_, error: DeliveryError) => ({ error })),
    newOperation: assign({
      operationId: ({ context }) => context.ports.createOperationId(),
      error: null,
    }),
    toPickup: ({ context }) => context.ports.navigate(pickupPathOf(context.recipientCode ?? '')),
    /** A package's button or scan: its MEASURING with its measures so far. */
    openPackage: assign(({ context }, params: { item: TDeliveryItem | undefined }) => ({
      measure: params.item ? formOf(params.item, context.ports.decimalText) : null,
      measureProblem: null,
      error: null,
    })),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    hasMeasures: ({ context }) => hasAnyMeasure(context.items),
  },
});

/**
 * STICKERING and LIST both print the stickers and open a package's measuring by its button or
 * its scan (spec part 2 §4).
 */
const PACKAGE_EVENTS = deliverySetup.createStateConfig({
  on: {
    PRINT: { target: 'printing', actions: assign({ error: null }) },
    MEASURE: {
      target: 'measuring',
      actions: {
        type: 'openPackage',
        params: ({ context, event }) => ({
          item: context.items.find((one) => one.deliveryItemId === event.itemId),
        }),
      },
    },
    SCANNED: {
      guard: ({ context, event }) => packageOf(context, event.text) !== undefined,
      target: 'measuring',
      actions: {
        type: 'openPackage',
        params: ({ context, event }) => ({ item: packageOf(context, event.text) }),
      },
    },
  },
}).on;

export const deliveryMachine = deliverySetup.createMachine({
  id: 'delivery',
  initial: 'loadingInfo',
  context: ({ input }) => ({
    ports: input.ports,
    pickingId: input.pickingId,
    recipientCode: input.recipientCode,
    info: null,
    deliveryId: null,
    sendDate: null,
    items: [],
    packagesCount: '1',
    printFrom: 0,
    measure: null,
    measureProblem: null,
    thenEnd: false,
    ended: null,
    operationId: null,
    error: null,
  }),
  states: {
    /** POST info of the current recipient: its Pickings[] entry of this picking (part 2 §4). */
    loadingInfo: {
      tags: ['busy'],
      always: {
        guard: ({ context }) => context.recipientCode === null,
        target: 'noPicking',
      },
      invoke: {
        src: 'info',
        input: ({ context }) => ({
          ports: context.ports,
          recipientCode: context.recipientCode ?? '',
        }),
        onDone: [
          {
            guard: ({ context, event }) =>
              isCallOk({ event }) &&
              !(event.output.operationObject?.Pickings ?? []).some(
                (picking) => picking.PickingId === context.pickingId,
              ),
            target: 'noPicking',
          },
          {
            guard: isCallOk,
            target: 'routing',
            actions: assign(({ context, event }) => {
              const info = event.output.operationObject;
              const entry = info?.Pickings.find((one) => one.PickingId === context.pickingId);
              return { info, deliveryId: entry?.DeliveryId ?? null };
            }),
          },
          INFO_FAILURES.refused,
        ],
        onError: INFO_FAILURES.onError,
      },
    },

    /** f-0003: no picking of this recipient with this id; back to `/picking`. */
    noPicking: {
      entry: [
        { type: 'showError', params: { code: 'f-0003', message: null } },
        ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
      ],
      type: 'final',
    },

    /** f-0004: the info failed; try again or back to the list. */
    infoFailed: {
      on: {
        RETRY: 'loadingInfo',
        BACK: {
          target: 'left',
          actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
        },
      },
    },

    /** With a delivery: its packages; without: START. */
    routing: {
      always: [
        { guard: ({ context }) => context.deliveryId !== null, target: 'loadingItems' },
        { target: 'start' },
      ],
    },

    loadingItems: {
      tags: ['busy'],
      invoke: {
        src: 'items',
        input: ({ context }) => ({ ports: context.ports, deliveryId: context.deliveryId ?? 0 }),
        onDone: [
          {
            guard: isCallOk,
            target: 'step',
            actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
          },
          ITEMS_FAILURES.refused,
        ],
        onError: ITEMS_FAILURES.onError,
      },
    },

    /** f-0001/f-0002: the packages failed to load; try again or back to the list. */
    itemsFailed: {
      on: {
        RETRY: 'loadingItems',
        BACK: {
          target: 'left',
          actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
        },
      },
    },

    /** Spec part 2 §2: START without packages, STICKERING with none measured, else LIST. */
    step: {
      always: [
        { guard: 'hasMeasures', target: 'list' },
        { guard: 'hasItems', target: 'stickering' },
        { target: 'start' },
      ],
    },

    /** START: how many packages (1–99, the picked parcels' count by default). */
    start: {
      entry: assign({
        packagesCount: ({ context }) =>
          String(Math.min(99, Math.max(1, context.info?.ParcelsCount ?? 1))),
      }),
      on: {
        COUNT_CHANGED: { actions: assign({ packagesCount: ({ event }) => event.value }) },
        CREATE: [
          {
            guard: ({ context }) => {
              const count = Number(context.packagesCount);
              return !(Number.isInteger(count) && count >= 1 && count <= 99);
            },
            actions: assign({ measureProblem: 'count', error: null }),
          },
          { target: 'creating', actions: ['newOperation', assign({ measureProblem: null })] },
        ],
        SKIP: { target: 'skipping', actions: 'newOperation' },
      },
    },

    creating: {
      tags: ['busy'],
      invoke: {
        src: 'create',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId,
          info: context.info as TPickingInfo,
          itemsCount: Number(context.packagesCount),
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isCallOk,
            target: 'step',
            actions: assign(({ event }) => {
              const delivery = event.output.operationObject;
              return {
                deliveryId: delivery?.deliveryId ?? null,
                sendDate: delivery?.sendDate ?? null,
                items: delivery?.items ?? [],
                printFrom: 0,
                operationId: null,
              };
            }),
          },
          CREATE_FAILURES.refused,
        ],
        onError: CREATE_FAILURES.onError,
      },
    },

    /** «Пропустить»: the picking goes on as a plain pick-up (part 2 §4). */
    skipping: {
      tags: ['busy'],
      invoke: {
        src: 'finish',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId,
          deliveryId: null,
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [{ guard: isCallOk, target: 'left', actions: 'toPickup' }, SKIP_FAILURES.refused],
        onError: SKIP_FAILURES.onError,
      },
    },

    /** STICKERING: print the stickers; a package (button or scan) opens its measuring. */
    stickering: {
      on: {
        ...PACKAGE_EVENTS,
      },
    },

    /** One job per package (STICKERING and LIST have some); all reported printed → f-0014, no printer → f-0013. */
    printing: {
      tags: ['busy'],
      invoke: {
        src: 'printRun',
        input: ({ context }) => ({ ports: context.ports, context }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'printed',
            target: 'step',
            actions: [
              assign({ printFrom: 0 }),
              ({ context }) => context.ports.notifyPrinted(context.items.length),
            ],
          },
          {
            guard: ({ event }) => event.output.kind === 'unavailable',
            target: 'step',
            actions: { type: 'showInline', params: { code: 'f-0013', message: null } },
          },
          {
            // The run stops at the failure; the next run reprints from it.
            target: 'step',
            actions: [
              assign({
                printFrom: ({ event }) => (event.output.kind === 'failed' ? event.output.at : 0),
              }),
              {
                type: 'showError',
                params: ({ event }) => ({
                  code: 'f-0015',
                  message: event.output.kind === 'failed' ? event.output.message : null,
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'step',
          actions: { type: 'showError', params: { code: 'f-0015', message: null } },
        },
      },
    },

    /** MEASURING one package: sides (cm) typed, `.GL/.GW/.GH` or a dimension type; weight (kg). */
    measuring: {
      initial: 'editing',
      on: {
        FIELD_CHANGED: {
          actions: assign({
            measure: ({ context, event }) =>
              context.measure ? { ...context.measure, [event.field]: event.value } : null,
            measureProblem: null,
          }),
        },
      },
      states: {
        editing: {
          on: {
            SCANNED: [
              {
                guard: ({ event }) => {
                  const type = recognizeBarcode(event.text).type;
                  return type === 'length' || type === 'width' || type === 'height';
                },
                actions: assign({
                  measure: ({ context, event }) => {
                    const scan = recognizeBarcode(event.text);
                    if (!context.measure) return null;
                    if (scan.type !== 'length' && scan.type !== 'width' && scan.type !== 'height') {
                      return context.measure;
                    }
                    // The interface's decimals, as typed ones (`.GW20,5` → «20,5» in ru).
                    const value = parseAmount(scan.value);
                    const text = Number.isFinite(value)
                      ? context.ports.decimalText(value)
                      : scan.value;
                    return { ...context.measure, [scan.type]: text };
                  },
                  measureProblem: null,
                }),
              },
              {
                guard: ({ context, event }) =>
                  recognizeBarcode(event.text).type === 'parcel' &&
                  packageOf(context, event.text) === undefined,
                target: 'lookingUpDimension',
              },
            ],
            READ_WEIGHT: 'weighing',
            SAVE: [
              {
                guard: ({ context }) =>
                  context.measure === null || typeof measureOf(context.measure) === 'string',
                actions: assign({
                  measureProblem: ({ context }) => {
                    const measured = context.measure ? measureOf(context.measure) : 'sides';
                    return typeof measured === 'string' ? measured : null;
                  },
                }),
              },
              { target: 'saving', actions: 'newOperation' },
            ],
            CANCEL: '#delivery.step',
          },
        },
        /** GET /sorting-api/dimension?barcode: a dimension type fills the three sides. */
        lookingUpDimension: {
          tags: ['busy'],
          invoke: {
            src: 'dimension',
            input: ({ context, event }) => ({
              ports: context.ports,
              barcode: recognizeBarcode((event as { text: string }).text).raw,
            }),
            onDone: [
              {
                guard: isCallOk,
                target: 'editing',
                actions: assign({
                  measure: ({ context, event }) => {
                    const type = event.output.operationObject;
                    if (!context.measure || !type) return context.measure;
                    return {
                      ...context.measure,
                      length: context.ports.decimalText(type.Length),
                      width: context.ports.decimalText(type.Width),
                      height: context.ports.decimalText(type.Height),
                    };
                  },
                }),
              },
              { target: 'editing', actions: assign({ measureProblem: 'dimensionNotFound' }) },
            ],
            onError: {
              target: 'editing',
              actions: assign({ measureProblem: 'dimensionNotFound' }),
            },
          },
        },
        /** The scale's stable weight in kg (part 1 §5). */
        weighing: {
          tags: ['busy'],
          invoke: {
            src: 'readWeight',
            input: ({ context }) => ({ ports: context.ports }),
            onDone: {
              target: 'editing',
              actions: assign({
                measure: ({ context, event }) =>
                  context.measure
                    ? { ...context.measure, weight: context.ports.decimalText(event.output) }
                    : null,
                measureProblem: null,
              }),
            },
            onError: { target: 'editing', actions: assign({ measureProblem: 'scale' }) },
          },
        },
        /** POST measure: numbers, weight × 1000 rounded; then STICKERING → LIST. */
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'measure',
            input: ({ context }) => {
              const measured = context.measure ? measureOf(context.measure) : 'sides';
              const values =
                typeof measured === 'string'
                  ? { height: 0, width: 0, length: 0, weight: 0 }
                  : measured;
              return {
                ports: context.ports,
                deliveryId: context.deliveryId ?? 0,
                itemId: context.measure?.itemId ?? 0,
                ...values,
                operationId: context.operationId ?? context.ports.createOperationId(),
              };
            },
            onDone: [
              {
                guard: isCallOk,
                target: '#delivery.step',
                actions: assign({
                  items: ({ context, event }) => {
                    const saved = event.output.operationObject;
                    return context.items.map((item) =>
                      saved && item.deliveryItemId === saved.deliveryItemId ? saved : item,
                    );
                  },
                  measure: null,
                  operationId: null,
                }),
              },
              SAVE_FAILURES.refused,
            ],
            onError: SAVE_FAILURES.onError,
          },
        },
      },
    },

    /** LIST: the packages with their measures; finish, or finish and end the picking. */
    list: {
      on: {
        ...PACKAGE_EVENTS,
        FINISH: {
          guard: ({ context }) => isMeasuringComplete(context.items),
          target: 'finishing',
          actions: ['newOperation', assign({ thenEnd: false })],
        },
        END_PICKING: {
          target: 'finishing',
          actions: ['newOperation', assign({ thenEnd: true })],
        },
      },
    },

    /** POST picking/delivery with the delivery: to the pick-up page, or on to the end. */
    finishing: {
      tags: ['busy'],
      invoke: {
        src: 'finish',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId,
          deliveryId: context.deliveryId,
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: ({ context, event }) => isCallOk({ event }) && context.thenEnd,
            target: 'ending',
            actions: 'newOperation',
          },
          { guard: isCallOk, target: 'left', actions: 'toPickup' },
          FINISH_FAILURES.refused,
        ],
        onError: FINISH_FAILURES.onError,
      },
    },

    /** POST end: the picking PROCESSED, its parcels handed to the delivery. */
    ending: {
      tags: ['busy'],
      invoke: {
        src: 'end',
        input: ({ context }) => ({
          ports: context.ports,
          pickingId: context.pickingId,
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isCallOk,
            target: 'end',
            actions: [
              assign({ ended: ({ event }) => event.output.operationObject }),
              ({ context }) => context.ports.forgetRecipient(),
            ],
          },
          END_FAILURES.refused,
        ],
        onError: END_FAILURES.onError,
      },
    },

    /** END: the summary; back to `/picking` (LAST_PICKING_RECIPIENT cleared). */
    end: {
      on: {
        BACK: {
          target: 'left',
          actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
        },
      },
    },

    /** Left for another page (the page is replaced). */
    left: { type: 'final' },
  },
});

export type DeliveryMachine = typeof deliveryMachine;

/** The step a snapshot is in (`data-view`); 'loading' before the start. */
export function deliveryViewOf(snapshot: SnapshotFrom<DeliveryMachine> | null): string {
  return topStateOf<string>(snapshot, 'loading');
}
