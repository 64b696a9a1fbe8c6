import { WORKFLOW_CONFIRM_ALL, type TWorkflowAction, type TWorkflowItem } from '@sorting/contracts';
import type { LoadingEffect } from '../loading-effects.js';
import type { ShipmentTaskRow } from '../shipment-units.repository.js';
import type { LoadingBoxUnitRow } from '../transit-loading.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StateRule,
  type StepView,
  type Transition,
  type WorkflowEffect,
  type WorkflowFacts,
} from '../workflow-definition.js';
import { selectTask, taskOf } from './picking-states.js';

// The steps both transit loading workflows share (spec part 1 §1; docs/DECISIONS.md "Guided
// workflows", the step tables of boxes-transit-loading and -v2): a transit shipment in state 2
// as the task; each of its boxes scanned is `loaded` (onto the open pallet in v1, into the
// vehicle in v2); a box loaded already answers `repeat`; another shipment's box is refused
// naming it; ItemReverted takes a loaded box off again; TaskCompleted ships the shipment
// (2 → 3) or, with boxes not loaded, asks in WaitConfirm to confirm each one missing.

/** The outbound states loading moves (2 Готова → 3 Отгружена). */
export const LOADING_FROM_STATE = 2;
export const LOADING_TO_STATE = 3;

/** The reason of a box confirmed missing at loading (ours; a skip's are notFound, damaged). */
export const NOT_LOADED_REASON = 'notLoaded';

/** What the engine reads for a loading step (boxes-transit-loading.facts.ts). */
export interface TransitLoadingFacts {
  /** WaitTaskSelection: the warehouse's transit shipments in state 2. */
  tasks: ShipmentTaskRow[];
  /** The held task's boxes. */
  units: LoadingBoxUnitRow[];
  /** A scanned box of no unit of the task: the other shipment holding it. */
  otherShipment: string | null;
  /** A scanned pallet: another shipment being loaded with boxes on it. */
  palletShipment: string | null;
}

export interface TransitLoadingData {
  task?: { id: number; code: string };
  /** v1: the barcode of the open pallet (a returnable box). */
  pallet?: string;
}

export type LoadingState = RunState<TransitLoadingData>;
export type LoadingFacts = WorkflowFacts<TransitLoadingFacts>;
type Unit = LoadingBoxUnitRow;
type Task = { id: number; code: string };

export const LOADING_START: LoadingState = { code: 'WaitTaskSelection', data: {} };

/** WaitConfirm's table row in both: confirm a box missing, go back, take a box off. */
export const LOADING_CONFIRM_RULE: StateRule = {
  actions: ['ConfirmItem', 'SkipClick', 'ItemReverted'],
  expects: [],
  expectKey: 'workflowExpectAction',
};

/** A box not loaded and not confirmed missing: WaitConfirm asks about it. */
export function isUnconfirmed(unit: Unit): boolean {
  return unit.state === 'waiting' || unit.state === 'picked';
}

/** The boxes loaded onto a pallet. */
export function onPallet(units: readonly Unit[], pallet: string): Unit[] {
  return units.filter((u) => u.state === 'loaded' && u.palletBarcode === pallet);
}

