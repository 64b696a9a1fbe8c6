import {
  accept,
  refuse,
  type StepView,
  type Transition,
  type WorkflowDefinition,
} from '../workflow-definition.js';
import { PICKING_TASK_STATES, pickingConfirmView, selectTask } from './picking-states.js';
import * as transit from './transit-picking-steps.js';
import type { BoxUnit, TransitFacts, TransitState, TransitTask } from './transit-picking-steps.js';

// Boxes transit picking v2 (spec part 1 §1; docs/DECISIONS.md "Guided workflows", step table
// 8): a transit shipment in state 1 as the task; any box of it in any order (the items list
// every box with its cell and state); a box of no task or of another shipment is refused
// naming it. ItemReverted puts a box back to `waiting` but leaves it out of its cell (listed
// with no cell). TaskCompleted completes the shipment (1 → 2) at once when every box is
// picked, else asks in WaitConfirm first. «Состав» of a box runs the details workflow.

type Data = transit.TransitPickingData;

/** v2 stays in WaitBox whatever is left: TaskCompleted ends it. */
function onward(task: TransitTask): TransitState {
  return { code: 'WaitBox', data: { task } };
}

function onWaitBox(state: TransitState, facts: TransitFacts): Transition<Data> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  const { unit, refusal } = transit.refuseBox(task, facts);
  if (refusal) return refusal;
  const units = transit.withUnit(facts.own.units, unit.id, 'picked');
  return accept(onward(task), {
    effects: [transit.pickEffect(unit, task)],
    sounds: ['success-small'],
    notification: {
      status: 'success',
      key: 'workflowBoxPicked',
      params: {
        box: unit.barcode,
        done: units.filter((u) => u.state === 'picked').length,
        total: units.length,
      },
    },
  });
}

/** TaskCompleted: every box picked completes the shipment, else WaitConfirm lists what is not. */
function completeTask(task: TransitTask, units: readonly BoxUnit[]): Transition<Data> {
  if (units.every((u) => u.state === 'picked')) return transit.completeShipment(task, units);
  return accept({ code: 'WaitConfirm', data: { task } });
}

export const boxesTransitPickingV2Workflow: WorkflowDefinition<Data, transit.TransitPickingFacts> =
  {
    name: 'boxes-transit-picking-v2',
    start: transit.TRANSIT_START,
    states: {
      ...PICKING_TASK_STATES,
      WaitBox: transit.TRANSIT_PICKING_STATES.WaitBox,
    },

    transition(state, action, facts) {
      const { task } = state.data;
      switch (state.code) {
        case 'WaitTaskSelection':
          return selectTask(action, facts.own.tasks, onward);
        case 'WaitBox':
          if (!task) return refuse('workflowActionNotExpected');
          if (action.code === 'TaskCompleted') return completeTask(task, facts.own.units);
          if (action.code === 'SkipClick')
            return transit.askReason(state, action, facts, 'WaitBox');
          if (action.code === 'ItemReverted') {
            return transit.revertBox(state, action, facts, { backIntoCell: false, onward });
          }
          return onWaitBox(state, facts);
        case 'WaitReason':
          return transit.onWaitReason(state, action, facts, onward);
        case 'WaitConfirm':
          return transit.onWaitConfirm(state, action, facts, {
            back: onward,
            backIntoCell: false,
            onward,
          });
        default:
          return refuse('workflowActionNotExpected');
      }
    },

    factsAfter: transit.transitFactsAfter,

    view(state, facts): StepView {
      const { task } = state.data;
      if (state.code === 'WaitTaskSelection' || !task) return transit.taskSelectionView(facts);
      const { units } = facts.own;
      const items = units.map((u) => transit.boxItemOf(u, null));
      switch (state.code) {
        case 'WaitReason':
          return { ...transit.reasonView(state, units), items };
        case 'WaitConfirm':
          return pickingConfirmView(
            'transitPickingConfirm',
            task,
            units,
            items.filter((item) => item.state !== 'done'),
          );
        default: {
          const done = units.filter((u) => u.state === 'picked').length;
          const left = units.some((u) => u.state === 'waiting');
          return {
            prompt: {
              key: left ? 'transitPickingAnyBox' : 'transitPickingAllScanned',
              params: { shipment: task.code, done, total: units.length },
            },
            options: { canCompleteTask: true, canSkip: left },
            items,
          };
        }
      }
    },
  };
