import type { TWorkflowAction, TWorkflowTask } from '@sorting/contracts';
import type { ShipmentTaskRow } from '../shipment-units.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StateRule,
  type Transition,
} from '../workflow-definition.js';

// TaskSelected of the shipment workflows (docs/DECISIONS.md "Guided workflows", task holding):
// a task of the list, free or held by a run idle for 30 minutes (taken over with `attention`
// and a warning); one held by another open run is refused naming who.

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
