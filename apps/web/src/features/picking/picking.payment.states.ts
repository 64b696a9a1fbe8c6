import { assign } from 'xstate';
import type { TPaymentState, TPickingPayment } from '@sorting/contracts';
import { failuresTo, refusedError } from './picking-machine-helpers';
import { TERMINAL_POLL_MS, type CallResult, type PickingContext } from './picking.model';
import { pickingSetup } from './picking.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The picking machine's payment steps (spec part 2 §4 "Picking payment and return":
// choosePayment, checkPayment, endPayment; §8 f-0019…f-0021, f-0023; docs/DECISIONS.md
// "Picking payment"); composed in picking.machine.ts.

type PaymentDone = { output: CallResult<TPickingPayment> };

const PAY_FAILURES = failuresTo('checkPicked', 'f-0019');

/** A call answered the payment in `state`. */
function answered(state: TPaymentState) {
  return ({ event }: { event: PaymentDone }) =>
    isCallOk({ event }) && event.output.operationObject?.State === state;
}

/** The payment's input of the pay-state calls. */
const payInput = ({ context }: { context: PickingContext }) => ({
  ports: context.ports,
  pickingId: context.pickingId ?? 0,
});

/** PROCESSED: the receipt (endPayment) with ok-new (part 2 §8). */
const TO_PAID = {
  guard: answered('PROCESSED'),
  target: '#picking.endPayment',
  actions: ['takePayment', 'playPaid', 'clearError'],
} as const;

/** The terminal declined, timed out or the payment was cancelled: back to checkPicked. */
const TO_UNPAID = {
  guard: answered('CANCELLED'),
  target: '#picking.checkPicked',
  actions: [
    'takePayment',
    {
      type: 'showError',
      params: ({ event }: { event: PaymentDone }) => ({
        code:
          event.output.operationObject?.CancelReason === 'declined'
            ? ('paymentDeclined' as const)
            : ('paymentCancelled' as const),
        message: null,
      }),
    },
  ],
} as const;

/** A failed pay-state call (`code`) back to the payment's screen, which stays as it was. */
function payStateFailed(code: 'f-0020' | 'f-0021') {
  return {
    refused: {
      target: 'route',
      actions: {
        type: 'showError' as const,
        params: ({ event }: { event: PaymentDone }) => refusedError(code, event.output),
      },
    },
    onError: {
      target: 'route',
      actions: { type: 'showError' as const, params: { code, message: null } },
    },
  };
}
const CHECK_FAILURES = payStateFailed('f-0020');
const SET_FAILURES = payStateFailed('f-0021');

/** «Проверить оплату» and «Отменить оплату», offered whenever no call of the worker's runs. */
const PAYMENT_ACTIONS = {
  PAYMENT_CHECK: { target: '#picking.checkPayment.checking', actions: 'clearError' },
  PAYMENT_CANCEL: { target: '#picking.checkPayment.cancelling', actions: 'newOperation' },
} as const;

export const paymentStates = {
  /**
   * Cash desk, stand-alone card terminal or the integrated terminal: the providers of the
   * runtime settings (`paymentProviders`), with the amount due. BACK to the picked list.
   */
  choosePayment: pickingSetup.createStateConfig({
    on: {
      PAY: {
        guard: ({ context, event }) =>
          context.paymentProviders.some((provider) => provider.code === event.provider),
        target: 'paying',
        actions: assign({
          provider: ({ context, event }) =>
            context.paymentProviders.find((provider) => provider.code === event.provider) ?? null,
          operationId: ({ context }) => context.ports.createOperationId(),
          error: null,
        }),
      },
      BACK: { target: 'checkPicked', actions: 'clearError' },
    },
  }),

  /**
   * POST pay with the proof (checked there as at end): a live payment (this one again after a
   * double tap: IsRepeat) → checkPayment, a PROCESSED one → endPayment; thrown or refused →
   * checkPicked with f-0019 (part 2 §4).
   */
  paying: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'pay',
      input: ({ context }) => ({
        ports: context.ports,
        pickingId: context.pickingId ?? 0,
        PaymentTypeCode: context.provider?.paymentType ?? 'cash',
        ProviderCode: context.provider?.code ?? 'cash-desk',
        ValidationData: context.validation ?? { Kind: 'none' },
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: answered('PROCESSED'),
          target: 'endPayment',
          actions: ['takePayment', assign({ operationId: null, receivedKopecks: null })],
        },
        {
          guard: isCallOk,
          target: 'checkPayment',
          actions: ['takePayment', assign({ operationId: null, receivedKopecks: null })],
        },
        {
          ...PAY_FAILURES.refused,
          actions: [PAY_FAILURES.refused.actions, 'forgetPincode'],
        },
      ],
      onError: PAY_FAILURES.onError,
    },
  }),

  /**
   * The payment being taken (part 2 §4): cash — the money handed over, its change, «Оплата
   * получена»; card-pos — «Оплата прошла»; both PUT PROCESSED. The terminal — «Приложите карту»
   * and GET every second until PROCESSED or CANCELLED. «Проверить оплату» GETs (not PROCESSED
   * → f-0023, no answer f-0020); «Отменить оплату» PUTs CANCELLED (f-0021 on failure). A reload
   * comes back here from GET (resumingPayment).
   */
  checkPayment: pickingSetup.createStateConfig({
    initial: 'route',
    states: {
      route: {
        always: [
          {
            guard: ({ context }) => context.payment?.ProviderCode === 'terminal',
            target: 'terminal',
          },
          { target: 'manual' },
        ],
      },
      manual: {
        on: {
          PAYMENT_CONFIRM: {
            guard: 'canConfirm',
            target: 'confirming',
            actions: assign({
              receivedKopecks: ({ event }) => event.receivedKopecks,
              operationId: ({ context }) => context.ports.createOperationId(),
              error: null,
            }),
          },
          ...PAYMENT_ACTIONS,
        },
      },
      terminal: {
        initial: 'waiting',
        on: PAYMENT_ACTIONS,
        states: {
          waiting: {
            invoke: {
              src: 'wait',
              input: ({ context }) => ({ ports: context.ports, ms: TERMINAL_POLL_MS }),
              onDone: 'polling',
            },
          },
          // Not tagged busy: «Проверить оплату» and «Отменить оплату» stay usable meanwhile.
          polling: {
            invoke: {
              src: 'payState',
              input: payInput,
              onDone: [TO_PAID, TO_UNPAID, { target: 'waiting', actions: 'takePayment' }],
              onError: 'waiting',
            },
          },
        },
      },
      checking: {
        tags: ['busy'],
        invoke: {
          src: 'payState',
          input: payInput,
          onDone: [
            TO_PAID,
            {
              guard: answered('CANCELLED'),
              target: '#picking.checkPicked',
              actions: [
                'takePayment',
                { type: 'showError', params: { code: 'f-0023', message: null } },
              ],
            },
            {
              guard: isCallOk,
              target: 'route',
              actions: [
                'takePayment',
                { type: 'showError', params: { code: 'f-0023', message: null } },
              ],
            },
            CHECK_FAILURES.refused,
          ],
          onError: CHECK_FAILURES.onError,
        },
      },
      confirming: {
        tags: ['busy'],
        invoke: {
          src: 'setPayState',
          input: ({ context }) => ({
            ...payInput({ context }),
            State: 'PROCESSED' as const,
            operationId: context.operationId ?? context.ports.createOperationId(),
          }),
          onDone: [TO_PAID, SET_FAILURES.refused],
          onError: SET_FAILURES.onError,
        },
      },
      cancelling: {
        tags: ['busy'],
        invoke: {
          src: 'setPayState',
          input: ({ context }) => ({
            ...payInput({ context }),
            State: 'CANCELLED' as const,
            operationId: context.operationId ?? context.ports.createOperationId(),
          }),
          onDone: [
            {
              guard: answered('CANCELLED'),
              target: '#picking.checkPicked',
              actions: [
                'takePayment',
                assign({ receivedKopecks: null }),
                // Feedback that the cancel took (DECISIONS "Picking payment").
                ({ context }) =>
                  context.ports.notifyPaymentCancelled({ amount: context.payment?.Amount ?? 0 }),
              ],
            },
            SET_FAILURES.refused,
          ],
          onError: SET_FAILURES.onError,
        },
      },
    },
  }),

  /**
   * Paid (part 2 §4 endPayment): the receipt — amount, cash received and change — and End as
   * in the core flow; after a reload the proof is asked for again before the end.
   */
  endPayment: pickingSetup.createStateConfig({
    on: {
      END: [
        {
          guard: ({ context }) =>
            context.info?.ValidationType === 1 && context.validation?.Kind !== 'pincode',
          target: 'checkPincode',
        },
        {
          guard: ({ context }) =>
            context.info?.ValidationType === 2 && context.validation?.Kind !== 'attorney',
          target: 'checkProxy',
        },
        {
          target: 'ending',
          actions: assign({
            validation: ({ context }) => context.validation ?? { Kind: 'none' },
            operationId: ({ context }) => context.ports.createOperationId(),
            error: null,
          }),
        },
      ],
    },
  }),

  /**
   * A reload of an open picking with picked items: GET pay — PENDING → checkPayment,
   * PROCESSED → endPayment; none (104) or CANCELLED → the process; no answer → f-0020.
   */
  resumingPayment: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'payState',
      input: payInput,
      onDone: [
        { guard: answered('PENDING'), target: 'checkPayment', actions: 'takePayment' },
        { guard: answered('PROCESSED'), target: 'endPayment', actions: 'takePayment' },
        { target: 'pickingProcess', actions: 'takePayment' },
      ],
      onError: {
        target: 'pickingProcess',
        actions: { type: 'showError', params: { code: 'f-0020', message: null } },
      },
    },
  }),
};