/** BarcodeScanned `box` in WaitBox: the box loaded, `repeat` when it is already, or refused. */
export function loadBox(
  state: LoadingState,
  facts: LoadingFacts,
  pallet: string | null,
): Transition<TransitLoadingData> {
  const { task } = state.data;
  const { scan } = facts;
  if (!task || scan?.kind !== 'box') return refuse('workflowActionNotExpected');
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('boxNotFound', { barcode: scan.barcode }, 'objectNotFound');
  }
  const unit = facts.own.units.find((u) => u.boxId === scan.id);
  if (!unit) {
    return facts.own.otherShipment !== null
      ? refuse('workflowBoxOfOtherShipment', {
          box: scan.barcode,
          shipment: facts.own.otherShipment,
          task: task.code,
        })
      : refuse('workflowBoxNotInShipment', { box: scan.barcode, shipment: task.code });
  }
  if (unit.state === 'loaded') {
    return accept(state, {
      sounds: ['repeat'],
      notification: unit.palletBarcode
        ? {
            status: 'info',
            key: 'workflowBoxAlreadyOnPallet',
            params: { box: unit.barcode, pallet: unit.palletBarcode },
          }
        : { status: 'info', key: 'workflowBoxAlreadyLoaded', params: { box: unit.barcode } },
    });
  }
  if (unit.cellName !== null) {
    return refuse('workflowBoxStillInCell', { box: unit.barcode, cell: unit.cellName });
  }
  return accept(state, {
    effects: [
      {
        kind: 'loadShipmentBox',
        unitId: unit.id,
        boxId: unit.boxId,
        boxBarcode: unit.barcode,
        palletBarcode: pallet,
        shipmentCode: task.code,
      },
    ],
    sounds: ['success-small'],
  });
}

/** ItemReverted: a loaded box taken off its pallet (out of the vehicle) again. */
export function unloadBox(
  state: LoadingState,
  action: TWorkflowAction,
  facts: LoadingFacts,
): Transition<TransitLoadingData> {
  const { task } = state.data;
  if (!task || action.code !== 'ItemReverted') return refuse('workflowActionNotExpected');
  const unit = facts.own.units.find((u) => String(u.id) === action.itemId);
  if (!unit || unit.state !== 'loaded') {
    return refuse('workflowItemNotLoaded', { item: unit?.barcode ?? action.itemId });
  }
  return accept(state, {
    effects: [
      {
        kind: 'unloadShipmentBox',
        unitId: unit.id,
        boxId: unit.boxId,
        boxBarcode: unit.barcode,
        palletBarcode: unit.palletBarcode,
        shipmentCode: task.code,
      },
    ],
    sounds: ['repeat'],
  });
}

/** The shipment moved 2 → 3 and the run back at its task list. */
function ship(
  task: Task,
  units: readonly Unit[],
  before: readonly WorkflowEffect[],
): Transition<TransitLoadingData> {
  return accept(LOADING_START, {
    effects: [
      ...before,
      {
        kind: 'moveShipmentState',
        outboundId: task.id,
        code: task.code,
        from: LOADING_FROM_STATE,
        to: LOADING_TO_STATE,
      },
    ],
    sounds: ['success-big'],
    notification: {
      status: 'success',
      key: 'workflowShipmentLoaded',
      params: {
        shipment: task.code,
        loaded: units.filter((u) => u.state === 'loaded').length,
        total: units.length,
      },
    },
  });
}

/**
 * TaskCompleted: every box loaded (or confirmed missing) ships the shipment; else WaitConfirm
 * lists the boxes not loaded. `before` runs first (v1: the open pallet completed).
 */
export function completeTask(
  task: Task,
  facts: LoadingFacts,
  before: readonly LoadingEffect[] = [],
): Transition<TransitLoadingData> {
  const { units } = facts.own;
  if (units.some(isUnconfirmed)) {
    return accept({ code: 'WaitConfirm', data: { task } }, { effects: [...before] });
  }
  return ship(task, units, before);
}

/**
 * WaitConfirm: ConfirmItem confirms one box missing (`short`, reason `notLoaded`); the last
 * one ships the shipment. SkipClick goes back to `back`; ItemReverted takes a box off.
 */
export function onWaitConfirm(
  state: LoadingState,
  action: TWorkflowAction,
  facts: LoadingFacts,
  back: LoadingState,
): Transition<TransitLoadingData> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  if (action.code === 'SkipClick') return accept(back);
  if (action.code === 'ItemReverted') return unloadBox(state, action, facts);
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  const { units } = facts.own;
  if (action.itemId === WORKFLOW_CONFIRM_ALL) {
    // The screen's one «Подтвердить»: every box not loaded confirmed missing, then shipped.
    const all = units.filter(isUnconfirmed).map((u) => missingEffect(u, task.code));
    return ship(task, units, all);
  }
  const unit = units.find((u) => String(u.id) === action.itemId && isUnconfirmed(u));
  if (!unit) return refuse('workflowItemNotFound', { item: action.itemId }, 'objectNotFound');
  const missing = missingEffect(unit, task.code);
  if (units.some((u) => u.id !== unit.id && isUnconfirmed(u))) {
    return accept(state, { effects: [missing], sounds: ['attention'] });
  }
  return ship(task, units, [missing]);
}

