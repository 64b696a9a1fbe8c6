import type { ShipmentParcelUnitRow } from '../shipment-units.repository.js';
import {
  accept,
  refuse,
  type Accepted,
  type RunState,
  type StateRule,
  type Transition,
} from '../workflow-definition.js';

// The states every picking workflow's table shares (docs/DECISIONS.md "Guided workflows", the
// step tables of part 2): the task list, the skip's reason and the confirmation.

export const PICKING_TASK_STATES = {
  WaitTaskSelection: {
    actions: ['TaskSelected'],
    expects: [],
    expectKey: 'workflowExpectAction',
  },
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

/** A task as a picking run holds it. */
export interface PickingTask {
  id: number;
  code: string;
}

/** The outbound states picking moves (1 Формируется → 2 Готова). */
const PICKED_FROM_STATE = 1;
const PICKED_TO_STATE = 2;

/** The shipment picked: state 1 → 2, «Отгрузка … собрана: 3 из 4», then `next` (the task list). */
export function shipmentPicked<D>(
  next: RunState<D>,
  task: PickingTask,
  units: readonly { state: string }[],
): Accepted<D> {
  return accept(next, {
    effects: [
      {
        kind: 'moveShipmentState',
        outboundId: task.id,
        code: task.code,
        from: PICKED_FROM_STATE,
        to: PICKED_TO_STATE,
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
