import type { WorkflowStateCode } from '@sorting/contracts';
import type { StateRule } from '../workflow-definition.js';

// The step table of packing (docs/DECISIONS.md "Packing"): what each state accepts and which
// scans.

export const PACKING_STEP_RULES: Partial<Record<WorkflowStateCode, StateRule>> = {
  WaitWorkplace: {
    actions: ['WorkplaceSelected'],
    expects: ['cell'],
    expectKey: 'receiptExpectWorkplace',
  },
  PackingWaitWhat: {
    actions: ['BarcodeScanned'],
    expects: ['parcel', 'sku'],
    expectKey: 'packingExpectOrder',
  },
  WaitContainerSize: {
    actions: ['BarcodeScanned', 'SkipClick'],
    expects: ['dt', 'container'],
    expectKey: 'packingExpectSize',
  },
  WaitItem: {
    actions: ['BarcodeScanned', 'CountSelected', 'ConfirmItem', 'ItemReverted', 'TaskCompleted'],
    expects: ['parcel', 'sku', 'dt', 'container'],
    expectKey: 'packingExpectItem',
  },
  WaitConfirm: {
    actions: ['ConfirmItem', 'SkipClick'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
  WaitSizeAndPrint: { actions: ['ConfirmItem'], expects: [], expectKey: 'workflowExpectAction' },
};
