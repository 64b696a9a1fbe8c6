import { workflowSetup } from './workflow.setup';
import { readyState } from './workflow.ready.states';
import { sendStates } from './workflow.send.states';

export {
  WORKFLOW_RETRY_DELAY_MS,
  kindOf,
  scanAction,
  type WorkflowCode,
  type WorkflowContext,
  type WorkflowError,
  type WorkflowEvent,
  type WorkflowPorts,
  type WorkflowToast,
} from './workflow.setup';

/**
 * The workflow screen (spec part 1 §3, §4, §7; docs/DECISIONS.md "Guided workflows"): starting
 * (Refresh from InitialState) → ready → sending → ready, the server deciding every step and its
 * answer replacing the screen. Every side effect goes through `ports` (input), so the machine is
 * tested with `createActor` and fakes.
 */
export const workflowMachine = workflowSetup.createMachine({
  id: 'workflow',
  initial: 'starting',
  context: ({ input }) => ({
    ports: input.ports,
    currentState: null,
    tasks: [],
    items: [],
    loading: true,
    error: null,
    pending: null,
  }),
  states: {
    ...sendStates,
    ready: readyState,
  },
});

export type WorkflowMachine = typeof workflowMachine;
