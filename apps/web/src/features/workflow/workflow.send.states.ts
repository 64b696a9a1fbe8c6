import { answerIs, REFRESH, workflowSetup } from './workflow.setup';

// The workflow machine's calls (docs/DECISIONS.md "Guided workflows"): the first Refresh, an
// action on its way, its retries while the connection is lost, and a workflow not available
// here; composed in workflow.machine.ts.

/**
 * A state that sends the pending action: accepted → ready with its effects; 409 → the run's
 * real state with f-0003; 403/404 → unavailable (f-0004); refused → ready, state unchanged
 * (its notification or f-0002); no answer or 503 → connectionLost, the same action kept.
 */
function sendingState() {
  return workflowSetup.createStateConfig({
    tags: ['busy'],
    entry: 'startLoading',
    invoke: {
      src: 'process',
      input: ({ context }) => context,
      onDone: [
        {
          guard: answerIs('accepted'),
          target: 'ready',
          actions: {
            type: 'accept',
            params: ({ event }) => ({ answer: event.output.operationObject }),
          },
        },
        {
          guard: answerIs('stale'),
          target: 'ready',
          actions: {
            type: 'adoptStale',
            params: ({ event }) => ({ answer: event.output.operationObject }),
          },
        },
        { guard: answerIs('lost'), target: 'connectionLost' },
        { guard: answerIs('unavailable'), target: 'unavailable', actions: 'markUnavailable' },
        {
          target: 'ready',
          actions: { type: 'refuse', params: ({ event }) => ({ result: event.output }) },
        },
      ],
      // The request never got an answer (network lost, or the answer lost after the server
      // committed): the same action again, under the same operation id.
      onError: { target: 'connectionLost' },
    },
  });
}

/** Spec part 1 §3: Refresh from InitialState answers the user's open run or starts one. */
const startingState = workflowSetup.createStateConfig({
  ...sendingState(),
  entry: [{ type: 'prepare', params: { action: REFRESH } }, 'startLoading'],
});

/**
 * No answer: the same action (same X-Operation-Id, so an action the server did apply answers
 * IsRepeat) goes again when the browser is back online or every 3 s, as sorting's move does.
 * Scans meanwhile wait (busy).
 */
const connectionLostState = workflowSetup.createStateConfig({
  tags: ['busy'],
  entry: 'connectionLost',
  after: { RETRY_DELAY: { target: 'sending' } },
  on: { ONLINE: { target: 'sending' } },
});

/** 403/404 (f-0004): the workflow is not this user's here; Retry starts again. */
const unavailableState = workflowSetup.createStateConfig({
  entry: 'stopLoading',
  on: { RETRY: { target: 'starting' } },
});

export const sendStates = {
  starting: startingState,
  sending: sendingState(),
  connectionLost: connectionLostState,
  unavailable: unavailableState,
};
