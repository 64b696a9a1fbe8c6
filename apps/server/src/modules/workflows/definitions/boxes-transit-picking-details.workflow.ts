import type { TWorkflowAction, TWorkflowItem, TWorkflowTask } from '@sorting/contracts';
import type { BoxParcelRow, ShipmentBoxUnitWithCountRow } from '../shipment-boxes.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';

// Boxes transit picking details (spec part 1 §1 «details variant»; docs/DECISIONS.md "Guided
// workflows", step table 9): «Состав» on a box of the v2 run's task runs this workflow for
// that box (TaskSelected with the box's item id); each parcel of the box scanned (or confirmed
// on the screen) is checked; a parcel not in it is announced with `attention` and changes
// nothing; TaskCompleted answers «Проверено 5 из 6, нет: P…» and returns to the box choice,
// where the screen goes back to the v2 run. Nothing is written but the run's own steps.

/** What the engine reads for a details step (boxes-transit-picking-details.facts.ts). */
export interface TransitDetailsFacts {
  /** WaitTaskSelection: the boxes of the task the user's open v2 run holds (null: none). */
  boxes: ShipmentBoxUnitWithCountRow[] | null;
  /** WaitItem: the parcels lying in the box. */
  parcels: BoxParcelRow[];
}

export interface TransitDetailsData {
  box?: { unitId: number; boxId: number; barcode: string };
  /** The ids of the parcels checked. */
  checked?: number[];
}

type State = RunState<TransitDetailsData>;
type Facts = WorkflowFacts<TransitDetailsFacts>;

const START: State = { code: 'WaitTaskSelection', data: {} };

function selectBox(action: TWorkflowAction, facts: Facts): Transition<TransitDetailsData> {
  if (action.code !== 'TaskSelected') return refuse('workflowActionNotExpected');
  if (facts.own.boxes === null) return refuse('workflowNoTransitRun');
  const unit = facts.own.boxes.find((u) => String(u.id) === action.taskId);
  if (!unit) return refuse('workflowBoxNotOfRun', { item: action.taskId }, 'objectNotFound');
  return accept({
    code: 'WaitItem',
    data: { box: { unitId: unit.id, boxId: unit.boxId, barcode: unit.barcode }, checked: [] },
  });
}

/** A parcel checked by its scan or its ConfirmItem; one of another box is announced only. */
function check(state: State, parcel: BoxParcelRow | undefined, barcode: string, facts: Facts) {
  const { box, checked = [] } = state.data;
  if (!box) return refuse('workflowActionNotExpected');
  if (!parcel) {
    return accept(state, {
      sounds: ['attention'],
      notification: {
        status: 'warning',
        key: 'workflowParcelNotInBox',
        params: { parcel: barcode, box: box.barcode },
      },
    });
  }
  if (checked.includes(parcel.id)) return accept(state, { sounds: ['repeat'] });
  const next = [...checked, parcel.id];
  const complete = facts.own.parcels.every((p) => next.includes(p.id));
  return accept(
    { code: 'WaitItem', data: { box, checked: next } },
    { sounds: [complete ? 'success-big' : 'success-small'] },
  );
}

function onWaitItem(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<TransitDetailsData> {
  const { box, checked = [] } = state.data;
  if (!box) return refuse('workflowActionNotExpected');
  const { parcels } = facts.own;
  if (action.code === 'BarcodeScanned') {
    const { scan } = facts;
    if (scan?.kind !== 'parcel') return refuse('workflowActionNotExpected');
    return check(
      state,
      parcels.find((p) => p.id === scan.id),
      scan.barcode,
      facts,
    );
  }
  if (action.code === 'ConfirmItem') {
    const parcel = parcels.find((p) => String(p.id) === action.itemId);
    if (!parcel) return refuse('workflowItemNotFound', { item: action.itemId }, 'objectNotFound');
    return check(state, parcel, parcel.number, facts);
  }
  if (action.code !== 'TaskCompleted') return refuse('workflowActionNotExpected');
  const missing = parcels.filter((p) => !checked.includes(p.id)).map((p) => p.number);
  const params = {
    checked: parcels.length - missing.length,
    total: parcels.length,
    missing: missing.join(', '),
  };
  return accept(START, {
    sounds: [missing.length > 0 ? 'attention' : 'success-big'],
    notification:
      missing.length > 0
        ? { status: 'warning', key: 'workflowBoxCheckedMissing', params }
        : { status: 'success', key: 'workflowBoxChecked', params },
  });
}

function boxTaskOf(unit: ShipmentBoxUnitWithCountRow): TWorkflowTask {
  return {
    taskId: String(unit.id),
    title: unit.barcode,
    subtitle: unit.cellName,
    total: unit.parcelsCount,
    done: 0,
    heldBy: null,
  };
}

function parcelItemOf(parcel: BoxParcelRow, checked: readonly number[]): TWorkflowItem {
  const done = checked.includes(parcel.id);
  return {
    itemId: String(parcel.id),
    kind: 'parcel',
    barcode: parcel.number,
    title: parcel.name,
    subtitle: null,
    location: null,
    quantity: 1,
    doneQuantity: done ? 1 : 0,
    state: done ? 'done' : 'waiting',
    isCurrent: false,
  };
}

export const boxesTransitPickingDetailsWorkflow: WorkflowDefinition<
  TransitDetailsData,
  TransitDetailsFacts
> = {
  name: 'boxes-transit-picking-details',
  start: START,
  states: {
    WaitTaskSelection: {
      actions: ['TaskSelected'],
      expects: [],
      expectKey: 'workflowExpectAction',
    },
    WaitItem: {
      actions: ['BarcodeScanned', 'ConfirmItem', 'TaskCompleted'],
      expects: ['parcel'],
      expectKey: 'workflowExpectParcel',
    },
  },

  transition(state, action, facts) {
    switch (state.code) {
      case 'WaitTaskSelection':
        return selectBox(action, facts);
      case 'WaitItem':
        return onWaitItem(state, action, facts);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { box, checked = [] } = state.data;
    if (state.code !== 'WaitItem' || !box) {
      return {
        prompt: { key: 'transitDetailsBox', params: {} },
        options: {},
        items: [],
        tasks: (facts.own.boxes ?? []).map(boxTaskOf),
      };
    }
    const { parcels } = facts.own;
    return {
      prompt: {
        key: 'transitDetailsParcel',
        params: {
          box: box.barcode,
          checked: parcels.filter((p) => checked.includes(p.id)).length,
          total: parcels.length,
        },
      },
      options: { canCompleteTask: true },
      items: parcels.map((p) => parcelItemOf(p, checked)),
    };
  },
};
