import { assign } from 'xstate';
import { prompts } from './sorting.prompts';
import {
  callState,
  fail,
  failWithMessage,
  scansOutsideTheScreen,
  sortingSetup,
} from './sorting.setup';

// The sorting machine's check damage step; composed in sorting.machine.ts.

/** Spec part 1 §4: the attention message; confirm clears it, damage is reported. */
export const checkDamageState = sortingSetup.createStateConfig({
  initial: 'waiting',
  // A step ran: the scan's cells may no longer hold (the sorting step asks again).
  entry: assign({ prompt: prompts.step('checkDamage'), cellsFromScan: false }),
  on: {
    CANCELLED: { target: 'scanWhat', actions: 'endOperation' },
    // A parcel, box or cell scan waits until the check is done.
    SCANNED: [
      ...scansOutsideTheScreen,
      { actions: { type: 'fail', params: { key: 'finishStep', code: null } } },
    ],
  },
  states: {
    waiting: {
      on: {
        DAMAGE_CONFIRMED: [
          {
            guard: ({ event }) => event.isDamaged && event.comment.trim() === '',
            actions: fail('f-0020'),
          },
          {
            target: 'clearing',
            actions: [
              'clearError',
              assign({
                damage: ({ event }) => ({
                  isDamaged: event.isDamaged,
                  comment: event.comment,
                }),
                operationId: ({ context }) =>
                  context.operationId ?? context.ports.createOperationId(),
              }),
            ],
          },
        ],
      },
    },
    clearing: {
      tags: ['busy'],
      invoke: {
        src: 'clearAttention',
        input: ({ context }) => context,
        onDone: [
          {
            // Spec part 1 §4: after confirmation the damage flag is deleted...
            guard: ({ context, event }) => event.output.isSuccess && context.damage.isDamaged,
            target: 'reporting',
          },
          { guard: ({ event }) => event.output.isSuccess, target: 'done' },
          {
            target: 'waiting',
            actions: failWithMessage('f-0017'),
          },
        ],
        onError: {
          target: 'waiting',
          actions: fail('f-0016'),
        },
      },
    },
    reporting: callState('reportDamage', {
      done: 'done',
      back: 'waiting',
      refused: failWithMessage('f-0019'),
      unanswered: fail('f-0018'),
    }),
    done: {
      always: {
        target: '#sorting.work.nextStep',
        actions: [
          'endOperation',
          assign({
            stepsDone: ({ context }) => ({ ...context.stepsDone, damage: true }),
          }),
        ],
      },
    },
  },
});
