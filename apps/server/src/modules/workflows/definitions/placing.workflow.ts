import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';
import type { ScanFact } from '../scan-facts.js';

// Placing (docs/DECISIONS.md "Guided workflows", its step table): a box or a returnable box,
// then a cell: the box moved into the cell by sorting's move, the returnable box located there
// by `ContainerAccounting/move`.

export interface PlacingData {
  unit?: { kind: 'box'; id: number; barcode: string } | { kind: 'container'; barcode: string };
}

type State = RunState<PlacingData>;

const START: State = { code: 'WaitBox', data: {} };

/** The box or returnable box a scan names, as the next WaitCell holds it; refused if foreign. */
function takeUnit(scan: ScanFact | null, facts: WorkflowFacts): Transition<PlacingData> {
  if (scan?.kind === 'box') {
    if (scan.warehouseId !== facts.warehouseId) {
      return refuse('boxNotFound', { barcode: scan.barcode }, 'objectNotFound');
    }
    return accept({
      code: 'WaitCell',
      data: { unit: { kind: 'box', id: scan.id, barcode: scan.barcode } },
    });
  }
  if (scan?.kind === 'container') {
    if (scan.warehouseId !== facts.warehouseId) {
      return refuse('containerNotFound', { barcode: scan.barcode }, 'objectNotFound');
    }
    return accept({
      code: 'WaitCell',
      data: { unit: { kind: 'container', barcode: scan.barcode } },
    });
  }
  return refuse('workflowActionNotExpected');
}

export const placingWorkflow: WorkflowDefinition<PlacingData> = {
  name: 'placing',
  start: START,
  states: {
    WaitBox: {
      actions: ['BarcodeScanned'],
      expects: ['box', 'container'],
      expectKey: 'workflowExpectBoxOrContainer',
    },
    WaitCell: {
      actions: ['BarcodeScanned', 'SkipClick'],
      expects: ['cell', 'box', 'container'],
      expectKey: 'workflowExpectCell',
    },
  },

  transition(state, action, facts) {
    const { scan } = facts;
    if (state.code === 'WaitBox' && action.code === 'BarcodeScanned') return takeUnit(scan, facts);
    if (state.code !== 'WaitCell') return refuse('workflowActionNotExpected');
    if (action.code === 'SkipClick') return accept(START);
    if (action.code !== 'BarcodeScanned') return refuse('workflowActionNotExpected');
    // Another box scanned here replaces the one held.
    if (scan?.kind === 'box' || scan?.kind === 'container') return takeUnit(scan, facts);
    const { unit } = state.data;
    if (scan?.kind !== 'cell' || !unit) return refuse('workflowActionNotExpected');
    if (unit.kind === 'box') {
      return accept(START, {
        effects: [{ kind: 'moveBox', boxId: unit.id, cellId: scan.id }],
        sounds: ['ok-new'],
        notification: {
          status: 'success',
          key: 'workflowBoxPlaced',
          params: { box: unit.barcode, cell: scan.name },
        },
      });
    }
    return accept(START, {
      effects: [
        { kind: 'moveContainer', containerBarcode: unit.barcode, cellBarcode: scan.barcode },
      ],
      sounds: ['ok-new'],
      notification: {
        status: 'success',
        key: 'workflowContainerPlaced',
        params: { container: unit.barcode, cell: scan.name },
      },
    });
  },

  view(state): StepView {
    const { unit } = state.data;
    if (state.code === 'WaitCell' && unit) {
      const key = unit.kind === 'box' ? 'placingCellForBox' : 'placingCellForContainer';
      return { prompt: { key, params: { barcode: unit.barcode } }, options: {}, items: [] };
    }
    return { prompt: { key: 'placingBox', params: {} }, options: {}, items: [] };
  },
};
