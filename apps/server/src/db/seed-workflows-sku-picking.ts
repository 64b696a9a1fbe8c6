import { formatCellBarcode } from '@sorting/domain';
import type { Db } from './database.js';
import { DEMO_SORTING_CENTER } from './demo-data.js';
import {
  DEMO_SKU_SHIPMENT,
  DEMO_SKU_ZONE_NUMBER,
  demoSkuBoxBarcode,
} from './demo-sku-picking-data.js';
import { parcelBarcodes, shipmentUnits } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { createSeedPickingRepository } from './seed-picking.repository.js';
import { createSeedSortingRepository } from './seed-sorting.repository.js';

// The demo data of picking goods by SKU (demo-sku-picking-data.ts; docs/DEMO.md): the open boxes
// in their FAST cells with the auto parts and their factory barcodes, the parcels shipment
// OUT-0201 in state 1 with a `waiting` unit per part. Existing rows are kept.

const SC = DEMO_SORTING_CENTER.number;

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

export async function seedWorkflowsSkuPicking(db: Db, warehouseId: number): Promise<void> {
  const sorting = createSeedSortingRepository(db);
  const shipment = DEMO_SKU_SHIPMENT;
  const key = `client:${shipment.clientName}`;
  const cellBarcodes = shipment.boxes.map((box) =>
    formatCellBarcode({ warehouseNumber: SC, zoneNumber: DEMO_SKU_ZONE_NUMBER, ...box }),
  );
  const cellIds = await sorting.findCellIds(cellBarcodes);
  const added = await sorting.insertBoxes(
    shipment.boxes.map((box, index) => ({
      warehouseId,
      number: box.number,
      barcode: demoSkuBoxBarcode(box),
      cellId: cellIds.get(cellBarcodes[index] ?? '') ?? null,
      sortingKey: key,
      isClosed: false,
    })),
  );
  if (added > 0) {
    await sorting.markCellsHoldingBoxes([...cellIds.values()]);
    await sorting.raiseLastBoxNumber(Math.max(...shipment.boxes.map((box) => box.number)));
  }
  const boxIds = await sorting.findBoxIds(shipment.boxes.map(demoSkuBoxBarcode));
  const parts = shipment.boxes.flatMap((box) => box.parts.map((part) => ({ box, part })));
  await sorting.insertParcels(
    parts.map(({ box, part }) => ({
      warehouseId,
      number: part.number,
      name: part.name,
      sortingKey: key,
      sortingName: shipment.clientName,
      boxId: boxIds.get(demoSkuBoxBarcode(box)) ?? null,
      isReceipted: true,
      needsSticker: part.needsSticker,
      attentionMessage: part.attentionMessage,
      clientName: shipment.clientName,
      makeName: part.maker,
      detailNumber: part.partNumber,
      detailName: part.name,
      quantity: part.quantity,
    })),
  );
  const parcelIds = await createSeedPickingRepository(db).findParcelIds(
    parts.map(({ part }) => part.number),
  );
  const barcodes = parts.flatMap(({ part }) => {
    const parcelId = parcelIds.get(part.number);
    return parcelId === undefined ? [] : part.barcodes.map((barcode) => ({ parcelId, barcode }));
  });
  if (barcodes.length > 0) await db.insert(parcelBarcodes).values(barcodes).onConflictDoNothing();
  const ids = await createSeedInboundRepository(db).insertShipments([
    {
      warehouseId,
      code: shipment.code,
      name: shipment.name,
      clientName: shipment.clientName,
      state: 1,
      kind: 'parcels',
      createdAt: daysAgo(4),
    },
  ]);
  const outboundId = ids.get(shipment.code);
  if (outboundId === undefined) return;
  const units = [...parcelIds.values()].map((parcelId) => ({ outboundId, parcelId }));
  if (units.length > 0) await db.insert(shipmentUnits).values(units).onConflictDoNothing();
}
