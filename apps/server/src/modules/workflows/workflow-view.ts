import type {
  TWorkflowAnswer,
  TWorkflowOptions,
  TWorkflowResult,
  TWorkflowState,
} from '@sorting/contracts';
import type { RunState, StepView, WorkflowDefinition } from './workflow-definition.js';

// The answer of every call, a refusal's too (docs/DECISIONS.md "Guided workflows", the answer
// shape): the run's state with its prompt, what it expects and offers, its items and result.

const NO_OPTIONS: TWorkflowOptions = {
  canSkip: false,
  canPlace: false,
  canCompleteTask: false,
  canCompletePallet: false,
  canClose: false,
  count: null,
  reasons: null,
};

export const NO_RESULT: TWorkflowResult = { sounds: [], notification: null, print: [] };

/** A run's identity in the answer: the claim the next call sends back. */
export interface RunClaim {
  runId: number | null;
  version: number;
}

/** The answer for a run's state, as its definition shows it. */
export function answerOf<D, F>(
  definition: WorkflowDefinition<D, F>,
  state: RunState<D>,
  view: StepView,
  claim: RunClaim,
  result: TWorkflowResult = NO_RESULT,
): TWorkflowAnswer {
  const rule = definition.states[state.code];
  const actions: readonly string[] = rule?.actions ?? [];
  const currentState: TWorkflowState = {
    code: state.code,
    ...claim,
    prompt: view.prompt,
    expects: [...(rule?.expects ?? [])],
    options: {
      ...NO_OPTIONS,
      canSkip: actions.includes('SkipClick'),
      canCompleteTask: actions.includes('TaskCompleted'),
      canCompletePallet: actions.includes('PalletComplete'),
      canClose: true,
      ...view.options,
    },
  };
  return { currentState, tasks: view.tasks ?? [], items: view.items, result };
}

/**
 * A state outside any run: WaitAuthentication (signed in without a default warehouse: sign in
 * by badge, then Refresh) or InitialState (the run closed; Refresh starts another).
 */
export function answerWithoutRun(
  code: 'WaitAuthentication' | 'InitialState',
  result: TWorkflowResult = NO_RESULT,
): TWorkflowAnswer {
  return {
    currentState: {
      code,
      runId: null,
      version: 0,
      prompt: { key: code === 'WaitAuthentication' ? 'authentication' : 'closed', params: {} },
      expects: [],
      options: NO_OPTIONS,
    },
    tasks: [],
    items: [],
    result,
  };
}
