import type { TWorkflowAction, TWorkflowItem } from '@sorting/contracts';
import type { ShipmentBoxUnitRow } from '../shipment-boxes.repository.js';
import type { ShipmentTaskRow } from '../shipment-units.repository.js';
import type { WorkflowEffect } from '../workflow-definition.js';
import {
  accept,
  refuse,
  type Accepted,
  type RunState,
  type StateRule,
  type Transition,
  type WorkflowFacts,
} from '../workflow-definition.js';
import { completePicking, SKIP_REASONS, taskOf } from './picking-states.js';

// What the two transit picking versions share (spec part 1 §1 boxes transit picking;
// docs/DECISIONS.md "Guided workflows", step tables 7–8): a transit shipment in state 1 as the
// task (held by one run, taken over after 30 minutes idle), its boxes as items, the refusal of
// a box outside the task, the skip with a reason, and ConfirmItem moving the shipment 1 → 2.

/** What the engine reads for a transit picking step (boxes-transit-picking.facts.ts). */
export interface TransitPickingFacts {
  /** WaitTaskSelection: the warehouse's transit shipments in state 1. */
  tasks: ShipmentTaskRow[];
  /** The held task's boxes in walking order. */
  units: ShipmentBoxUnitRow[];
  /** A scanned box outside the task: the code of the open shipment holding it. */
  otherShipment: string | null;
}

export interface TransitTask {
  id: number;
  code: string;
}

export interface TransitPickingData {
  task?: TransitTask;
  /** v1 WaitBox: the cell scanned. */
  cellId?: number;
  /** The unit a skip asks the reason for, and the state to return to. */
  skip?: { unitId: number; back: 'WaitCell' | 'WaitBox' };
}

export type TransitState = RunState<TransitPickingData>;
export type TransitFacts = WorkflowFacts<TransitPickingFacts>;
export type BoxUnit = ShipmentBoxUnitRow;

export const TRANSIT_START: TransitState = { code: 'WaitTaskSelection', data: {} };

/** The units with one unit's state changed (the effect's outcome, seen before it runs). */
export function withUnit(
  units: readonly BoxUnit[],
  id: number,
  state: BoxUnit['state'],
): BoxUnit[] {
  return units.map((u) => (u.id === id ? { ...u, state } : u));
}

/** The units after one effect, or undefined when it is not one whose outcome is known here. */
function unitsAfterEffect(
  units: readonly BoxUnit[],
  effect: WorkflowEffect,
): BoxUnit[] | undefined {
  switch (effect.kind) {
    case 'pickShipmentBox':
      // Taken out of its cell (when it stood in one), which the list then names as «from».
      return units.map((u) =>
        u.id !== effect.unitId
          ? u
          : {
              ...u,
              state: 'picked',
              reason: null,
              cellId: null,
              cellName: null,
              cellBarcode: null,
              fromCellId: effect.cellId ?? u.fromCellId,
              fromCellName: effect.cellId !== null ? u.cellName : u.fromCellName,
            },
      );
    case 'revertShipmentBox':
      // v1 puts the box back into a cell whose barcode the list does not hold: read again.
      if (effect.backToCellId !== null) return undefined;
      return units.map((u) =>
        u.id === effect.unitId ? { ...u, state: 'waiting', reason: null } : u,
      );
    case 'shortShipmentUnit':
      return units.map((u) =>
        u.id === effect.unitId ? { ...u, state: 'short', reason: effect.reason } : u,
      );
    default:
      return undefined;
  }
}

/**
 * The facts after a picking step (WorkflowDefinition `factsAfter`): the task's boxes as read
 * for the step with its effects applied, so a scan reads a 200-box task once; undefined (read
 * again) when the step chose or completed a task, or made an effect of another kind.
 */
export function transitFactsAfter(
  facts: TransitFacts,
  step: Accepted<TransitPickingData>,
): TransitPickingFacts | undefined {
  const { units } = facts.own;
  if (step.next.code === 'WaitTaskSelection' || !step.next.data.task || units.length === 0) {
    return undefined;
  }
  let after: BoxUnit[] = [...units];
  for (const effect of step.effects) {
    const next = unitsAfterEffect(after, effect);
    if (!next) return undefined;
    after = next;
  }
  return { tasks: [], units: after, otherShipment: null };
}

