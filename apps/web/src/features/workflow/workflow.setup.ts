import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../lib/api-client';
import type {
  WorkflowAction,
  WorkflowAnswer,
  WorkflowCall,
  WorkflowCurrentState,
  WorkflowItem,
  WorkflowRequest,
  WorkflowResult,
  WorkflowTask,
} from './workflow.types';

// The workflow machine's setup (its actor, actions, delays) and the answer's reading; the
// steps are composed in workflow.machine.ts (docs/DECISIONS.md "Guided workflows").

/** The screen's own codes (docs/DECISIONS.md "Guided workflows", the screen's codes). */
export type WorkflowCode = 'f-0001' | 'f-0002' | 'f-0003' | 'f-0004';

/** The error line of the prompt: a screen code and, for a refusal, the server's text. */
export interface WorkflowError {
  code: WorkflowCode;
  message: string | null;
}

/** A notification to toast: the server's own (its content) or a screen code's text. */
export type WorkflowToast =
  | { kind: 'server'; status: string; content: string; isMuteErrorSound: boolean }
  | { kind: 'code'; code: WorkflowCode; message: string | null };

/** What the machine reaches outside itself; the page gives the real ones, tests fakes. */
export interface WorkflowPorts {
  /** `POST /{endpoint}/v1/{sortingCenterId}/{workflowName}/process` (spec part 1 §7). */
  process: WorkflowCall;
  createOperationId: () => string;
  /** Spec part 1 §9: the answer's sounds, in order. */
  play: (sounds: WorkflowResult['sounds']) => void;
  notify: (toast: WorkflowToast) => void;
  /** The answer's labels; a failed print toasts and blocks nothing. */
  print: (jobs: WorkflowResult['print']) => void;
}

/** The action in flight: re-sent with the same operation id until it is answered. */
export interface PendingAction {
  request: WorkflowRequest;
  operationId: string;
}

export interface WorkflowContext {
  ports: WorkflowPorts;
  /** The state the server answered last (null before the first answer). */
  currentState: WorkflowCurrentState | null;
  tasks: WorkflowTask[];
  items: WorkflowItem[];
  /** Spec part 1 §3 "loading flag": an action is on its way. */
  loading: boolean;
  error: WorkflowError | null;
  pending: PendingAction | null;
}

export type WorkflowEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'ACT'; action: WorkflowAction }
  | { type: 'ONLINE' }
  | { type: 'RETRY' };

/** How long an unanswered action waits before it is sent again (unless ONLINE first). */
export const WORKFLOW_RETRY_DELAY_MS = 3_000;

/** Spec part 1 §3: the initial state and its action. */
export const INITIAL_STATE = { code: 'InitialState', runId: null, version: 0 } as const;
export const REFRESH: WorkflowAction = { code: 'Refresh' };

/** The state in which a scan names the workplace (spec part 1 §4). */
const WAIT_WORKPLACE = 'WaitWorkplace';

/** What an answer means to the screen. */
export type AnswerKind = 'accepted' | 'stale' | 'refused' | 'unavailable' | 'lost';

/**
 * Reads an answer: a retryable 503 is a lost connection (the same operation again), 409 with
 * the run's real state and no error notification a state changed elsewhere, 403 and 404 a workflow
 * this user cannot run (docs/DECISIONS.md "Guided workflows").
 */
export function kindOf(result: CallResult<WorkflowAnswer>): AnswerKind {
  const code = result.errorCode === null ? null : Number(result.errorCode);
  if (result.isSuccess && result.operationObject) return 'accepted';
  if (result.status === 503 || code === 503) return 'lost';
  // Only the engine's own stale check answers with an info notification; a 409 of an effect (a
  // box closed meanwhile) is a refusal like any other.
  const isStale = result.operationObject?.result.notification?.status !== 'error';
  if ((result.status === 409 || code === 409) && result.operationObject && isStale) return 'stale';
  if ([403, 404].includes(result.status) || code === 403 || code === 404) return 'unavailable';
  return 'refused';
}

/** A transition guard over the kind of the answer a call gave. */
export const answerIs =
  (kind: AnswerKind) =>
  ({ event }: { event: { output: CallResult<WorkflowAnswer> } }) =>
    kindOf(event.output) === kind;

