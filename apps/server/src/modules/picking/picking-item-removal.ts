import type { RecordedEvent } from '../../db/events.js';
import type { ItemCandidate, ItemRemoval, PickingRow } from './picking.repository.js';

// An item taken off an open picking: lost (`lost`) or returned (`return`).
// Both write the item's mark row and an event indexed under the parcel, its box and its cell,
// with the same who, when and device time (docs/DECISIONS.md "Picking validation",
// "Picking payment").

/** The item's removal as its mark row takes it: the device's time as the body gave it. */
export function itemRemovalOf(
  picking: Pick<PickingRow, 'id'>,
  item: ItemCandidate,
  userId: number,
  at: Date,
  deviceTime: string,
): ItemRemoval {
  return {
    itemId: item.itemId,
    pickingId: picking.id,
    parcelId: item.parcelId,
    at,
    userId,
    deviceAt: new Date(deviceTime),
  };
}

/** The removal's event: the picking, client and parcel, then `details`, then the device time. */
export function itemRemovalEvent(
  picking: Pick<PickingRow, 'id' | 'warehouseId' | 'clientCode'>,
  item: ItemCandidate,
  removal: ItemRemoval,
  kind: string,
  details: Record<string, unknown>,
  deviceTime: string,
): RecordedEvent {
  return [
    { at: removal.at, userId: removal.userId, warehouseId: picking.warehouseId },
    kind,
    {
      pickingId: picking.id,
      clientCode: picking.clientCode,
      parcelNumber: item.barcode,
      cellName: item.cellName,
      ...details,
      deviceTime,
    },
    [item.barcode, item.boxBarcode, item.cellBarcode],
  ];
}
