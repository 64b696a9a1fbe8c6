import { inArray } from 'drizzle-orm';
import type { Db } from './database.js';
import { demoSupplyAcceptanceBarcode } from './demo-inbound-data.js';
import {
  DEMO_RECEIPT_GOODS,
  DEMO_RECEIPT_PLACES,
  DEMO_RECEIPT_SUPPLY,
} from './demo-receipt-data.js';
import { inboundPlaces, parcels } from './schema-sorting.js';
import { parcelBarcodes } from './schema-workflows.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';
import { supplyDetailRow } from './seed-inbound.js';

// The receipt of cargo's demo (demo-receipt-data.ts; docs/DEMO.md): supply IN-0201 with its
// details, places and factory barcodes. A supply already there keeps its rows as they are.

export async function seedWorkflowsReceipt(db: Db, warehouseId: number): Promise<void> {
  const supply = DEMO_RECEIPT_SUPPLY;
  const repository = createSeedInboundRepository(db);
  const added = await repository.insertSupplies([
    {
      warehouseId,
      number: supply.code,
      senderName: supply.senderName,
      acceptanceBarcode: demoSupplyAcceptanceBarcode(supply),
      documentNumber: supply.documentNumber,
      state: supply.state,
      createdAt: new Date(Date.now() - supply.createdDaysAgo * 24 * 60 * 60 * 1000),
      arrivedAt: null,
      closedAt: null,
      needsStickering: supply.needsStickering,
      isStickeringDisabled: supply.isStickeringDisabled,
      isReceipted: false,
    },
  ]);
  const inboundId = added.get(supply.code);
  if (inboundId === undefined) return;
  await repository.insertDocuments(
    supply.papers.map((paper) => ({ inboundId, kind: paper.kind, number: paper.number })),
  );
  const places = await db
    .insert(inboundPlaces)
    .values(
      DEMO_RECEIPT_PLACES.map((place) => ({
        inboundId,
        barcode: place.barcode,
        ...(place.measures ?? {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: inboundPlaces.id, barcode: inboundPlaces.barcode });
  const placeOf = (number: string) => {
    const place = DEMO_RECEIPT_PLACES.find((p) => p.details.includes(number));
    return places.find((row) => row.barcode === place?.barcode)?.id ?? null;
  };
  const goodsOf = (number: string) => DEMO_RECEIPT_GOODS.find((g) => g.number === number);
  await repository.insertDetails(
    supply.details.map((detail) => ({
      ...supplyDetailRow(supply, detail, new Date()),
      warehouseId,
      inboundId,
      inboundPlaceId: placeOf(detail.number),
      attentionMessage: goodsOf(detail.number)?.attentionMessage ?? null,
    })),
  );
  const ids = await db
    .select({ id: parcels.id, number: parcels.number })
    .from(parcels)
    .where(
      inArray(
        parcels.number,
        DEMO_RECEIPT_GOODS.map((g) => g.number),
      ),
    );
  const rows = DEMO_RECEIPT_GOODS.flatMap((goods) => {
    const parcelId = ids.find((row) => row.number === goods.number)?.id;
    return parcelId === undefined ? [] : goods.barcodes.map((barcode) => ({ parcelId, barcode }));
  });
  if (rows.length > 0) await db.insert(parcelBarcodes).values(rows).onConflictDoNothing();
}
