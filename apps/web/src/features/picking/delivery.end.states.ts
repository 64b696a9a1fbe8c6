import { assign } from 'xstate';
import { isMeasuringComplete, PICKING_LIST_PATH } from './delivery.model';
import { deliverySetup, failuresTo, operationCallState, PACKAGE_EVENTS } from './delivery.setup';

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
const finishingState = operationCallState(
  'finish',
  (context) => ({ pickingId: context.pickingId, deliveryId: context.deliveryId ?? undefined }),
  [
    { when: (context) => context.thenEnd, target: 'ending', actions: ['newOperation'] },
    { target: 'left', actions: ['toPickup'] },
  ],
  FINISH_FAILURES,
);

/** POST end: the picking PROCESSED, its parcels handed to the delivery. */
const endingState = operationCallState(
  'end',
  (context) => ({ PickingId: context.pickingId }),
  [{ target: 'end', actions: ['keepEnded', 'forgetRecipient'] }],
  END_FAILURES,
);

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
