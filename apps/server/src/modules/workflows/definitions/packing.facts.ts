import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowPorts } from '../workflow-ports.js';
import type { OrderItemRow } from '../packing.repository.js';
import type { PackingData, PackingFacts, PackingItem } from './packing.types.js';

async function withStock(ports: WorkflowPorts, rows: OrderItemRow[]): Promise<PackingItem[]> {
  const stock = await ports.repository.stockItems.stockOfParcels(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, stock: stock.get(row.id) ?? null }));
}

/**
 * The facts of a packing step (docs/DECISIONS.md "Packing"): the centre's workplaces while
 * choosing one; the items ready to pack and a scanned parcel's order while waiting for an order;
 * the run's order with its items; the dimension types while choosing a size; a scanned container.
 */
export async function loadPackingFacts(
  ports: WorkflowPorts,
  state: RunState<PackingData>,
  scan: ScanFact | null,
  warehouseId: number,
): Promise<PackingFacts> {
  const { packing, receipt } = ports.repository;
  const { code, data } = state;
  const workplaces = code === 'WaitWorkplace' ? await receipt.listWorkplaces(warehouseId) : [];
  const ready =
    code === 'PackingWaitWhat'
      ? await withStock(ports, await packing.listReadyItems(warehouseId))
      : [];
  const scannedOrder =
    code === 'PackingWaitWhat' && scan?.kind === 'parcel'
      ? ((await packing.ordersOf([scan.id])).get(scan.id) ?? null)
      : null;
  const order = data.order ?? scannedOrder;
  const items =
    order === null || order === undefined
      ? []
      : await withStock(ports, await packing.listOrderItems(warehouseId, order));
  const warehouse =
    code === 'WaitContainerSize' || code === 'WaitItem'
      ? await ports.door.findWarehouse(warehouseId)
      : null;
  const dimensions = warehouse ? await packing.listDimensions(warehouse.code) : [];
  const found = scan?.kind === 'container' ? await ports.door.findContainer(scan.barcode) : null;
  const container = found
    ? {
        barcode: found.barcode,
        lengthCm: found.lengthCm,
        widthCm: found.widthCm,
        heightCm: found.heightCm,
      }
    : null;
  return { workplaces, ready, scannedOrder, items, dimensions, container };
}
