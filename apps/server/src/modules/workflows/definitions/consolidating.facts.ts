import type { SortingDoor } from '../../sorting/index.js';
import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowsRepository } from '../workflows.repository.js';
import type {
  ConsolidatingData,
  ConsolidatingFacts,
  ConsolidationFact,
} from './consolidating.workflow.js';

/**
 * The facts of a consolidation step (docs/DECISIONS.md "Guided workflows"): for a parcel scanned
 * in WaitWhat the active consolidation of its destination, else the run's own (read again: it
 * may have been completed or unpacked meanwhile), with the destination's parcels.
 */
export async function loadConsolidatingFacts(
  ports: { door: SortingDoor; repository: WorkflowsRepository },
  state: RunState<ConsolidatingData>,
  scan: ScanFact | null,
  warehouseId: number,
): Promise<ConsolidatingFacts> {
  const { door, repository } = ports;
  const row =
    state.code === 'WaitWhat' && scan?.kind === 'parcel'
      ? await repository.findActiveConsolidation(warehouseId, scan.sortingKey)
      : state.data.consolidation
        ? await repository.findConsolidationById(state.data.consolidation.id)
        : null;
  if (!row) return { consolidation: null, parcels: [] };
  const cell = await door.findCellLabel(row.cellId);
  const box = await door.findBoxById(row.boxId);
  const consolidation: ConsolidationFact = {
    id: row.id,
    cellId: row.cellId,
    cellBarcode: cell?.barcode ?? '',
    cellName: cell?.name ?? '',
    boxId: row.boxId,
    boxBarcode: box?.barcode ?? '',
    destinationKey: row.destinationKey,
    destinationName: row.destinationName,
  };
  const parcels = await door.listDestinationParcels(warehouseId, row.destinationKey);
  return { consolidation, parcels };
}
