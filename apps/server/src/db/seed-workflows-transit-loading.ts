import { formatBoxBarcode } from '@sorting/domain';
import type { Db } from './database.js';
import {
  DEMO_LOADING_BOX_KEY,
  DEMO_LOADING_SHIPMENTS,
  DEMO_LOADING_WAREHOUSE_NUMBER,
} from './demo-transit-loading-data.js';
import { shipmentUnits } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { createSeedSortingRepository } from './seed-sorting.repository.js';

// The demo data of the transit loading workflows (demo-transit-loading-data.ts; docs/DEMO.md):
// OUT-0103 and OUT-0104 in state 2 with their closed boxes in no cell and `picked` units (the
// pallets are seeded with the other returnable boxes). Existing rows are kept.

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

export async function seedTransitLoading(db: Db, warehouseId: number): Promise<void> {
  const sorting = createSeedSortingRepository(db);
  const barcodeOf = (number: number) => formatBoxBarcode(DEMO_LOADING_WAREHOUSE_NUMBER, number);
  const numbers = DEMO_LOADING_SHIPMENTS.flatMap((shipment) => shipment.boxNumbers);
  await sorting.insertBoxes(
    numbers.map((number) => ({
      warehouseId,
      number,
      barcode: barcodeOf(number),
      cellId: null,
      sortingKey: DEMO_LOADING_BOX_KEY,
      isClosed: true,
    })),
  );
  // Boxes made later by boxes/create take numbers after these.
  await sorting.raiseLastBoxNumber(Math.max(...numbers));
  const boxIds = await sorting.findBoxIds(numbers.map(barcodeOf));
  const outboundIds = await createSeedInboundRepository(db).insertShipments(
    DEMO_LOADING_SHIPMENTS.map((shipment) => ({
      warehouseId,
      code: shipment.code,
      name: shipment.name,
      clientName: shipment.clientName,
      state: 2,
      kind: 'transit' as const,
      createdAt: daysAgo(3),
    })),
  );
  const units = DEMO_LOADING_SHIPMENTS.flatMap((shipment) => {
    const outboundId = outboundIds.get(shipment.code);
    if (outboundId === undefined) return [];
    return shipment.boxNumbers.flatMap((number) => {
      const boxId = boxIds.get(barcodeOf(number));
      return boxId === undefined ? [] : [{ outboundId, boxId, state: 'picked' as const }];
    });
  });
  if (units.length > 0) await db.insert(shipmentUnits).values(units).onConflictDoNothing();
}
