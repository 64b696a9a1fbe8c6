import type { WorkflowStateCode } from '@sorting/contracts';
import type { StateRule } from '../workflow-definition.js';

// The step table of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"): what each
// state accepts and which scans.

export const RECEIPT_STEP_RULES: Partial<Record<WorkflowStateCode, StateRule>> = {
  WaitWorkplace: {
    actions: ['WorkplaceSelected'],
    expects: ['cell'],
    expectKey: 'receiptExpectWorkplace',
  },
  WaitTaskSelection: {
    actions: ['TaskSelected', 'BarcodeScanned'],
    expects: ['cargo_unit'],
    expectKey: 'receiptExpectSupply',
  },
  WaitItem: {
    actions: ['BarcodeScanned', 'TaskCompleted'],
    expects: ['cargo_unit'],
    expectKey: 'receiptExpectPlace',
  },
  WaitCount: { actions: ['CountSelected'], expects: [], expectKey: 'workflowExpectAction' },
  WaitReason: {
    actions: ['ShowReasonsSelected', 'ReasonSelected'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
  WaitMeasurements: { actions: ['ConfirmItem'], expects: [], expectKey: 'workflowExpectAction' },
  WaitPickingSticker: {
    actions: ['BarcodeScanned', 'ConfirmItem', 'StickerCountSelected', 'SkipClick'],
    expects: ['sku'],
    expectKey: 'receiptExpectGoods',
  },
  WaitConfirm: {
    actions: ['ConfirmItem', 'SkipClick'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
};
