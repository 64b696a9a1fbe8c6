import type { SnapshotFrom } from 'xstate';
import { topStateOf } from '../../shell/machine/top-state';
import { deliverySetup } from './delivery.setup';
import { loadStates } from './delivery.load.states';
import { startStates } from './delivery.start.states';
import { measureStates } from './delivery.measure.states';
import { endStates } from './delivery.end.states';

export * from './delivery.model';

/**
 * Delivery to a recipient (spec part 2 §2 steps start, stickering, list, measuring, end; §4
 * Delivery flow; docs/DECISIONS.md "Delivery to a recipient"): the picking's info, its
 * delivery's packages, START (how many packages; create or skip), STICKERING (print one sticker
 * per package), MEASURING (one package: sides typed or scanned, a dimension type, weight typed
 * or from the scale), LIST (finish the delivery, or finish and end the picking), END. Calls,
 * printing, the scale, storage, toasts and navigation are ports. The steps live in
 * delivery.<step>.states.ts.
 */
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
    ...loadStates,
    ...startStates,
    ...measureStates,
    ...endStates,
  },
});

export type DeliveryMachine = typeof deliveryMachine;

/** The step a snapshot is in (`data-view`); 'loading' before the start. */
export function deliveryViewOf(snapshot: SnapshotFrom<DeliveryMachine> | null): string {
  return topStateOf<string>(snapshot, 'loading');
}
