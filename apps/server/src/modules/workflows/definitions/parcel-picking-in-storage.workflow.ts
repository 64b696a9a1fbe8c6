import type { TWorkflowAction, TWorkflowItem } from '@sorting/contracts';
import type { ShipmentParcelUnitRow, ShipmentTaskRow } from '../shipment-units.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';
import {
  completePicking,
  PICKING_TASK_STATES,
  pickingConfirmView,
  revertPickedUnit,
  selectTask,
  SKIP_REASONS,
  taskOf,
} from './picking-states.js';

// Parcel picking in storage (spec part 1 §1; docs/DECISIONS.md "Guided workflows", its step
// table): a parcels shipment in state 1 as the task; its cells in walking order (zone, row,
// column); in each cell its parcels, each taken out of its box (`picked`); a skip asks why and
// marks the parcel `short`; ItemReverted puts a picked parcel back into its box; when nothing
// is left (or on TaskCompleted) WaitConfirm lists picked and short, and ConfirmItem moves the
// shipment to state 2.

/** What the engine reads for a storage picking step (parcel-picking-in-storage.facts.ts). */
export interface StoragePickingFacts {
  /** WaitTaskSelection: the warehouse's parcels shipments in state 1. */
  tasks: ShipmentTaskRow[];
  /** The held task's parcel units in walking order. */
  units: ShipmentParcelUnitRow[];
}

export interface StoragePickingData {
  task?: { id: number; code: string };
  /** The cell being picked (WaitWhat). */
  cellId?: number;
  /** The unit a skip asks the reason for, and the state to return to. */
  skip?: { unitId: number; back: 'WaitCell' | 'WaitWhat' };
}

type State = RunState<StoragePickingData>;
type Facts = WorkflowFacts<StoragePickingFacts>;
type Unit = ShipmentParcelUnitRow;

const START: State = { code: 'WaitTaskSelection', data: {} };

/** The cell of the first waiting unit in walking order, null when none waits. */
function nextCellId(units: readonly Unit[]): number | null {
  return units.find((u) => u.state === 'waiting' && u.cellId !== null)?.cellId ?? null;
}

/** Where the task stands once `units` are as given: this cell, the next one, or WaitConfirm. */
function onward(
  task: { id: number; code: string },
  units: readonly Unit[],
  cellId?: number,
): State {
  if (cellId !== undefined && units.some((u) => u.state === 'waiting' && u.cellId === cellId)) {
    return { code: 'WaitWhat', data: { task, cellId } };
  }
  return nextCellId(units) === null
    ? { code: 'WaitConfirm', data: { task } }
    : { code: 'WaitCell', data: { task } };
}

/** The units with one unit's state changed (the effect's outcome, seen before it runs). */
function withUnit(units: readonly Unit[], id: number, state: Unit['state']): Unit[] {
  return units.map((u) => (u.id === id ? { ...u, state } : u));
}

function onWaitCell(state: State, facts: Facts): Transition<StoragePickingData> {
  const { task } = state.data;
  const { scan } = facts;
  if (!task || scan?.kind !== 'cell') return refuse('workflowActionNotExpected');
  const expected = nextCellId(facts.own.units);
  if (scan.id !== expected) {
    const name = facts.own.units.find((u) => u.cellId === expected)?.cellName ?? '';
    return refuse('workflowWrongCell', { cell: name });
  }
  return accept({ code: 'WaitWhat', data: { task, cellId: scan.id } }, { sounds: ['scan'] });
}

function onWaitWhat(state: State, facts: Facts): Transition<StoragePickingData> {
  const { task, cellId } = state.data;
  const { scan } = facts;
  if (!task || cellId === undefined || scan?.kind !== 'parcel') {
    return refuse('workflowActionNotExpected');
  }
  const unit = facts.own.units.find((u) => u.parcelId === scan.id);
  if (unit?.state === 'picked') {
    // Picked meanwhile by another device (a task taken over): «уже взята» naming who.
    return refuse('workflowParcelTaken', { parcel: scan.barcode, user: unit.changedByName ?? '' });
  }
  if (!unit || unit.cellId !== cellId || unit.state !== 'waiting' || unit.boxId === null) {
    const cell = facts.own.units.find((u) => u.cellId === cellId)?.cellName ?? '';
    return refuse('workflowParcelNotInCell', { parcel: scan.barcode, cell });
  }
  return accept(onward(task, withUnit(facts.own.units, unit.id, 'picked'), cellId), {
    effects: [
      {
        kind: 'pickShipmentParcel',
        unitId: unit.id,
        parcelId: unit.parcelId,
        parcelNumber: unit.number,
        boxId: unit.boxId,
        cellId,
        shipmentCode: task.code,
      },
    ],
    sounds: ['success-small'],
  });
}

