import { assign } from 'xstate';
import { isCallOk } from '../../shell/machine/call-feedback';
import { auditSessionSetup, failure, hasCell } from './audit-session.setup';

// The audit session's finish step (spec part 2 §4): a confirmation with the figures, the
// finish call, then the finished session (sessionInfo); composed in audit-session.machine.ts.

/** «Завершить инвентаризацию?» with the figures; scans wait. */
const confirmFinishState = auditSessionSetup.createStateConfig({
  on: {
    CONFIRMED: 'finishing',
    CANCELLED: [{ guard: hasCell, target: 'scanProcess' }, { target: 'startScan' }],
  },
});

/** PUT …/finish: sessionInfo with success-big; the last-session record goes. */
const finishingState = auditSessionSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'finishSession',
    input: ({ context }) => ({ context }),
    onDone: [
      {
        guard: isCallOk,
        target: 'sessionInfo',
        actions: [
          { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
          assign({ error: null }),
          ({ context }) => context.ports.forget(),
          ({ context }) => context.ports.play(['success-big']),
        ],
      },
      // Refused or unanswered: the session is read again, so a finish that went through
      // (its answer lost) or another worker's finish shows as sessionInfo; otherwise the
      // screen goes on where it was (its open cell).
      {
        target: 'loading',
        actions: {
          type: 'showError',
          params: ({ event }) => failure('store.a-005', event.output),
        },
      },
    ],
    onError: {
      target: 'loading',
      actions: { type: 'showError', params: { code: '0', message: null } },
    },
  },
});

/** The finished session: a table per cell, the missing and surplus lists. */
const sessionInfoState = auditSessionSetup.createStateConfig({});

export const finishStates = {
  confirmFinish: confirmFinishState,
  finishing: finishingState,
  sessionInfo: sessionInfoState,
};
