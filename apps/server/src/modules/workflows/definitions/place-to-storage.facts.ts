import type { SortingDoor } from '../../sorting/index.js';
import type { ScanFact } from '../scan-facts.js';
import type { RunState } from '../workflow-definition.js';
import type { WorkflowsRepository } from '../workflows.repository.js';
import type { PlaceToStorageData, PlaceToStorageFacts } from './place-to-storage.workflow.js';

/**
 * The facts of a place-to-storage step (docs/DECISIONS.md "Guided workflows"): the scanned or
 * held parcel's cell and supply (read again each step: its sticker may have been printed
 * meanwhile), the FAST cell suggested for its client, and a scanned cell's content.
 */
export async function loadPlaceToStorageFacts(
  ports: { door: SortingDoor; repository: WorkflowsRepository },
  state: RunState<PlaceToStorageData>,
  scan: ScanFact | null,
  warehouseId: number,
): Promise<PlaceToStorageFacts> {
  const { door } = ports;
  const parcel =
    scan?.kind === 'parcel'
      ? { id: scan.id, sortingKey: scan.sortingKey }
      : (state.data.parcel ?? null);
  if (!parcel) return { parcelCell: null, supply: null, suggested: null, cell: null };
  const row = await door.findParcelSupply(parcel.id);
  const supply = row && {
    state: row.inboundState,
    number: row.inboundNumber,
    needsSticker: row.needsSticker,
  };
  return {
    parcelCell: await door.findParcelCell(parcel.id),
    supply,
    suggested:
      scan === null ? await door.suggestCellForKey(warehouseId, 'FAST', parcel.sortingKey) : null,
    cell: scan?.kind === 'cell' ? await door.findCellContent(scan.id) : null,
  };
}
