import type { WorkflowName } from '@sorting/contracts';
import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import { TASK_TAKEOVER_MINUTES } from './picking-states.js';
import {
  LOADING_FROM_STATE,
  type TransitLoadingData,
  type TransitLoadingFacts,
} from './transit-loading-steps.js';

/**
 * The facts of a transit loading step, v1 or v2 (docs/DECISIONS.md "Guided workflows"): in
 * WaitTaskSelection the transit shipments in state 2 with who holds them (done = loaded),
 * else the held task's boxes, and for a scanned box of none of them or a scanned pallet the
 * other shipment it belongs to.
 */
function loaderOf(workflow: WorkflowName) {
  return async function loadTransitLoadingFacts(
    ports: WorkflowPorts,
    state: RunState<TransitLoadingData>,
    scan: ScanFact | null,
    warehouseId: number,
  ): Promise<TransitLoadingFacts> {
    const { shipments, loading } = ports.repository;
    const { task } = state.data;
    const none = { tasks: [], units: [], otherShipment: null, palletShipment: null };
    if (state.code === 'WaitTaskSelection' || !task) {
      const tasks = await shipments.listTasks({
        warehouseId,
        kind: 'transit',
        state: LOADING_FROM_STATE,
        workflow,
        userId: ports.userId,
        idleBefore: new Date(ports.now.getTime() - TASK_TAKEOVER_MINUTES * 60_000),
        doneState: 'loaded',
      });
      return { ...none, tasks };
    }
    const units = await loading.listBoxUnits(task.id);
    const isOther = scan?.kind === 'box' && !units.some((u) => u.boxId === scan.id);
    return {
      ...none,
      units,
      otherShipment: isOther ? await loading.findBoxShipment(scan.id, task.id) : null,
      palletShipment:
        scan?.kind === 'container' ? await loading.findPalletShipment(scan.barcode, task.id) : null,
    };
  };
}

export const loadTransitLoadingFacts = loaderOf('boxes-transit-loading');
export const loadTransitLoadingV2Facts = loaderOf('boxes-transit-loading-v2');
