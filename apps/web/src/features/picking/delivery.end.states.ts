import { assign } from 'xstate';
import { isCallOk } from '../../shell/machine/call-feedback';
import { isMeasuringComplete, PICKING_LIST_PATH } from './delivery.model';
import { deliverySetup, failuresTo, PACKAGE_EVENTS } from './delivery.setup';

// Delivery's LIST and END steps (spec part 2 §2, §4): finish the delivery, or finish and end
// the picking, then the summary; composed in delivery.machine.ts.

const FINISH_FAILURES = failuresTo('list', 'f-0007', 'f-0008');
const END_FAILURES = failuresTo('list', 'f-0011', 'f-0012');

/** LIST: the packages with their measures; finish, or finish and end the picking. */
const listState = deliverySetup.createStateConfig({
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
});

/** POST picking/delivery with the delivery: to the pick-up page, or on to the end. */
const finishingState = deliverySetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'finish',
    input: ({ context }) => ({
      ports: context.ports,
      pickingId: context.pickingId,
      deliveryId: context.deliveryId ?? undefined,
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
});

/** POST end: the picking PROCESSED, its parcels handed to the delivery. */
const endingState = deliverySetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'end',
    input: ({ context }) => ({
      ports: context.ports,
      PickingId: context.pickingId,
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
});

/** END: the summary; back to `/picking` (LAST_PICKING_RECIPIENT cleared). */
const endState = deliverySetup.createStateConfig({
  on: {
    BACK: {
      target: 'left',
      actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
    },
  },
});

/** Left for another page (the page is replaced). */
const leftState = deliverySetup.createStateConfig({
  type: 'final',
});

export const endStates = {
  list: listState,
  finishing: finishingState,
  ending: endingState,
  end: endState,
  left: leftState,
};
