import type { StateRule } from '../workflow-definition.js';

// The states every picking workflow's table shares (docs/DECISIONS.md "Guided workflows", the
// step tables of part 2): the task list, the skip's reason and the confirmation.

export const PICKING_TASK_STATES = {
  WaitTaskSelection: {
    actions: ['TaskSelected'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
  WaitReason: {
    actions: ['ShowReasonsSelected', 'ReasonSelected', 'SkipClick'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
  WaitConfirm: {
    actions: ['ConfirmItem', 'SkipClick', 'ItemReverted'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
} as const satisfies Record<string, StateRule>;