/** SkipClick in WaitCell or WaitWhat: the reason asked for the unit named, else the next one. */
function askReason(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<StoragePickingData> {
  const { task, cellId } = state.data;
  if (!task || action.code !== 'SkipClick') return refuse('workflowActionNotExpected');
  const waiting = facts.own.units.filter(
    (u) => u.state === 'waiting' && (cellId === undefined || u.cellId === cellId),
  );
  const unit =
    action.itemId !== undefined ? waiting.find((u) => String(u.id) === action.itemId) : waiting[0];
  if (!unit) return refuse('workflowItemNotFound', { item: action.itemId ?? '' }, 'objectNotFound');
  const back = state.code === 'WaitWhat' ? 'WaitWhat' : 'WaitCell';
  return accept({
    code: 'WaitReason',
    data: { task, ...(cellId !== undefined ? { cellId } : {}), skip: { unitId: unit.id, back } },
  });
}

function onWaitReason(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<StoragePickingData> {
  const { task, skip, cellId } = state.data;
  if (!task || !skip) return refuse('workflowActionNotExpected');
  if (action.code === 'ShowReasonsSelected') return accept(state);
  if (action.code === 'SkipClick') {
    const back: State = {
      code: skip.back,
      data: { task, ...(cellId !== undefined ? { cellId } : {}) },
    };
    return accept(back);
  }
  if (action.code !== 'ReasonSelected') return refuse('workflowActionNotExpected');
  if (!(SKIP_REASONS as readonly string[]).includes(action.reasonCode)) {
    return refuse('workflowReasonUnknown', { reason: action.reasonCode }, 'badRequest');
  }
  const unit = facts.own.units.find((u) => u.id === skip.unitId);
  if (!unit || unit.state !== 'waiting')
    return refuse('workflowItemNotFound', { item: String(skip.unitId) });
  return accept(onward(task, withUnit(facts.own.units, unit.id, 'short'), cellId), {
    effects: [
      {
        kind: 'shortShipmentUnit',
        unitId: unit.id,
        reason: action.reasonCode,
        unitBarcode: unit.number,
        shipmentCode: task.code,
      },
    ],
    sounds: ['attention'],
  });
}

function revert(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<StoragePickingData> {
  const { task } = state.data;
  if (!task || action.code !== 'ItemReverted') return refuse('workflowActionNotExpected');
  return revertPickedUnit(task, facts.own.units, action.itemId, (units) =>
    onward(task, units, state.data.cellId),
  );
}

function onWaitConfirm(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<StoragePickingData> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  if (action.code === 'SkipClick') return accept({ code: 'WaitCell', data: { task } });
  if (action.code === 'ItemReverted') return revert(state, action, facts);
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  return completePicking(task, facts.own.units, START);
}

function itemOf(unit: Unit, current: number | null): TWorkflowItem {
  return {
    itemId: String(unit.id),
    kind: 'parcel',
    barcode: unit.number,
    title: unit.name,
    subtitle: unit.reason,
    location: unit.cellName ?? unit.fromCellName,
    quantity: 1,
    doneQuantity: unit.state === 'picked' ? 1 : 0,
    state: unit.state === 'waiting' ? 'waiting' : unit.state === 'short' ? 'skipped' : 'done',
    isCurrent: unit.state === 'waiting' && unit.cellId === current,
  };
}

const TABLE_ACTIONS = ['TaskCompleted', 'ItemReverted', 'SkipClick'] as const;

export const parcelPickingInStorageWorkflow: WorkflowDefinition<
  StoragePickingData,
  StoragePickingFacts
> = {
  name: 'parcel-picking-in-storage',
  start: START,
  states: {
    ...PICKING_TASK_STATES,
    WaitCell: {
      actions: ['BarcodeScanned', ...TABLE_ACTIONS],
      expects: ['cell'],
      expectKey: 'workflowExpectCell',
    },
    WaitWhat: {
      actions: ['BarcodeScanned', ...TABLE_ACTIONS],
      expects: ['parcel'],
      expectKey: 'workflowExpectParcel',
    },
  },

  transition(state, action, facts) {
    const { task } = state.data;
    switch (state.code) {
      case 'WaitTaskSelection':
        return selectTask(action, facts.own.tasks, (task) => ({
          code: 'WaitCell',
          data: { task },
        }));
      case 'WaitCell':
      case 'WaitWhat':
        if (!task) return refuse('workflowActionNotExpected');
        if (action.code === 'TaskCompleted') return accept({ code: 'WaitConfirm', data: { task } });
        if (action.code === 'SkipClick') return askReason(state, action, facts);
        if (action.code === 'ItemReverted') return revert(state, action, facts);
        return state.code === 'WaitCell' ? onWaitCell(state, facts) : onWaitWhat(state, facts);
      case 'WaitReason':
        return onWaitReason(state, action, facts);
      case 'WaitConfirm':
        return onWaitConfirm(state, action, facts);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { task, cellId } = state.data;
    if (state.code === 'WaitTaskSelection' || !task) {
      return {
        prompt: { key: 'storagePickingTask', params: {} },
        options: {},
        items: [],
        tasks: facts.own.tasks.map(taskOf),
      };
    }
    const { units } = facts.own;
    const current = cellId ?? nextCellId(units);
    const items = units.map((u) => itemOf(u, current));
    const cellName = units.find((u) => u.cellId === current)?.cellName ?? '';
    const common = { canCompleteTask: true, canSkip: true };
    switch (state.code) {
      case 'WaitWhat':
        return {
          prompt: { key: 'storagePickingParcel', params: { shipment: task.code, cell: cellName } },
          options: common,
          items,
        };
      case 'WaitReason':
        return {
          prompt: {
            key: 'storagePickingReason',
            params: { parcel: units.find((u) => u.id === state.data.skip?.unitId)?.number ?? '' },
          },
          options: { canSkip: true, reasons: SKIP_REASONS.map((code) => ({ code })) },
          items,
        };
      case 'WaitConfirm':
        return pickingConfirmView(
          'storagePickingConfirm',
          task,
          units,
          items.filter((item) => item.state !== 'waiting'),
        );
      default:
        return {
          prompt: current
            ? { key: 'storagePickingCell', params: { shipment: task.code, cell: cellName } }
            : { key: 'storagePickingNothingLeft', params: { shipment: task.code } },
          options: common,
          items,
        };
    }
  },
};
