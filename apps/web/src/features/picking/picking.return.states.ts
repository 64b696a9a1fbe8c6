import { assign } from 'xstate';
import type { TPickingItem } from '@sorting/contracts';
import { refusedError } from './picking-machine-helpers';
import {
  progressOf,
  type CallResult,
  type PickingContext,
  type PickingEvent,
} from './picking.model';
import { pickingSetup } from './picking.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The picking machine's item return (spec part 2 §4 "Returning a picking item", §8
// f-0014, f-0015; docs/DECISIONS.md "Picking payment"): «Возврат» on an item in the process or
// on the picked list, its reasons, one chosen, POST return; composed in picking.machine.ts.

/** An item that may be returned: WAITING or PICKED (the server's rule). */
function returnable(items: readonly TPickingItem[], itemId: number): TPickingItem | undefined {
  return items.find(
    (item) => item.itemId === itemId && (item.state === 'WAITING' || item.state === 'PICKED'),
  );
}

/** «Возврат» on `from`: the item's reasons are loaded. */
export function returnAsk(from: PickingContext['returnFrom']) {
  return {
    guard: ({ context, event }: { context: PickingContext; event: PickingEvent }) =>
      event.type === 'RETURN_ASK' && returnable(context.items, event.itemId) !== undefined,
    target: 'loadingReasons',
    actions: { type: 'askReturn', params: { from } },
  } as const;
}

const fromChecked = ({ context }: { context: PickingContext }) =>
  context.returnFrom === 'checkPicked';

/** Back where «Возврат» was pressed, with `actions`. */
function back(actions: readonly unknown[]) {
  return [
    { guard: fromChecked, target: 'checkPicked', actions },
    { target: 'pickingProcess', actions },
  ] as never;
}

const closed = 'closeReturn';

/** A failed call (`code`): its error, and back. */
function failures(code: 'f-0014' | 'f-0015') {
  return {
    refused: back([
      {
        type: 'showError',
        params: ({
          context,
          event,
        }: {
          context: PickingContext;
          event: { output: CallResult<unknown> };
        }) => refusedError(code, event.output, context.returnItem?.barcode ?? ''),
      },
      closed,
    ]),
    onError: back([
      {
        type: 'showError',
        params: ({ context }: { context: PickingContext }) => ({
          code,
          barcode: context.returnItem?.barcode ?? '',
          message: null,
        }),
      },
      closed,
    ]),
  };
}
const REASONS_FAILURES = failures('f-0014');
const RETURN_FAILURES = failures('f-0015');

export const returnStates = {
  /** GET return/reasons?pickingRouteItemId= (the item's itemId); f-0014 on failure. */
  loadingReasons: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'returnReasons',
      input: ({ context }) => ({ ports: context.ports, itemId: context.returnItem?.itemId ?? 0 }),
      onDone: [
        {
          guard: isCallOk,
          target: 'returnDialog',
          actions: assign({
            returnReasons: ({ event }) =>
              (event.output.operationObject ?? []).map((reason) => reason.code),
          }),
        },
        ...REASONS_FAILURES.refused,
      ],
      onError: REASONS_FAILURES.onError,
    },
  }),

  /** The reasons as buttons; one chosen is confirmed first; closing goes back. */
  returnDialog: pickingSetup.createStateConfig({
    on: {
      RETURN_CHOOSE: {
        guard: ({ context, event }) => context.returnReasons.includes(event.reason),
        target: 'confirmReturn',
        actions: assign({ returnReason: ({ event }) => event.reason }),
      },
      RETURN_CLOSE: back([closed]),
    },
  }),

  /**
   * «Вернуть посылку X: причина?» (DECISIONS "Picking payment": a return is not undone, so it
   * asks first): confirmed it is sent; «Другая причина» goes back to the reasons.
   */
  confirmReturn: pickingSetup.createStateConfig({
    on: {
      RETURN_CONFIRM: {
        target: 'returning',
        actions: assign({ operationId: ({ context }) => context.ports.createOperationId() }),
      },
      RETURN_BACK: { target: 'returnDialog', actions: assign({ returnReason: null }) },
      RETURN_CLOSE: back([closed]),
    },
  }),

  /**
   * POST return with ReturnReasonComment '': the item RETURNED (the returns label), out of the
   * amount due; f-0015 on failure.
   */
  returning: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'returnItem',
      input: ({ context }) => ({
        ports: context.ports,
        PickingRouteItemId: context.returnItem?.itemId ?? 0,
        ReturnReasonCode: context.returnReason ?? 'RECIPIENT_REFUSED',
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'afterReturn',
          actions: [
            ({ context }) => {
              // Part 2 §8 sounds: ok-new on success; the toast names the parcel and reason.
              context.ports.play('ok-new');
              context.ports.notifyReturned({
                barcode: context.returnItem?.barcode ?? '',
                reason: context.returnReason ?? 'RECIPIENT_REFUSED',
              });
            },
            assign(({ context }) => {
              const itemId = context.returnItem?.itemId ?? 0;
              return {
                items: context.items.map((one) =>
                  one.itemId === itemId ? { ...one, state: 'RETURNED' as const } : one,
                ),
                droppedItemIds: [...context.droppedItemIds, itemId],
                returnItem: null,
                returnReason: null,
                operationId: null,
              };
            }),
          ],
        },
        ...RETURN_FAILURES.refused,
      ],
      onError: RETURN_FAILURES.onError,
    },
  }),

  /**
   * From the process: as after a lost mark (all left picked → the picked list). From the
   * picked list: it stays while something is picked, else the process.
   */
  afterReturn: pickingSetup.createStateConfig({
    always: [
      {
        guard: ({ context }) => fromChecked({ context }) && progressOf(context.items).picked > 0,
        target: 'checkPicked',
      },
      { guard: fromChecked, target: 'pickingProcess' },
      { target: 'afterLost' },
    ],
  }),
};