/** A box confirmed missing: `short` with reason `notLoaded`. */
function missingEffect(unit: Unit, shipmentCode: string): WorkflowEffect {
  return {
    kind: 'shortShipmentUnit',
    unitId: unit.id,
    reason: NOT_LOADED_REASON,
    unitBarcode: unit.barcode,
    shipmentCode,
  };
}

function itemOf(unit: Unit): TWorkflowItem {
  return {
    itemId: String(unit.id),
    kind: 'box',
    barcode: unit.barcode,
    title: unit.barcode,
    subtitle: unit.palletBarcode ?? unit.reason,
    location: unit.cellName ?? unit.fromCellName,
    quantity: 1,
    doneQuantity: unit.state === 'loaded' ? 1 : 0,
    state: unit.state === 'loaded' ? 'done' : unit.state === 'short' ? 'skipped' : 'waiting',
    isCurrent: false,
  };
}

/** WaitTaskSelection's view: the shipments to load. */
export function taskListView(facts: LoadingFacts): StepView {
  return {
    prompt: { key: 'loadingTask', params: {} },
    options: {},
    items: [],
    tasks: facts.own.tasks.map(taskOf),
  };
}

/** WaitConfirm's view: the boxes not loaded, each confirmed missing one by one. */
export function confirmView(task: Task, facts: LoadingFacts): StepView {
  const { units } = facts.own;
  const loaded = units.filter((u) => u.state === 'loaded').length;
  return {
    prompt: {
      key: 'loadingConfirm',
      params: { shipment: task.code, loaded, missing: units.length - loaded, total: units.length },
    },
    options: { canSkip: true },
    items: units.filter((u) => u.state !== 'loaded').map(itemOf),
  };
}

/** A loading state's boxes, and the counts the prompts name. */
export function progressOf(facts: LoadingFacts) {
  const { units } = facts.own;
  const loaded = units.filter((u) => u.state === 'loaded').length;
  return {
    items: units.map(itemOf),
    loaded,
    total: units.length,
    allLoaded: units.length > 0 && units.every((u) => u.state === 'loaded' || u.state === 'short'),
  };
}

type OwnTransition = (
  state: LoadingState,
  action: TWorkflowAction,
  facts: LoadingFacts,
  task: Task,
) => Transition<TransitLoadingData>;

/**
 * A loading workflow's transition: WaitTaskSelection chooses the task into `first`, WaitConfirm
 * goes back to `first`; `own` answers the workflow's other states with the task held.
 */
export function loadingTransition(first: 'WaitPallet' | 'WaitBox', own: OwnTransition) {
  return (state: LoadingState, action: TWorkflowAction, facts: LoadingFacts) => {
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection') {
      return selectTask(action, facts.own.tasks, (chosen) => ({
        code: first,
        data: { task: chosen },
      }));
    }
    if (!task) return refuse('workflowActionNotExpected');
    if (state.code === 'WaitConfirm') {
      return onWaitConfirm(state, action, facts, { code: first, data: { task } });
    }
    return own(state, action, facts, task);
  };
}

/** A loading workflow's view: the task list and WaitConfirm shared, `own` for the others. */
export function loadingView(
  own: (state: LoadingState, facts: LoadingFacts, task: Task) => StepView,
) {
  return (state: LoadingState, facts: LoadingFacts): StepView => {
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection' || !task) return taskListView(facts);
    if (state.code === 'WaitConfirm') return confirmView(task, facts);
    return own(state, facts, task);
  };
}
