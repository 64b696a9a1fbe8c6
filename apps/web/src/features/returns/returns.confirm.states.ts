import { assign } from 'xstate';
import { payloadOf } from './returns.model';
import { cancelFlow, returnsSetup, showError } from './returns.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The returns machine's last screen (the summary and `return2`) and the deleting of photos the
// flow no longer needs; composed in returns.machine.ts.

/** The summary with the cost; `return2` with one X-Operation-Id per attempt. */
export const confirmReturnPackageState = returnsSetup.createStateConfig({
  initial: 'idle',
  entry: assign({ operationId: ({ context }) => context.ports.createOperationId() }),
  exit: assign({ operationId: null }),
  states: {
    idle: {
      on: {
        CONFIRMED: 'sending',
        BACK: [
          {
            guard: ({ context }) => context.reasonCode === 'another_reason',
            target: '#returns.CheckQualityReturn',
          },
          {
            guard: ({ context }) => context.reasonCode === 'oversort',
            target: '#returns.OversortOrShortage',
          },
          {
            guard: ({ context }) => context.reasonCode === 'manufacturing_defects',
            target: '#returns.ManufacturingDefect.comment',
          },
          {
            guard: ({ context }) => context.reasonCode === 'damaged',
            target: '#returns.PackDamage.comment',
          },
          { target: '#returns.SelectReturnReason' },
        ],
        CANCEL: cancelFlow,
      },
      exit: 'clearError',
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'acceptReturn',
        input: ({ context }) => ({
          ports: context.ports,
          payload: payloadOf(context),
          operationId: context.operationId ?? '',
        }),
        onDone: [
          {
            guard: isCallOk,
            target: '#returns.accepted',
            actions: ({ context }) => {
              context.ports.notifyAccepted({
                barcode: context.barcode ?? '',
                name: context.item?.name ?? '',
                quantity: context.quantity,
              });
              context.ports.navigateToSorting();
            },
          },
          {
            // No answer of ours (proxy, database down): the same attempt may be sent again.
            guard: ({ event }) => event.output.status >= 500,
            target: 'idle',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ code: 'f-0010', message: event.output.message }),
            },
          },
          {
            // Refused: nothing changed; the next try is a new attempt.
            target: 'idle',
            actions: [
              {
                type: 'showError',
                params: ({ event }) => ({ code: 'f-0010', message: event.output.message }),
              },
              assign({ operationId: ({ context }) => context.ports.createOperationId() }),
            ],
          },
        ],
        // The answer was lost: the retry reuses the operation id (IsRepeat if it went through).
        onError: { target: 'idle', actions: showError('f-0010') },
      },
    },
  },
});

/** Deleting the photos the flow no longer needs (cancel, another item or reason). */
export const discardingState = returnsSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'deletePhotos',
    input: ({ context }) => ({ ports: context.ports, ids: context.discard }),
    onDone: [
      {
        guard: ({ context, event }) => context.after === 'restart' && event.output.length > 0,
        target: 'ScanRetunedPackage',
        actions: [showError('f-0009'), 'resetFlow'],
      },
      {
        guard: ({ context }) => context.after === 'restart',
        target: 'ScanRetunedPackage',
        actions: 'resetFlow',
      },
      {
        guard: ({ event }) => event.output.length > 0,
        target: 'afterDiscard',
        actions: [showError('f-0009'), 'dropDiscarded'],
      },
      { target: 'afterDiscard', actions: 'dropDiscarded' },
    ],
  },
});

/** After the discarded photos: on with the item or the reason the worker chose. */
export const afterDiscardState = returnsSetup.createStateConfig({
  always: [
    { guard: ({ context }) => context.after === 'item', target: 'routeItem' },
    { target: 'routeReason' },
  ],
});
