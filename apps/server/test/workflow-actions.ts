import type { TWorkflowAction, WorkflowActionCode } from '@sorting/contracts';

// The pure definition tests' actions (docs/DECISIONS.md "Guided workflows"): one action of each
// code with the payload it needs.

export function actionOf(code: WorkflowActionCode, barcode = 'X'): TWorkflowAction {
  switch (code) {
    case 'BarcodeScanned':
    case 'WorkplaceSelected':
      return { code, barcode };
    case 'TaskSelected':
      return { code, taskId: '1' };
    case 'ItemReverted':
    case 'ConfirmItem':
      return { code, itemId: '1' };
    case 'ReasonSelected':
      return { code, reasonCode: 'R' };
    case 'StickerCountSelected':
    case 'CountSelected':
      return { code, count: 3 };
    default:
      return { code } as TWorkflowAction;
  }
}
