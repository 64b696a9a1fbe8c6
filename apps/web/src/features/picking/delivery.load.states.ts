import { assign } from 'xstate';
import { isCallOk } from '../../shell/machine/call-feedback';
import { hasAnyMeasure, PICKING_LIST_PATH, type DeliveryContext } from './delivery.model';
import { deliverySetup, failuresTo } from './delivery.setup';

// Delivery's load step (spec part 2 §4 Delivery flow): the picking's info, its delivery's
// packages, then START, STICKERING or LIST; composed in delivery.machine.ts.

/** The delivery has packages. */
function hasItems({ context }: { context: DeliveryContext }): boolean {
  return context.items.length > 0;
}

/** A package of the delivery has a measure already. */
function hasMeasures({ context }: { context: DeliveryContext }): boolean {
  return hasAnyMeasure(context.items);
}

const INFO_FAILURES = failuresTo('infoFailed', 'f-0004', 'f-0004');
const ITEMS_FAILURES = failuresTo('itemsFailed', 'f-0001', 'f-0002');

/** POST info of the current recipient: its Pickings[] entry of this picking (part 2 §4). */
const loadingInfoState = deliverySetup.createStateConfig({
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
});

/** f-0003: no picking of this recipient with this id; back to `/picking`. */
const noPickingState = deliverySetup.createStateConfig({
  entry: [
    { type: 'showError', params: { code: 'f-0003', message: null } },
    ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
  ],
  type: 'final',
});

/** f-0004: the info failed; try again or back to the list. */
const infoFailedState = deliverySetup.createStateConfig({
  on: {
    RETRY: 'loadingInfo',
    BACK: {
      target: 'left',
      actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
    },
  },
});

/** With a delivery: its packages; without: START. */
const routingState = deliverySetup.createStateConfig({
  always: [
    { guard: ({ context }) => context.deliveryId !== null, target: 'loadingItems' },
    { target: 'start' },
  ],
});

const loadingItemsState = deliverySetup.createStateConfig({
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
});

/** f-0001/f-0002: the packages failed to load; try again or back to the list. */
const itemsFailedState = deliverySetup.createStateConfig({
  on: {
    RETRY: 'loadingItems',
    BACK: {
      target: 'left',
      actions: ({ context }) => context.ports.navigate(PICKING_LIST_PATH),
    },
  },
});

/** Spec part 2 §2: START without packages, STICKERING with none measured, else LIST. */
const stepState = deliverySetup.createStateConfig({
  always: [
    { guard: hasMeasures, target: 'list' },
    { guard: hasItems, target: 'stickering' },
    { target: 'start' },
  ],
});

export const loadStates = {
  loadingInfo: loadingInfoState,
  noPicking: noPickingState,
  infoFailed: infoFailedState,
  routing: routingState,
  loadingItems: loadingItemsState,
  itemsFailed: itemsFailedState,
  step: stepState,
};
