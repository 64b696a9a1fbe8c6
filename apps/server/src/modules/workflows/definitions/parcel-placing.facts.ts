import type { SortingDoor } from '../../sorting/index.js';
import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowsRepository } from '../workflows.repository.js';
import {
  RECIPIENT_KEY_PREFIX,
  type ParcelPlacingData,
  type ParcelPlacingFacts,
} from './parcel-placing.workflow.js';

/**
 * The facts of a parcel placing step (docs/DECISIONS.md "Guided workflows"): where the scanned
 * or held parcel lies and the FAST cell suggested for its recipient; for a scanned cell, its
 * zone and what its open box holds.
 */
export async function loadParcelPlacingFacts(
  ports: { door: SortingDoor; repository: WorkflowsRepository },
  state: RunState<ParcelPlacingData>,
  scan: ScanFact | null,
  warehouseId: number,
): Promise<ParcelPlacingFacts> {
  const { door } = ports;
  const { recipient } = state.data;
  if (state.code === 'WaitWhat' && recipient && scan === null) {
    const key = `${RECIPIENT_KEY_PREFIX}${recipient.code}`;
    const parcels = await door.listDestinationParcels(warehouseId, key);
    return {
      parcelCell: null,
      suggested: await door.suggestCellForKey(warehouseId, 'FAST', key),
      cell: null,
      recipientParcels: parcels.filter((p) => p.cellName === null),
    };
  }
  const parcel =
    scan?.kind === 'parcel'
      ? { id: scan.id, sortingKey: scan.sortingKey }
      : (state.data.parcel ?? null);
  const parcelCell = parcel ? await door.findParcelCell(parcel.id) : null;
  // The suggestion is shown by WaitCell's view, read with no scan.
  const suggested =
    parcel && scan === null
      ? await door.suggestCellForKey(warehouseId, 'FAST', parcel.sortingKey)
      : null;
  const cell = scan?.kind === 'cell' ? await door.findCellContent(scan.id) : null;
  return { parcelCell, suggested, cell, recipientParcels: [] };
}
