import type { TWorkflowItem } from '@sorting/contracts';
import type { MessageKey } from '../../../i18n/messages.js';
import type { CellFact } from '../scan-facts.js';
import {
  accept,
  refuse,
  type RunState,
  type Transition,
  type WorkflowFacts,
} from '../workflow-definition.js';

// A parcel into a cell of the warehouse's FAST zones (docs/DECISIONS.md "Guided workflows",
// FAST zones as pick-up and storage cells): shared by parcel placing and place to storage.

/** A cell as the facts name it. */
export interface PlacingCell {
  id: number;
  name: string;
  barcode: string;
}

/** A scanned cell's zone type and its open box's key and parcels. */
export interface CellContent {
  zoneType: string;
  boxKey: string | null;
  parcelsCount: number;
}

/**
 * The parcel moved into the scanned cell by sorting's move (its box keyed by the parcel's key),
 * then `next`; a cell of another warehouse, outside the FAST zones, or holding another key's
 * parcels (`otherKey` names that) is refused. `facts.own.cell` is the scanned cell's content,
 * as both workflows' facts loaders read it.
 */
export function intoFastCell<D>(
  parcel: { id: number; barcode: string; sortingKey: string },
  scan: CellFact,
  facts: WorkflowFacts<{ cell: CellContent | null }>,
  next: RunState<D>,
  otherKey: MessageKey,
): Transition<D> {
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('cellOfOtherWarehouse', { barcode: scan.barcode }, 'repeatedFailure');
  }
  const content = facts.own.cell;
  if (content?.zoneType !== 'FAST') return refuse('workflowCellNotPickUp', { cell: scan.name });
  if (content.boxKey !== null && content.boxKey !== parcel.sortingKey && content.parcelsCount > 0) {
    return refuse(otherKey, { cell: scan.name });
  }
  return accept(next, {
    effects: [{ kind: 'moveParcelToCell', parcelId: parcel.id, cellId: scan.id }],
    sounds: ['success-small'],
    notification: {
      status: 'success',
      key: 'workflowParcelPlaced',
      params: { parcel: parcel.barcode, cell: scan.name },
    },
  });
}

/** The parcel a placing step holds, as the one item of its list. */
export function heldParcelItem(
  parcel: { id: number; barcode: string; name: string },
  subtitle: string | null,
  location: string | null,
): TWorkflowItem {
  return {
    itemId: String(parcel.id),
    kind: 'parcel',
    barcode: parcel.barcode,
    title: parcel.name,
    subtitle,
    location,
    quantity: 1,
    doneQuantity: 0,
    state: 'waiting',
    isCurrent: true,
  };
}