/**
 * A scanned box the task cannot take: a box of no unit (named with the other shipment holding
 * it, if any) or one already picked («Уже взят {{user}}»); null when the unit may be taken.
 */
export function refuseBox(
  task: TransitTask,
  facts: TransitFacts,
): { unit: BoxUnit; refusal: null } | { unit: null; refusal: Transition<TransitPickingData> } {
  const { scan } = facts;
  if (scan?.kind !== 'box') return { unit: null, refusal: refuse('workflowActionNotExpected') };
  const unit = facts.own.units.find((u) => u.boxId === scan.id);
  if (!unit) {
    const refusal = facts.own.otherShipment
      ? refuse('workflowBoxOfOtherShipment', {
          box: scan.barcode,
          shipment: facts.own.otherShipment,
          task: task.code,
        })
      : refuse('workflowBoxNotInTask', { box: scan.barcode, task: task.code });
    return { unit: null, refusal };
  }
  if (unit.state === 'picked' || unit.state === 'loaded') {
    return {
      unit: null,
      refusal: refuse('workflowBoxAlreadyTaken', {
        box: unit.barcode,
        user: unit.changedByName ?? '—',
      }),
    };
  }
  return { unit, refusal: null };
}

/** The effect taking a unit's box (out of its cell when it stands in one). */
export function pickEffect(unit: BoxUnit, task: TransitTask) {
  return {
    kind: 'pickShipmentBox' as const,
    unitId: unit.id,
    boxId: unit.boxId,
    boxBarcode: unit.barcode,
    cellId: unit.cellId,
    cellBarcode: unit.cellBarcode,
    from: unit.state === 'short' ? ('short' as const) : ('waiting' as const),
    shipmentCode: task.code,
  };
}

/** SkipClick: the reason asked for the waiting unit named, else the first waiting one. */
export function askReason(
  state: TransitState,
  action: TWorkflowAction,
  facts: TransitFacts,
  back: 'WaitCell' | 'WaitBox',
): Transition<TransitPickingData> {
  const { task } = state.data;
  if (!task || action.code !== 'SkipClick') return refuse('workflowActionNotExpected');
  const waiting = facts.own.units.filter((u) => u.state === 'waiting');
  const unit =
    action.itemId !== undefined ? waiting.find((u) => String(u.id) === action.itemId) : waiting[0];
  if (!unit) return refuse('workflowItemNotFound', { item: action.itemId ?? '' }, 'objectNotFound');
  return accept({ code: 'WaitReason', data: { task, skip: { unitId: unit.id, back } } });
}

/** WaitReason: ShowReasonsSelected stays, SkipClick goes back, ReasonSelected marks `short`. */
export function onWaitReason(
  state: TransitState,
  action: TWorkflowAction,
  facts: TransitFacts,
  onward: (task: TransitTask, units: readonly BoxUnit[]) => TransitState,
): Transition<TransitPickingData> {
  const { task, skip } = state.data;
  if (!task || !skip) return refuse('workflowActionNotExpected');
  if (action.code === 'ShowReasonsSelected') return accept(state);
  if (action.code === 'SkipClick') return accept({ code: skip.back, data: { task } });
  if (action.code !== 'ReasonSelected') return refuse('workflowActionNotExpected');
  if (!(SKIP_REASONS as readonly string[]).includes(action.reasonCode)) {
    return refuse('workflowReasonUnknown', { reason: action.reasonCode }, 'badRequest');
  }
  const unit = facts.own.units.find((u) => u.id === skip.unitId);
  if (!unit || unit.state !== 'waiting') {
    return refuse('workflowItemNotFound', { item: String(skip.unitId) });
  }
  return accept(onward(task, withUnit(facts.own.units, unit.id, 'short')), {
    effects: [
      {
        kind: 'shortShipmentUnit',
        unitId: unit.id,
        reason: action.reasonCode,
        unitBarcode: unit.barcode,
        shipmentCode: task.code,
      },
    ],
    sounds: ['attention'],
  });
}

/**
 * ItemReverted: a picked box back to `waiting` (v1 into the cell it was taken from, v2 left
 * out of its cell), a short one back to `waiting` with its reason cleared.
 */
