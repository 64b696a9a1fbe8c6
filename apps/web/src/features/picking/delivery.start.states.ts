import { assign } from 'xstate';
import type { TPickingInfo } from '@sorting/contracts';
import { isCallOk } from '../../shell/machine/call-feedback';
import { deliverySetup, failuresTo, operationCallState, PACKAGE_EVENTS } from './delivery.setup';
import { deliveryOrderOf } from './delivery.model';

// Delivery's START and STICKERING steps (spec part 2 §2, §4): how many packages (create or
// skip), then one sticker per package; composed in delivery.machine.ts.

const CREATE_FAILURES = failuresTo('start', 'f-0005', 'f-0006');
const SKIP_FAILURES = failuresTo('start', 'f-0007', 'f-0008');

/** START: how many packages (1–99, the picked parcels' count by default). */
const startState = deliverySetup.createStateConfig({
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
});

const creatingState = deliverySetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'create',
    input: ({ context }) => ({
      ports: context.ports,
      ...deliveryOrderOf(
        context.pickingId,
        context.info as TPickingInfo,
        Number(context.packagesCount),
      ),
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
});

/** «Пропустить»: the picking goes on as a plain pick-up (part 2 §4). */
const skippingState = operationCallState(
  'finish',
  (context) => ({ pickingId: context.pickingId }),
  [{ target: 'left', actions: ['toPickup'] }],
  SKIP_FAILURES,
);

/** STICKERING: print the stickers; a package (button or scan) opens its measuring. */
const stickeringState = deliverySetup.createStateConfig({
  on: {
    ...PACKAGE_EVENTS,
  },
});

/** One job per package (STICKERING and LIST have some); all reported printed → f-0014, no printer → f-0013. */
const printingState = deliverySetup.createStateConfig({
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
});

export const startStates = {
  start: startState,
  creating: creatingState,
  skipping: skippingState,
  stickering: stickeringState,
  printing: printingState,
};
