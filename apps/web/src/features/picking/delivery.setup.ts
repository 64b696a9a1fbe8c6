import { assign, fromPromise, setup } from 'xstate';
import type {
  TDeliveryCreated,
  TDeliveryItem,
  TDimension,
  TEndResult,
  TPickingDeliveryResult,
  TPickingInfo,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult, PortInput } from '../../lib/api-client';
import {
  formOf,
  packageLabel,
  type DeliveryCode,
  type DeliveryContext,
  type DeliveryError,
  type DeliveryEvent,
  type DeliveryInput,
  type DeliveryPorts,
} from './delivery.model';
import { isCallOk, showErrorAction } from '../../shell/machine/call-feedback';
import { pickupPage } from '../../lib/page-paths';

// The delivery machine's setup (its calls, shared actions), the package events STICKERING and
// LIST share, and the helpers of its step files; the steps are composed in delivery.machine.ts.

type Ports = { ports: DeliveryPorts };
/** A call's input as its port takes it: the route's own fields (`FlatCallInput`). */
type Ask<K extends keyof DeliveryPorts> = PortInput<DeliveryPorts[K]>;

/** What a print run came to: all printed, no printer, or a failure at a package. */
export type PrintRun =
  | { kind: 'printed'; count: number }
  | { kind: 'unavailable' }
  | { kind: 'failed'; at: number; message: string | null };

export function failuresTo(target: string, refused: DeliveryCode, noAnswer: DeliveryCode) {
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

/** An accepted answer's next step: where to, and which of the setup's named actions run. */
export interface AcceptedStep {
  /** What else must hold, besides the call's success. */
  when?: (context: DeliveryContext) => boolean;
  target: string;
  actions: readonly ('newOperation' | 'toPickup' | 'keepEnded' | 'forgetRecipient')[];
}

type StateConfig = Parameters<typeof deliverySetup.createStateConfig>[0];

/**
 * FINISHING, SKIPPING and ENDING (spec part 2 §4): a busy state that makes one call (`finish`
 * or `end`) under the step's operation id (a new one when none) with `ask`'s fields; an
 * accepted answer takes the first of `accepted` whose `when` holds, a refusal and no answer go
 * back with `failures`' codes.
 */
export function operationCallState<S extends 'finish' | 'end'>(
  src: S,
  ask: (context: DeliveryContext) => Omit<Ask<S>, 'operationId'>,
  accepted: readonly AcceptedStep[],
  failures: ReturnType<typeof failuresTo>,
) {
  type Answered = { context: DeliveryContext; event: { output: CallResult<unknown> } };
  const config = {
    tags: ['busy'],
    invoke: {
      src,
      input: ({ context }: { context: DeliveryContext }) => ({
        ports: context.ports,
        ...ask(context),
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        ...accepted.map(({ when, target, actions }) => ({
          guard: (args: Answered) => isCallOk(args) && (when?.(args.context) ?? true),
          target,
          actions: [...actions],
        })),
        failures.refused,
      ],
      onError: failures.onError,
    },
  };
  // The call's actor is chosen by name at run time, so XState cannot tie `src` to its input
  // and answer types here; `ask` and the named actions are what the callers have checked.
  return deliverySetup.createStateConfig(config as unknown as StateConfig);
}

/** The package a scan names, if it is one of this delivery's. */
export function packageOf(context: DeliveryContext, text: string): TDeliveryItem | undefined {
  const barcode = recognizeBarcode(text).raw;
  return context.items.find((item) => item.barcode === barcode);
}

export const deliverySetup = setup({
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
    create: fromPromise<CallResult<TDeliveryCreated>, Ports & Ask<'create'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.create(ask);
    }),
    measure: fromPromise<CallResult<TDeliveryItem>, Ports & Ask<'measure'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.measure(ask);
    }),
    finish: fromPromise<CallResult<TPickingDeliveryResult>, Ports & Ask<'finish'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.finish(ask);
    }),
    end: fromPromise<CallResult<TEndResult>, Ports & Ask<'end'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.end(ask);
    }),
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
    toPickup: ({ context }) => context.ports.navigate(pickupPage(context.recipientCode ?? '')),
    /** END's summary: the end call's answer (run on its done event only). */
    keepEnded: assign(({ event }) => ({
      ended: (event as unknown as { output: CallResult<TEndResult> }).output.operationObject,
    })),
    /** LAST_PICKING_RECIPIENT cleared: the picking is over. */
    forgetRecipient: ({ context }) => context.ports.forgetRecipient(),
    /** A package's button or scan: its MEASURING with its measures so far. */
    openPackage: assign(({ context }, params: { item: TDeliveryItem | undefined }) => ({
      measure: params.item ? formOf(params.item, context.ports.decimalText) : null,
      measureProblem: null,
      error: null,
    })),
  },
});

/**
 * STICKERING and LIST both print the stickers and open a package's measuring by its button or
 * its scan (spec part 2 §4).
 */
export const PACKAGE_EVENTS = deliverySetup.createStateConfig({
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
