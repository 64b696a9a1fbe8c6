import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import type {
  StoragePickingData,
  StoragePickingFacts,
} from './parcel-picking-in-storage.workflow.js';
import { TASK_TAKEOVER_MINUTES } from './picking-states.js';

/**
 * The facts of a storage picking step (docs/DECISIONS.md "Guided workflows"): in
 * WaitTaskSelection the parcels shipments in state 1 with who holds them, else the held
 * task's units in walking order.
 */
export async function loadStoragePickingFacts(
  ports: WorkflowPorts,
  state: RunState<StoragePickingData>,
  _scan: ScanFact | null,
  warehouseId: number,
): Promise<StoragePickingFacts> {
  const { shipments } = ports.repository;
  const { task } = state.data;
  if (state.code === 'WaitTaskSelection' || !task) {
    const tasks = await shipments.listTasks({
      warehouseId,
      kind: 'parcels',
      state: 1,
      workflow: 'parcel-picking-in-storage',
      userId: ports.userId,
      idleBefore: new Date(ports.now.getTime() - TASK_TAKEOVER_MINUTES * 60_000),
    });
    return { tasks, units: [] };
  }
  return { tasks: [], units: await shipments.listParcelUnits(task.id) };
}
