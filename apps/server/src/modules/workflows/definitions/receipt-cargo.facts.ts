import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import type { ReceiptData, ReceiptFacts } from './receipt-cargo.workflow.js';

/**
 * The facts of a receipt step (docs/DECISIONS.md "Receipt of cargo"): the centre's workplaces
 * while choosing one, the supplies to receive, the run's supply with its places, and the
 * stickered place's details as stock items.
 */
export async function loadReceiptFacts(
  ports: WorkflowPorts,
  state: RunState<ReceiptData>,
  _scan: ScanFact | null,
  warehouseId: number,
): Promise<ReceiptFacts> {
  const receipt = ports.repository.receipt;
  const { code, data } = state;
  const workplaces = code === 'WaitWorkplace' ? await receipt.listWorkplaces(warehouseId) : [];
  const tasks = code === 'WaitTaskSelection' ? await receipt.listTasks(warehouseId) : [];
  const taskId = data.task?.id ?? null;
  const task = taskId === null ? null : await receipt.findTask(taskId);
  // In WaitTaskSelection a scanned place is checked against its own supply's places.
  const inboundId = taskId ?? (_scan?.kind === 'cargo_unit' ? _scan.inboundId : null);
  const places = inboundId === null ? [] : await receipt.listPlaces(inboundId);
  const stock =
    code === 'WaitPickingSticker' && data.place ? await receipt.listPlaceStock(data.place.id) : [];
  return { workplaces, tasks, task, places, stock };
}
