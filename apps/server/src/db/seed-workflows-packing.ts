import type { Db } from './database.js';
import { DEMO_PACKING_ORDER } from './demo-packing-data.js';
import { parcelBarcodes, shipmentUnits } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { createSeedPickingRepository } from './seed-picking.repository.js';
import { createSeedSortingRepository } from './seed-sorting.repository.js';

// The demo data of packing (demo-packing-data.ts; docs/DEMO.md): the parts of order ORD-0301 in no
// box with their factory barcodes, and the parcels shipment OUT-0301 (state 2) that picked them,
// each unit `picked`. Existing rows are kept.

export async function seedWorkflowsPacking(db: Db, warehouseId: number): Promise<void> {
  const order = DEMO_PACKING_ORDER;
  const key = `client:${order.clientName}`;
  await createSeedSortingRepository(db).insertParcels(
    order.items.map((item) => ({
      warehouseId,
      number: item.number,
      name: item.name,
      sortingKey: key,
      sortingName: order.clientName,
      boxId: null,
      isReceipted: true,
      clientName: order.clientName,
      makeName: item.maker,
      detailNumber: item.partNumber,
      detailName: item.name,
      quantity: 1,
      orderNumber: order.orderNumber,
    })),
  );
  const parcelIds = await createSeedPickingRepository(db).findParcelIds(
    order.items.map((item) => item.number),
  );
  const barcodes = order.items.flatMap((item) => {
    const parcelId = parcelIds.get(item.number);
    return parcelId === undefined ? [] : item.barcodes.map((barcode) => ({ parcelId, barcode }));
  });
  if (barcodes.length > 0) await db.insert(parcelBarcodes).values(barcodes).onConflictDoNothing();
  const ids = await createSeedInboundRepository(db).insertShipments([
    {
      warehouseId,
      code: order.shipmentCode,
      name: order.shipmentName,
      clientName: order.clientName,
      state: 2,
      kind: 'parcels',
      // A week and a day old: out of the last-days lists other demos are checked against.
      createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    },
  ]);
  const outboundId = ids.get(order.shipmentCode);
  if (outboundId === undefined) return;
  const units = [...parcelIds.values()].map((parcelId) => ({
    outboundId,
    parcelId,
    state: 'picked' as const,
  }));
  if (units.length > 0) await db.insert(shipmentUnits).values(units).onConflictDoNothing();
}