/** The action a scan is in the current state: the workplace in WaitWorkplace. */
export function scanAction(code: string | undefined, text: string): WorkflowAction {
  return { code: code === WAIT_WORKPLACE ? 'WorkplaceSelected' : 'BarcodeScanned', barcode: text };
}

/** The answer's state, tasks and items replace the screen's (never patched). */
function adopt(answer: WorkflowAnswer) {
  return { currentState: answer.currentState, tasks: answer.tasks, items: answer.items };
}

const notProvided = () => {
  throw new Error('workflow: process is not provided');
};

export const workflowSetup = setup({
  types: {
    input: {} as { ports: WorkflowPorts },
    context: {} as WorkflowContext,
    events: {} as WorkflowEvent,
  },
  actors: {
    process: fromPromise<CallResult<WorkflowAnswer>, WorkflowContext>(({ input }) =>
      input.pending
        ? input.ports.process(input.pending.request, input.pending.operationId)
        : notProvided(),
    ),
  },
  actions: {
    /** A new action from the answered state, with its own operation id. */
    prepare: assign(({ context }, params: { action: WorkflowAction }) => ({
      pending: {
        request: {
          currentState: context.currentState
            ? {
                code: context.currentState.code,
                runId: context.currentState.runId,
                version: context.currentState.version,
              }
            : { ...INITIAL_STATE },
          action: params.action,
        },
        operationId: context.ports.createOperationId(),
      },
    })),
    startLoading: assign({ loading: true }),
    stopLoading: assign({ loading: false }),
    /** Accepted: the new state, then its sounds, notification and labels. */
    accept: enqueueActions(({ context, enqueue }, params: { answer: WorkflowAnswer | null }) => {
      enqueue.assign({ pending: null, error: null });
      if (!params.answer) return;
      enqueue.assign(adopt(params.answer));
      const { sounds, notification, print } = params.answer.result;
      const { ports } = context;
      enqueue(() => {
        if (sounds.length > 0) ports.play(sounds);
        if (notification)
          ports.notify({ kind: 'server', ...notification, isMuteErrorSound: sounds.length > 0 });
        if (print.length > 0) ports.print(print);
      });
    }),
    /** 409: another device moved the run on; its state is the screen's now. */
    adoptStale: enqueueActions(
      ({ context, enqueue }, params: { answer: WorkflowAnswer | null }) => {
        enqueue.assign({ pending: null, error: null });
        if (params.answer) enqueue.assign(adopt(params.answer));
        enqueue(() => context.ports.notify({ kind: 'code', code: 'f-0003', message: null }));
      },
    ),
    /**
     * Refused: the unchanged state (when answered) stays; the server's notification, or the
     * refusal's text as f-0002 when it sent none.
     */
    refuse: enqueueActions(
      ({ context, enqueue }, params: { result: CallResult<WorkflowAnswer> }) => {
        const answer = params.result.operationObject;
        const notification = answer?.result.notification ?? null;
        const sounds = answer?.result.sounds ?? [];
        const message = notification?.content ?? params.result.message ?? null;
        enqueue.assign({ pending: null, error: { code: 'f-0002', message } });
        if (answer) enqueue.assign(adopt(answer));
        const { ports } = context;
        enqueue(() => {
          if (sounds.length > 0) ports.play(sounds);
          ports.notify(
            notification
              ? { kind: 'server', ...notification, isMuteErrorSound: sounds.length > 0 }
              : { kind: 'code', code: 'f-0002', message },
          );
        });
      },
    ),
    /** 403/404: this workflow is not for this user here. */
    markUnavailable: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ pending: null, error: { code: 'f-0004', message: null } });
      enqueue(() => context.ports.notify({ kind: 'code', code: 'f-0004', message: null }));
    }),
    /** Says once (toast and sound) that the connection is lost; the retries stay quiet. */
    connectionLost: enqueueActions(({ context, enqueue }) => {
      if (context.error?.code === 'f-0001') return;
      enqueue.assign({ error: { code: 'f-0001', message: null } });
      enqueue(() => context.ports.notify({ kind: 'code', code: 'f-0001', message: null }));
    }),
  },
  delays: {
    RETRY_DELAY: WORKFLOW_RETRY_DELAY_MS,
  },
});
