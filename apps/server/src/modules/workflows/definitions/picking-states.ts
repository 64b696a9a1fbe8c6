import type { TWorkflowAction, TWorkflowItem, TWorkflowTask } from '@sorting/contracts';
import type { ShipmentParcelUnitRow, ShipmentTaskRow } from '../shipment-units.repository.js';
import {
  accept,
  refuse,
  type Accepted,
  type RunState,
  type StateRule,
  type StepView,
  type Transition,
} from '../workflow-definition.js';

// What every shipment workflow's table shares (docs/DECISIONS.md "Guided workflows", the step
// tables of part 2): the task list and TaskSelected (task holding: a task of the list, free or
// held by a run idle for 30 minutes — taken over with `attention` and a warning; one held by
// another open run is refused naming who), the skip's reason and the confirmation.

/** Why a unit is skipped (ShowReasonsSelected lists them; ours). */
export const SKIP_REASONS = ['notFound', 'damaged'] as const;

/** A task held by a run idle this long is taken over by the next TaskSelected (ours). */
export const TASK_TAKEOVER_MINUTES = 30;

/** WaitTaskSelection's table row: TaskSelected only. */
export const TASK_SELECTION_RULE: StateRule = {
  actions: ['TaskSelected'],
  expects: [],
  expectKey: 'workflowExpectAction',
};

/** A shipment task as its list is shown: code, name · client, counts and who holds it. */
export function taskOf(row: ShipmentTaskRow): TWorkflowTask {
  return {
    taskId: String(row.id),
    title: row.code,
    subtitle: `${row.name} · ${row.clientName}`,
    total: row.total,
    done: row.done,
    heldBy: row.heldBy,
  };
}

/** The task chosen, with `next` its first state; refused when unknown or held. */
export function selectTask<D>(
  action: TWorkflowAction,
  tasks: readonly ShipmentTaskRow[],
  next: (task: { id: number; code: string }) => RunState<D>,
): Transition<D> {
  if (action.code !== 'TaskSelected') return refuse('workflowActionNotExpected');
  const task = tasks.find((t) => String(t.id) === action.taskId);
  if (!task) return refuse('workflowTaskNotFound', { task: action.taskId }, 'objectNotFound');
  if (task.heldBy !== null) {
    return refuse('workflowTaskHeld', { task: task.code, user: task.heldBy });
  }
  const first = next({ id: task.id, code: task.code });
  if (task.idleHolder === null) return accept(first);
  return accept(first, {
    sounds: ['attention'],
    notification: {
      status: 'warning',
      key: 'workflowTaskTakenOver',
      params: { task: task.code, user: task.idleHolder },
    },
  });
}

/** A task as a picking run holds it. */
export interface PickingTask {
  id: number;
  code: string;
}

/** The outbound states picking moves (1 Формируется → 2 Готова). */
const PICKING_FROM_STATE = 1;
const PICKING_TO_STATE = 2;

/**
 * ConfirmItem (or every unit taken) ends a picking task: the shipment 1 → 2, «Отгрузка …
 * собрана: 3 из 4», and `next` (the task list).
 */
export function completePicking<D>(
  task: PickingTask,
  units: readonly { state: string }[],
  next: RunState<D>,
): Accepted<D> {
  return accept(next, {
    effects: [
      {
        kind: 'moveShipmentState',
        outboundId: task.id,
        code: task.code,
        from: PICKING_FROM_STATE,
        to: PICKING_TO_STATE,
      },
    ],
    sounds: ['success-big'],
    notification: {
      status: 'success',
      key: 'workflowShipmentPicked',
      params: {
        shipment: task.code,
        picked: units.filter((u) => u.state === 'picked').length,
        total: units.length,
      },
    },
  });
}

export const PICKING_TASK_STATES = {
  WaitTaskSelection: TASK_SELECTION_RULE,
  WaitReason: {
    actions: ['ShowReasonsSelected', 'ReasonSelected', 'SkipClick'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
  WaitConfirm: {
    actions: ['ConfirmItem', 'SkipClick', 'ItemReverted'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
} as const satisfies Record<string, StateRule>;

/**
 * ItemReverted: a picked parcel unit put back into the box it was taken from, then `next` with
 * the units as they stand after it; a unit not picked is refused.
 */
export function revertPickedUnit<D, U extends ShipmentParcelUnitRow>(
  task: PickingTask,
  units: readonly U[],
  itemId: string,
  next: (units: U[]) => RunState<D>,
): Transition<D> {
  const unit = units.find((u) => String(u.id) === itemId);
  if (!unit || unit.state !== 'picked' || unit.fromBoxId === null) {
    return refuse('workflowItemNotPicked', { item: itemId });
  }
  const after = units.map((u) => (u.id === unit.id ? { ...u, state: 'waiting' as const } : u));
  return accept(next(after), {
    effects: [
      {
        kind: 'revertShipmentParcel',
        unitId: unit.id,
        parcelId: unit.parcelId,
        parcelNumber: unit.number,
        boxId: unit.fromBoxId,
        shipmentCode: task.code,
      },
    ],
    sounds: ['repeat'],
  });
}

/**
 * WaitConfirm's view of a picking flow: its own prompt `key` with the shipment and the counts
 * picked, short and in all; Skip goes back; the items `shown`.
 */
export function pickingConfirmView(
  key: string,
  task: PickingTask,
  units: readonly { state: string }[],
  shown: TWorkflowItem[],
): StepView {
  return {
    prompt: {
      key,
      params: {
        shipment: task.code,
        picked: units.filter((u) => u.state === 'picked').length,
        short: units.filter((u) => u.state === 'short').length,
        total: units.length,
      },
    },
    options: { canSkip: true },
    items: shown,
  };
}
