import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import { TASK_TAKEOVER_MINUTES } from './picking-states.js';
import type { SkuPickingData, SkuPickingFacts } from './parcels-picking.workflow.js';

/**
 * The facts of a picking-by-SKU step (docs/DECISIONS.md "Picking goods by SKU"): in
 * WaitTaskSelection the parcels shipments in state 1 whose goods carry part numbers, else the
 * held task's units in walking order with their goods' stock items.
 */
export async function loadSkuPickingFacts(
  ports: WorkflowPorts,
  state: RunState<SkuPickingData>,
  _scan: ScanFact | null,
  warehouseId: number,
): Promise<SkuPickingFacts> {
  const { shipments, stockItems } = ports.repository;
  const { task } = state.data;
  if (state.code === 'WaitTaskSelection' || !task) {
    const all = await shipments.listTasks({
      warehouseId,
      kind: 'parcels',
      state: 1,
      workflow: 'parcels-picking',
      userId: ports.userId,
      idleBefore: new Date(ports.now.getTime() - TASK_TAKEOVER_MINUTES * 60_000),
    });
    const withGoods = await stockItems.shipmentsWithPartNumbers(all.map((t) => t.id));
    return { tasks: all.filter((t) => withGoods.has(t.id)), units: [] };
  }
  const units = await shipments.listParcelUnits(task.id);
  const stock = await stockItems.stockOfParcels(units.map((u) => u.parcelId));
  return {
    tasks: [],
    units: units.map((unit) => ({ ...unit, stock: stock.get(unit.parcelId) ?? null })),
  };
}
