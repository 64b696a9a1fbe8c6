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

// Boxes transit picking v1 (spec part 1 §1; docs/DECISIONS.md "Guided workflows", step table
// 7): a transit shipment in state 1 as the task; its boxes one by one in walking order: the
// cell of the next box, then that box, taken out of its cell (`picked`); another box of the
// task is refused «Сначала короб {{box}}». A skip asks why (`short`); ItemReverted puts a
// picked box back into its cell. When nothing waits (or on TaskCompleted) WaitConfirm, whose
// ConfirmItem moves the shipment to state 2.

type Data = transit.TransitPickingData;

/** The first waiting box in walking order, null when none waits. */
function nextUnit(units: readonly BoxUnit[]): BoxUnit | null {
  return units.find((u) => u.state === 'waiting') ?? null;
}

/** Where the task stands: the next box's cell (its box when it stands in none), or WaitConfirm. */
function onward(task: TransitTask, units: readonly BoxUnit[]): TransitState {
  const next = nextUnit(units);
  if (!next) return { code: 'WaitConfirm', data: { task } };
  if (next.cellId === null) return { code: 'WaitBox', data: { task } };
  return { code: 'WaitCell', data: { task } };
}

/**
 * WaitCell: the next box's cell. A box is taken here only when the next one stands in no cell
 * (put out of it by v2 meanwhile): there is no cell to scan for it.
 */
function onWaitCell(state: TransitState, facts: TransitFacts): Transition<Data> {
  const { task } = state.data;
  const { scan } = facts;
  const next = nextUnit(facts.own.units);
  if (!task || !next) return refuse('workflowActionNotExpected');
  if (next.cellId === null) {
    return scan?.kind === 'box'
      ? onWaitBox(state, facts)
      : refuse('workflowBoxFirst', { box: next.barcode });
  }
  if (scan?.kind !== 'cell' || scan.id !== next.cellId) {
    return refuse('workflowWrongCell', { cell: next.cellName ?? '' });
  }
  return accept({ code: 'WaitBox', data: { task, cellId: scan.id } }, { sounds: ['scan'] });
}

function onWaitBox(state: TransitState, facts: TransitFacts): Transition<Data> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  const { unit, refusal } = transit.refuseBox(task, facts);
  if (refusal) return refusal;
  const next = nextUnit(facts.own.units);
  if (!next || unit.id !== next.id) {
    return refuse('workflowBoxFirst', { box: next?.barcode ?? '' });
  }
  return accept(onward(task, transit.withUnit(facts.own.units, unit.id, 'picked')), {
    effects: [transit.pickEffect(unit, task)],
    sounds: ['success-small'],
  });
}

export const boxesTransitPickingWorkflow: WorkflowDefinition<Data, transit.TransitPickingFacts> = {
  name: 'boxes-transit-picking',
  start: transit.TRANSIT_START,
  states: {
    ...PICKING_TASK_STATES,
    ...transit.TRANSIT_PICKING_STATES,
  },

  transition(state, action, facts) {
    const { task } = state.data;
    switch (state.code) {
      case 'WaitTaskSelection':
        return selectTask(action, facts.own.tasks, (selected) => ({
          code: 'WaitCell',
          data: { task: selected },
        }));
      case 'WaitCell':
      case 'WaitBox':
        if (!task) return refuse('workflowActionNotExpected');
        if (action.code === 'TaskCompleted') return accept({ code: 'WaitConfirm', data: { task } });
        if (action.code === 'SkipClick') return transit.askReason(state, action, facts, state.code);
        if (action.code === 'ItemReverted') {
          return transit.revertBox(state, action, facts, { backIntoCell: true, onward });
        }
        return state.code === 'WaitCell' ? onWaitCell(state, facts) : onWaitBox(state, facts);
      case 'WaitReason':
        return transit.onWaitReason(state, action, facts, onward);
      case 'WaitConfirm':
        return transit.onWaitConfirm(state, action, facts, {
          back: (held) => ({ code: 'WaitCell', data: { task: held } }),
          backIntoCell: true,
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
    const next = nextUnit(units);
    const items = units.map((u) => transit.boxItemOf(u, next?.id ?? null));
    const common = { canCompleteTask: true, canSkip: true };
    const params = { shipment: task.code, box: next?.barcode ?? '', cell: next?.cellName ?? '' };
    switch (state.code) {
      case 'WaitBox':
        return { prompt: { key: 'transitPickingBox', params }, options: common, items };
      case 'WaitReason':
        return { ...transit.reasonView(state, units), items };
      case 'WaitConfirm':
        return pickingConfirmView(
          'transitPickingConfirm',
          task,
          units,
          items.filter((item) => item.state !== 'waiting'),
        );
      default:
        return {
          prompt: !next
            ? { key: 'transitPickingNothingLeft', params: { shipment: task.code } }
            : { key: next.cellId === null ? 'transitPickingBox' : 'transitPickingCell', params },
          options: common,
          items,
        };
    }
  },
};
