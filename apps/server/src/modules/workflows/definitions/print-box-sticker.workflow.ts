import { WORKFLOW_COUNT_MAX, WORKFLOW_COUNT_MIN } from '@sorting/contracts';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type WorkflowDefinition,
} from '../workflow-definition.js';

// Print box sticker (docs/DECISIONS.md "Guided workflows", its step table): a count of stickers,
// then a dimension type (or none), then that many sorting boxes created through `boxes/create`'s
// code path, one `box` label each.

export interface PrintBoxStickerData {
  /** The stickers chosen in WaitStickerCount. */
  count?: number;
}

type State = RunState<PrintBoxStickerData>;

const START: State = { code: 'WaitStickerCount', data: {} };

export const printBoxStickerWorkflow: WorkflowDefinition<PrintBoxStickerData> = {
  name: 'print-box-sticker',
  start: START,
  states: {
    WaitStickerCount: {
      actions: ['StickerCountSelected'],
      expects: [],
      expectKey: 'workflowExpectAction',
    },
    WaitSizeAndPrint: {
      actions: ['BarcodeScanned', 'SkipClick'],
      expects: ['dt'],
      expectKey: 'workflowExpectDimension',
    },
  },

  transition(state, action, facts) {
    if (state.code === 'WaitStickerCount' && action.code === 'StickerCountSelected') {
      return accept({ code: 'WaitSizeAndPrint', data: { count: action.count } });
    }
    if (state.code !== 'WaitSizeAndPrint') return refuse('workflowActionNotExpected');
    const count = state.data.count ?? WORKFLOW_COUNT_MIN;
    if (action.code === 'SkipClick') {
      return accept(START, {
        effects: [{ kind: 'createBoxes', count, size: null }],
        sounds: ['ok-new'],
      });
    }
    const { scan } = facts;
    if (action.code !== 'BarcodeScanned' || scan?.kind !== 'dt') {
      return refuse('workflowActionNotExpected');
    }
    // A dimension type of the run's warehouse or a common one (spec part 2 §3).
    if (scan.warehouseCode !== null && scan.warehouseCode !== facts.warehouseCode) {
      return refuse('dimensionOfOtherWarehouse', { name: scan.name });
    }
    const size = { lengthCm: scan.lengthCm, widthCm: scan.widthCm, heightCm: scan.heightCm };
    return accept(START, { effects: [{ kind: 'createBoxes', count, size }], sounds: ['ok-new'] });
  },

  view(state): StepView {
    if (state.code === 'WaitSizeAndPrint') {
      return {
        prompt: { key: 'sizeAndPrint', params: { count: state.data.count ?? WORKFLOW_COUNT_MIN } },
        options: {},
        items: [],
      };
    }
    return {
      prompt: { key: 'stickerCount', params: {} },
      options: { count: { min: WORKFLOW_COUNT_MIN, max: WORKFLOW_COUNT_MAX } },
      items: [],
    };
  },
};