export function revertBox(
  state: TransitState,
  action: TWorkflowAction,
  facts: TransitFacts,
  options: {
    backIntoCell: boolean;
    onward: (task: TransitTask, units: readonly BoxUnit[]) => TransitState;
  },
): Transition<TransitPickingData> {
  const { task } = state.data;
  if (!task || action.code !== 'ItemReverted') return refuse('workflowActionNotExpected');
  const unit = facts.own.units.find((u) => String(u.id) === action.itemId);
  if (!unit || (unit.state !== 'picked' && unit.state !== 'short')) {
    return refuse('workflowItemNotPicked', { item: action.itemId });
  }
  const backToCellId =
    unit.state === 'picked' && options.backIntoCell && unit.cellId === null
      ? unit.fromCellId
      : null;
  // Seen as it will be: waiting, and (v1) standing in its cell again.
  const units = facts.own.units.map((u) =>
    u.id === unit.id ? { ...u, state: 'waiting' as const, cellId: backToCellId ?? u.cellId } : u,
  );
  return accept(options.onward(task, units), {
    effects: [
      {
        kind: 'revertShipmentBox',
        unitId: unit.id,
        boxId: unit.boxId,
        boxBarcode: unit.barcode,
        from: unit.state,
        backToCellId,
        shipmentCode: task.code,
      },
    ],
    sounds: ['repeat'],
  });
}

/** The shipment picked: state 1 → 2, «Отгрузка … собрана: 3 из 4», back to the task list. */
export function completeShipment(
  task: TransitTask,
  units: readonly BoxUnit[],
): Accepted<TransitPickingData> {
  return completePicking(task, units, TRANSIT_START);
}

/** A box as an item: its cell (null once out of it), done when picked, skipped when short. */
export function boxItemOf(unit: BoxUnit, currentId: number | null): TWorkflowItem {
  return {
    itemId: String(unit.id),
    kind: 'box',
    barcode: unit.barcode,
    title: unit.barcode,
    subtitle: unit.reason,
    location: unit.cellName,
    quantity: 1,
    doneQuantity: unit.state === 'waiting' || unit.state === 'short' ? 0 : 1,
    state: unit.state === 'waiting' ? 'waiting' : unit.state === 'short' ? 'skipped' : 'done',
    isCurrent: unit.id === currentId,
  };
}

/** The actions of a picking state: a scan, the task completed, a revert, a skip. */
const PICKING_ACTIONS = ['BarcodeScanned', 'TaskCompleted', 'ItemReverted', 'SkipClick'] as const;

/** The picking states' table rows: a cell then its box (v1), or any box (v1 and v2). */
export const TRANSIT_PICKING_STATES = {
  WaitCell: { actions: PICKING_ACTIONS, expects: ['cell', 'box'], expectKey: 'workflowExpectCell' },
  WaitBox: { actions: PICKING_ACTIONS, expects: ['box'], expectKey: 'workflowExpectTransitBox' },
} as const satisfies Record<string, StateRule>;

/**
 * WaitConfirm: SkipClick goes back to picking (`back`), ItemReverted puts a box back (v1 into
 * its cell), ConfirmItem moves the shipment 1 → 2.
 */
export function onWaitConfirm(
  state: TransitState,
  action: TWorkflowAction,
  facts: TransitFacts,
  options: {
    back: (task: TransitTask) => TransitState;
    backIntoCell: boolean;
    onward: (task: TransitTask, units: readonly BoxUnit[]) => TransitState;
  },
): Transition<TransitPickingData> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  if (action.code === 'SkipClick') return accept(options.back(task));
  if (action.code === 'ItemReverted') return revertBox(state, action, facts, options);
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  return completeShipment(task, facts.own.units);
}

/** The reasons WaitReason offers, and the box it asks about. */
export function reasonView(state: TransitState, units: readonly BoxUnit[]) {
  return {
    prompt: {
      key: 'transitPickingReason',
      params: { box: units.find((u) => u.id === state.data.skip?.unitId)?.barcode ?? '' },
    },
    options: { canSkip: true, reasons: SKIP_REASONS.map((code) => ({ code })) },
  };
}

/** WaitTaskSelection's view. */
export function taskSelectionView(facts: TransitFacts) {
  return {
    prompt: { key: 'transitPickingTask', params: {} },
    options: {},
    items: [],
    tasks: facts.own.tasks.map(taskOf),
  };
}
