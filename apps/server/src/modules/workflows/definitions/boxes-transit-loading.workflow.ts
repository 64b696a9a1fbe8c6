import type { TWorkflowAction } from '@sorting/contracts';
import {
  accept,
  refuse,
  type StepView,
  type Transition,
  type WorkflowDefinition,
} from '../workflow-definition.js';
import { TASK_SELECTION_RULE } from './picking-states.js';
import {
  LOADING_CONFIRM_RULE,
  LOADING_START,
  completeTask,
  loadBox,
  loadingTransition,
  loadingView,
  onPallet,
  progressOf,
  unloadBox,
  type LoadingFacts,
  type LoadingState,
  type TransitLoadingData,
  type TransitLoadingFacts,
} from './transit-loading-steps.js';
import type { LoadingEffect } from '../loading-effects.js';

// Boxes transit loading v1 (/loading; spec part 1 §1; docs/DECISIONS.md "Guided workflows",
// its step table): a transit shipment in state 2; WaitPallet takes a returnable box as the
// pallet; WaitBox loads the task's boxes onto it; PalletComplete closes the pallet with its
// boxes and locates it at the shipment (`ContainerAccounting/move`), «Паллета …: N коробов»;
// TaskCompleted ships the shipment (2 → 3), through WaitConfirm when boxes are not loaded.

type Transit = Transition<TransitLoadingData>;

/** «Паллета _R…: 1 короб / 2 короба / 5 коробов» by the Russian plural of the count. */
function palletCompletedKey(count: number) {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return 'workflowPalletCompletedOne' as const;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) {
    return 'workflowPalletCompletedFew' as const;
  }
  return 'workflowPalletCompletedMany' as const;
}

/** The effect closing the open pallet with its boxes, none when it holds none. */
function palletEffects(state: LoadingState, facts: LoadingFacts): LoadingEffect[] {
  const { task, pallet } = state.data;
  if (!task || !pallet) return [];
  const boxes = onPallet(facts.own.units, pallet).map((u) => u.barcode);
  if (boxes.length === 0) return [];
  return [
    { kind: 'completePallet', palletBarcode: pallet, shipmentCode: task.code, boxBarcodes: boxes },
  ];
}

/** WaitPallet —container→ WaitBox; a pallet of another shipment being loaded is refused. */
function takePallet(state: LoadingState, facts: LoadingFacts): Transit {
  const { task } = state.data;
  const { scan } = facts;
  if (!task || scan?.kind !== 'container') return refuse('workflowActionNotExpected');
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('containerNotFound', { barcode: scan.barcode }, 'objectNotFound');
  }
  if (facts.own.palletShipment !== null) {
    return refuse('workflowPalletOfOtherShipment', {
      pallet: scan.barcode,
      shipment: facts.own.palletShipment,
    });
  }
  return accept({ code: 'WaitBox', data: { task, pallet: scan.barcode } }, { sounds: ['scan'] });
}

function onWaitBox(state: LoadingState, action: TWorkflowAction, facts: LoadingFacts): Transit {
  const { task, pallet } = state.data;
  if (!task || !pallet) return refuse('workflowActionNotExpected');
  switch (action.code) {
    case 'SkipClick':
      return accept({ code: 'WaitPallet', data: { task } });
    case 'ItemReverted':
      return unloadBox(state, action, facts);
    case 'TaskCompleted':
      return completeTask(task, facts, palletEffects(state, facts));
    case 'PalletComplete': {
      const effects = palletEffects(state, facts);
      const count = effects[0]?.kind === 'completePallet' ? effects[0].boxBarcodes.length : 0;
      if (count === 0) return refuse('workflowPalletEmpty', { pallet });
      return accept(
        { code: 'WaitPallet', data: { task } },
        {
          effects,
          sounds: ['success-big'],
          notification: {
            status: 'success',
            key: palletCompletedKey(count),
            params: { pallet, count },
          },
        },
      );
    }
    case 'BarcodeScanned':
      if (facts.scan?.kind === 'container') {
        // Another pallet replaces the open one only while that one holds no box.
        if (onPallet(facts.own.units, pallet).length > 0) {
          return refuse('workflowCompletePalletFirst', { pallet });
        }
        return takePallet(state, facts);
      }
      return loadBox(state, facts, pallet);
    default:
      return refuse('workflowActionNotExpected');
  }
}

export const boxesTransitLoadingWorkflow: WorkflowDefinition<
  TransitLoadingData,
  TransitLoadingFacts
> = {
  name: 'boxes-transit-loading',
  start: LOADING_START,
  states: {
    WaitTaskSelection: TASK_SELECTION_RULE,
    WaitPallet: {
      actions: ['BarcodeScanned', 'TaskCompleted', 'ItemReverted'],
      expects: ['container'],
      expectKey: 'workflowExpectPallet',
    },
    WaitBox: {
      actions: ['BarcodeScanned', 'PalletComplete', 'TaskCompleted', 'SkipClick', 'ItemReverted'],
      expects: ['box', 'container'],
      expectKey: 'workflowExpectBoxOrPallet',
    },
    WaitConfirm: LOADING_CONFIRM_RULE,
  },

  transition: loadingTransition('WaitPallet', (state, action, facts, task) => {
    if (state.code === 'WaitBox') return onWaitBox(state, action, facts);
    if (state.code !== 'WaitPallet') return refuse('workflowActionNotExpected');
    if (action.code === 'TaskCompleted') return completeTask(task, facts);
    if (action.code === 'ItemReverted') return unloadBox(state, action, facts);
    if (action.code !== 'BarcodeScanned') return refuse('workflowActionNotExpected');
    return takePallet(state, facts);
  }),

  view: loadingView((state, facts, task): StepView => {
    const { pallet } = state.data;
    const { items, loaded, total, allLoaded } = progressOf(facts);
    if (state.code === 'WaitBox' && pallet) {
      const count = onPallet(facts.own.units, pallet).length;
      return {
        prompt: {
          key: allLoaded ? 'loadingPalletAllLoaded' : 'loadingBoxOnPallet',
          params: { shipment: task.code, pallet, count },
        },
        options: { canCompletePallet: count > 0, canCompleteTask: true, canSkip: true },
        items,
      };
    }
    return {
      prompt: { key: 'loadingPallet', params: { shipment: task.code, loaded, total } },
      options: { canCompleteTask: true },
      items,
    };
  }),
};
