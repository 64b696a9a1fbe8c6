import { formatCellBarcode } from '@sorting/domain';
import type { Db } from './database.js';
import {
  DEMO_TRANSIT_DESTINATION,
  DEMO_TRANSIT_SHIPMENTS,
  DEMO_TRANSIT_ZONE_NUMBER,
  demoTransitBoxBarcode,
} from './demo-transit-picking-data.js';
import { DEMO_SORTING_CENTER } from './demo-data.js';
import { shipmentUnits } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { createSeedSortingRepository } from './seed-sorting.repository.js';

// The demo data of boxes transit picking (demo-transit-picking-data.ts; docs/DEMO.md): the
// closed boxes in their TRANSIT cells with their parcels, the transit shipments in state 1
// with a `waiting` unit per box. Existing rows are kept.

const SC = DEMO_SORTING_CENTER.number;

/** Older than the other demo documents: listed after them, newest first. */
function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

export async function seedWorkflowsTransitPicking(db: Db, warehouseId: number): Promise<void> {
  const sorting = createSeedSortingRepository(db);
  const boxes = DEMO_TRANSIT_SHIPMENTS.flatMap((shipment) => shipment.boxes);
  const cellBarcodes = boxes.map((box) =>
    formatCellBarcode({ warehouseNumber: SC, zoneNumber: DEMO_TRANSIT_ZONE_NUMBER, ...box }),
  );
  const cellIds = await sorting.findCellIds(cellBarcodes);
  const added = await sorting.insertBoxes(
    boxes.map((box, index) => ({
      warehouseId,
      number: box.number,
      barcode: demoTransitBoxBarcode(box),
      cellId: cellIds.get(cellBarcodes[index] ?? '') ?? null,
      sortingKey: DEMO_TRANSIT_DESTINATION.key,
      isClosed: true,
    })),
  );
  if (added > 0) {
    await sorting.markCellsHoldingBoxes([...cellIds.values()]);
    await sorting.raiseLastBoxNumber(Math.max(...boxes.map((box) => box.number)));
  }
  const boxIds = await sorting.findBoxIds(boxes.map(demoTransitBoxBarcode));
  await sorting.insertParcels(
    boxes.flatMap((box) =>
      box.parcels.map((parcel) => ({
        warehouseId,
        number: parcel.number,
        name: parcel.name,
        sortingKey: DEMO_TRANSIT_DESTINATION.key,
        sortingName: DEMO_TRANSIT_DESTINATION.name,
        boxId: boxIds.get(demoTransitBoxBarcode(box)) ?? null,
        isReceipted: true,
        clientName: 'ООО «Север-Авто»',
        detailName: parcel.name,
      })),
    ),
  );
  const ids = await createSeedInboundRepository(db).insertShipments(
    DEMO_TRANSIT_SHIPMENTS.map((shipment) => ({
      warehouseId,
      code: shipment.code,
      name: shipment.name,
      clientName: shipment.clientName,
      state: 1,
      kind: 'transit' as const,
      createdAt: daysAgo(5),
    })),
  );
  const units = DEMO_TRANSIT_SHIPMENTS.flatMap((shipment) => {
    const outboundId = ids.get(shipment.code);
    if (outboundId === undefined) return [];
    return shipment.boxes.flatMap((box) => {
      const boxId = boxIds.get(demoTransitBoxBarcode(box));
      return boxId === undefined ? [] : [{ outboundId, boxId }];
    });
  });
  if (units.length > 0) await db.insert(shipmentUnits).values(units).onConflictDoNothing();
}
