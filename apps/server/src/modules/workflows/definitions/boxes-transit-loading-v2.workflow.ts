import { refuse, type StepView, type WorkflowDefinition } from '../workflow-definition.js';
import { TASK_SELECTION_RULE, selectTask } from './task-selection.js';
import {
  LOADING_CONFIRM_RULE,
  LOADING_START,
  completeTask,
  confirmView,
  loadBox,
  onWaitConfirm,
  progressOf,
  taskListView,
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

  transition(state, action, facts) {
    const { task } = state.data;
    switch (state.code) {
      case 'WaitTaskSelection':
        return selectTask(action, facts.own.tasks, (chosen) => ({
          code: 'WaitBox',
          data: { task: chosen },
        }));
      case 'WaitBox':
        if (!task) return refuse('workflowActionNotExpected');
        if (action.code === 'TaskCompleted') return completeTask(task, facts);
        if (action.code === 'ItemReverted') return unloadBox(state, action, facts);
        if (action.code !== 'BarcodeScanned') return refuse('workflowActionNotExpected');
        return loadBox(state, facts, null);
      case 'WaitConfirm':
        return onWaitConfirm(state, action, facts, { code: 'WaitBox', data: task ? { task } : {} });
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection' || !task) return taskListView(facts);
    if (state.code === 'WaitConfirm') return confirmView(task, facts);
    const { items, loaded, total, allLoaded } = progressOf(facts);
    return {
      prompt: allLoaded
        ? { key: 'loadingAllLoaded', params: { shipment: task.code, loaded, total } }
        : { key: 'loadingBox', params: { shipment: task.code, loaded, total } },
      options: { canCompleteTask: true },
      items,
    };
  },
};
