import { refuse, type WorkflowDefinition } from '../workflow-definition.js';
import { TASK_SELECTION_RULE } from './picking-states.js';
import {
  LOADING_CONFIRM_RULE,
  LOADING_START,
  completeTask,
  loadBox,
  loadingTransition,
  loadingView,
  progressOf,
  unloadBox,
  type TransitLoadingData,
  type TransitLoadingFacts,
} from './transit-loading-steps.js';

// Boxes transit loading v2 (/loading-v2; spec part 1 §1; docs/DECISIONS.md "Guided workflows",
// its step table): no pallets; a transit shipment in state 2; WaitBox loads each box of the
// task into the vehicle in any order; TaskCompleted ships the shipment (2 → 3), through
// WaitConfirm when boxes are not loaded.

export const boxesTransitLoadingV2Workflow: WorkflowDefinition<
  TransitLoadingData,
  TransitLoadingFacts
> = {
  name: 'boxes-transit-loading-v2',
  start: LOADING_START,
  states: {
    WaitTaskSelection: TASK_SELECTION_RULE,
    WaitBox: {
      actions: ['BarcodeScanned', 'TaskCompleted', 'ItemReverted'],
      expects: ['box'],
      expectKey: 'workflowExpectTransitBox',
    },
    WaitConfirm: LOADING_CONFIRM_RULE,
  },

  transition: loadingTransition('WaitBox', (state, action, facts, task) => {
    if (state.code !== 'WaitBox') return refuse('workflowActionNotExpected');
    if (action.code === 'TaskCompleted') return completeTask(task, facts);
    if (action.code === 'ItemReverted') return unloadBox(state, action, facts);
    if (action.code !== 'BarcodeScanned') return refuse('workflowActionNotExpected');
    return loadBox(state, facts, null);
  }),

  view: loadingView((_state, facts, task) => {
    const { items, loaded, total, allLoaded } = progressOf(facts);
    return {
      prompt: {
        key: allLoaded ? 'loadingAllLoaded' : 'loadingBox',
        params: { shipment: task.code, loaded, total },
      },
      options: { canCompleteTask: true },
      items,
    };
  }),
};
