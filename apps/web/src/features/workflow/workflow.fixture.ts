import type { TWorkflowState } from '@sorting/contracts';
import type { WorkflowAnswer } from './workflow.types';

// The answers the workflow tests' fake servers give (docs/DECISIONS.md "Guided workflows",
// the answer shape).

/** A state that offers nothing but Close. */
const NO_OPTIONS: TWorkflowState['options'] = {
  canSkip: false,
  canPlace: false,
  canCompleteTask: false,
  canCompletePallet: false,
  canClose: true,
  count: null,
  reasons: null,
};

/** An answer in `state` of run 5 (options over NO_OPTIONS), with nothing to play or print. */
export function workflowAnswer(
  state: Pick<TWorkflowState, 'code' | 'version' | 'prompt'> &
    Partial<Pick<TWorkflowState, 'expects'>> & { options?: Partial<TWorkflowState['options']> },
  extra: Partial<WorkflowAnswer> = {},
): WorkflowAnswer {
  return {
    currentState: {
      runId: 5,
      expects: [],
      ...state,
      options: { ...NO_OPTIONS, ...state.options },
    },
    tasks: [],
    items: [],
    result: { sounds: [], notification: null, print: [] },
    ...extra,
  };
}
