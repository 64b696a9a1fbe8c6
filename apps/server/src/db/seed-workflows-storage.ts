import {
  DEMO_PLACING_RECIPIENTS,
  DEMO_STORAGE_SHIPMENT,
  DEMO_STORAGE_SUPPLY,
  clientKey,
} from './demo-workflows-data.js';
import type { Db } from './database.js';
import { DEMO_SORTING_CENTER } from './demo-data.js';
import { shipmentUnits } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { createSeedPickingRepository } from './seed-picking.repository.js';
import { seedWorkflowsTransitPicking } from './seed-workflows-transit-picking.js';
import { seedTransitLoading } from './seed-workflows-transit-loading.js';
import { seedWorkflowsPacking } from './seed-workflows-packing.js';
import { seedWorkflowsSkuPicking } from './seed-workflows-sku-picking.js';
import { seedWorkflowsReceipt } from './seed-workflows-receipt.js';

// The demo data of the guided workflows, part 2 (docs/DECISIONS.md "Guided workflows";
// docs/DEMO.md): the recipients whose parcels /parcels-placing puts into pick-up cells. Their
// parcels are made with the others (demo-data.ts DEMO_PARCELS); the supply /place-to-storage
// stores, with its parcels; the shipment /parcel-picking-in-storage picks, with its units.
// Existing rows are kept.

const SC_CODE = DEMO_SORTING_CENTER.code;

/** Older than the other demo documents: listed after them, newest first. */
function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

export async function seedWorkflowsStorage(
  db: Db,
  warehouseIds: Map<number, number>,
): Promise<void> {
  const warehouseId = warehouseIds.get(DEMO_SORTING_CENTER.number);
  if (warehouseId === undefined) throw new Error('demo sorting centre missing');
  await seedStorageSupply(db, warehouseId);
  await seedStorageShipment(db, warehouseId);
  await seedWorkflowsTransitPicking(db, warehouseId);
  await seedTransitLoading(db, warehouseId);
  await seedWorkflowsSkuPicking(db, warehouseId);
  await seedWorkflowsPacking(db, warehouseId);
  await seedWorkflowsReceipt(db, warehouseId);
  const repository = createSeedPickingRepository(db);
  const clientIds = await repository.insertClients(
    DEMO_PLACING_RECIPIENTS.map((recipient) => ({
      warehouseId,
      code: recipient.code,
      name: recipient.name,
      deliveryType: 'SELF',
      warehouseCodeFrom: SC_CODE,
      warehouseCodeTo: SC_CODE,
    })),
  );
  const parcelIds = await repository.findParcelIds(
    DEMO_PLACING_RECIPIENTS.flatMap((recipient) => recipient.parcels.map((p) => p.number)),
  );
  await repository.insertParcels(
    DEMO_PLACING_RECIPIENTS.flatMap((recipient) => {
      const clientId = clientIds.get(`${warehouseId}:${recipient.code}`);
      if (clientId === undefined) return [];
      return recipient.parcels.flatMap((parcel) => {
        const parcelId = parcelIds.get(parcel.number);
        return parcelId === undefined ? [] : [{ parcelId, clientId, isInReturnArea: false }];
      });
    }),
  );
}

/** IN-0101 arrived (state 5) with its parcels in no cell, keyed by its client. */
async function seedStorageSupply(db: Db, warehouseId: number): Promise<void> {
  const repository = createSeedInboundRepository(db);
  const supply = DEMO_STORAGE_SUPPLY;
  const ids = await repository.insertSupplies([
    {
      warehouseId,
      number: supply.code,
      senderName: supply.clientName,
      acceptanceBarcode: `.69.${supply.code}`,
      documentNumber: supply.documentNumber,
      state: 5,
      createdAt: daysAgo(5),
      arrivedAt: daysAgo(4),
    },
  ]);
  const inboundId = ids.get(supply.code);
  if (inboundId === undefined) return;
  await repository.insertDetails(
    supply.parcels.map((parcel) => ({
      warehouseId,
      number: parcel.number,
      name: parcel.name,
      sortingKey: clientKey(supply.clientName),
      sortingName: supply.clientName,
      inboundId,
      needsSticker: parcel.needsSticker,
      clientName: supply.clientName,
      detailName: parcel.name,
    })),
  );
}

/** OUT-0101, a parcels shipment in state 1, with a `waiting` unit per parcel. */
async function seedStorageShipment(db: Db, warehouseId: number): Promise<void> {
  const shipment = DEMO_STORAGE_SHIPMENT;
  const ids = await createSeedInboundRepository(db).insertShipments([
    {
      warehouseId,
      code: shipment.code,
      name: shipment.name,
      clientName: shipment.clientName,
      state: 1,
      kind: 'parcels',
      createdAt: daysAgo(5),
    },
  ]);
  const outboundId = ids.get(shipment.code);
  if (outboundId === undefined) return;
  const parcelIds = await createSeedPickingRepository(db).findParcelIds(
    shipment.parcels.map((parcel) => parcel.number),
  );
  const units = [...parcelIds.values()].map((parcelId) => ({ outboundId, parcelId }));
  if (units.length > 0) await db.insert(shipmentUnits).values(units).onConflictDoNothing();
}
