import { and, assign } from 'xstate';
import { notifyFinished, refusedError } from './picking-machine-helpers';
import type { CallResult, PickingContext } from './picking.model';
import { returnAsk } from './picking.return.states';
import { pickingSetup } from './picking.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The picking machine's end steps (spec part 1 §4 checkPicked; part 2 §4 checkPincode,
// checkProxy): the picked list, the recipient's proof, POST end; composed in
// picking.machine.ts.

/** Where an end's failure goes back to: the screen its proof was entered on. */
const END_RETURNS = [
  ['checkPincode', 'pincode'],
  ['checkProxy', 'attorney'],
  ['checkPicked', 'none'],
] as const;

/**
 * checkPincode and checkProxy: a valid proof of their kind goes to the payment when money is
 * due (part 2 §4: validation, then payment), else to the end; BACK returns.
 */
function proofScreen(kind: 'pincode' | 'attorney') {
  return pickingSetup.createStateConfig({
    on: {
      VALIDATE: [
        {
          guard: and([{ type: 'isValidProof', params: { kind } }, 'mustPay']),
          target: 'choosePayment',
          actions: 'takeProof',
        },
        {
          guard: { type: 'isValidProof', params: { kind } },
          target: 'ending',
          actions: 'takeProof',
        },
      ],
      BACK: 'checkPicked',
    },
  });
}

export const endStates = {
  /** The picked list (WAITING excluded) with totals and the amount due; End. */
  checkPicked: pickingSetup.createStateConfig({
    on: {
      END: [
        // validationType (part 1 §3): 1 pincode, 2 power of attorney, else none.
        { guard: ({ context }) => context.info?.ValidationType === 1, target: 'checkPincode' },
        { guard: ({ context }) => context.info?.ValidationType === 2, target: 'checkProxy' },
        // Money due → the payment first.
        {
          guard: 'mustPay',
          target: 'choosePayment',
          actions: assign({ validation: { Kind: 'none' }, error: null }),
        },
        {
          target: 'ending',
          actions: assign({
            validation: { Kind: 'none' },
            operationId: ({ context }) => context.ports.createOperationId(),
            error: null,
          }),
        },
      ],
      BACK: 'pickingProcess',
      CANCEL: 'confirmCancel',
      RETURN_ASK: returnAsk('checkPicked'),
    },
  }),

  /** The recipient's pick-up code: digits only; End sends it. */
  checkPincode: proofScreen('pincode'),

  /** The power of attorney: number, date, holder; nothing sent while invalid. */
  checkProxy: proofScreen('attorney'),

  /** POST end: handed out; the recipient forgotten, back to `/picking`. */
  ending: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'end',
      input: ({ context }) => ({
        ports: context.ports,
        PickingId: context.pickingId ?? 0,
        ValidationData: context.validation ?? { Kind: 'none' },
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'finished',
          actions: [
            ({ context, event }) => {
              notifyFinished(context, 'ended', event.output.operationObject);
              context.ports.play('ok-new');
            },
            'leave',
          ],
        },
        // Refused (f-0011, the server's message: a wrong code with the attempts left, a
        // lock, 402): back to where the proof was entered; a pincode is typed again.
        ...END_RETURNS.map(([target, kind]) => ({
          guard: ({ context }: { context: PickingContext }) =>
            (context.validation?.Kind ?? 'none') === kind,
          target,
          actions: [
            {
              type: 'showError' as const,
              params: ({ event }: { event: { output: CallResult<unknown> } }) =>
                refusedError('f-0011', event.output),
            },
            'forgetPincode' as const,
          ],
        })),
      ],
      // No answer (f-0012): back there with the entered data kept.
      onError: END_RETURNS.map(([target, kind]) => ({
        guard: ({ context }: { context: PickingContext }) =>
          (context.validation?.Kind ?? 'none') === kind,
        target,
        actions: {
          type: 'showError' as const,
          params: { code: 'f-0012' as const, message: null },
        },
      })),
    },
  }),
};
