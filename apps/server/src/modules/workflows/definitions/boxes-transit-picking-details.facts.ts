import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import type {
  TransitDetailsData,
  TransitDetailsFacts,
} from './boxes-transit-picking-details.workflow.js';

/**
 * The facts of a details step (docs/DECISIONS.md "Guided workflows", step table 9): in
 * WaitTaskSelection the boxes of the task the user's open v2 run holds, else the parcels lying
 * in the box being checked (read again each step).
 */
export async function loadTransitDetailsFacts(
  ports: WorkflowPorts,
  state: RunState<TransitDetailsData>,
  _scan: ScanFact | null,
): Promise<TransitDetailsFacts> {
  const { repository } = ports;
  const { box } = state.data;
  if (state.code === 'WaitItem' && box) {
    return { boxes: null, parcels: await repository.shipmentBoxes.listBoxParcels(box.boxId) };
  }
  const run = await repository.findOpenRun(ports.userId, 'boxes-transit-picking-v2');
  const task = run?.data.task as { id?: unknown } | undefined;
  if (typeof task?.id !== 'number') return { boxes: null, parcels: [] };
  return { boxes: await repository.shipmentBoxes.listBoxUnitsWithCounts(task.id), parcels: [] };
}
