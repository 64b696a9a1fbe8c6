import type { WorkflowName } from '@sorting/contracts';
import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import { TASK_TAKEOVER_MINUTES } from './picking-states.js';
import type { TransitPickingData, TransitPickingFacts } from './transit-picking-steps.js';

/**
 * The facts of a transit picking step, v1 or v2 (docs/DECISIONS.md "Guided workflows"): in
 * WaitTaskSelection the transit shipments in state 1 with who holds them (for the task chosen,
 * its boxes too), else the held task's boxes in walking order, and for a scanned box outside
 * them the other open shipment holding it.
 */
function transitPickingFactsOf(workflow: WorkflowName) {
  return async function load(
    ports: WorkflowPorts,
    state: RunState<TransitPickingData>,
    scan: ScanFact | null,
    warehouseId: number,
  ): Promise<TransitPickingFacts> {
    const { shipments, shipmentBoxes } = ports.repository;
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection' || !task) {
      const tasks = await shipments.listTasks({
        warehouseId,
        kind: 'transit',
        state: 1,
        workflow,
        userId: ports.userId,
        idleBefore: new Date(ports.now.getTime() - TASK_TAKEOVER_MINUTES * 60_000),
      });
      return { tasks, units: [], otherShipment: null };
    }
    const units = await shipmentBoxes.listBoxUnits(task.id);
    const foreign = scan?.kind === 'box' && !units.some((u) => u.boxId === scan.id);
    const otherShipment = foreign
      ? await shipmentBoxes.findOtherShipmentOfBox(scan.id, task.id)
      : null;
    return { tasks: [], units, otherShipment };
  };
}

export const loadTransitPickingFacts = transitPickingFactsOf('boxes-transit-picking');
export const loadTransitPickingV2Facts = transitPickingFactsOf('boxes-transit-picking-v2');
