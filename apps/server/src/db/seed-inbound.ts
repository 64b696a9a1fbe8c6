import type { Db } from './database.js';
import {
  DEMO_SHIPMENTS,
  DEMO_SUPPLIES,
  demoSupplyAcceptanceBarcode,
  type DemoSupply,
  type DemoSupplyDetail,
} from './demo-inbound-data.js';
import { createSeedInboundRepository } from './seed-inbound.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo detail's parcel columns (its supply, warehouse and states set by the caller). */
export function supplyDetailRow(supply: DemoSupply, detail: DemoSupplyDetail, stickeredAt: Date) {
  return {
    number: detail.number,
    name: detail.name,
    sortingKey: 'SPB-01',
    sortingName: 'Санкт-Петербург',
    detailStickeredAt: detail.state === 3 ? stickeredAt : null,
    clientName: supply.senderName,
    makeName: detail.makeName,
    detailNumber: detail.detailNumber,
    detailName: detail.detailName,
    orderNumber: detail.orderNumber,
    quantity: detail.quantity,
  };
}

/**
 * The demo supplies with their details, papers and receipt place documents, and the demo
 * shipments (demo-inbound-data.ts). Idempotent: a supply or shipment already there keeps
 * its rows as they are (a re-seed never un-archives one).
 */
export async function seedInbound(
  db: Db,
  warehouseIds: Map<number, number>,
  seededAt = Date.now(),
): Promise<void> {
  const repository = createSeedInboundRepository(db);
  const daysAgo = (days: number) => new Date(seededAt - days * DAY_MS);
  const warehouseIdOf = (number: number): number => {
    const id = warehouseIds.get(number);
    if (id === undefined) throw new Error(`demo warehouse ${number} missing`);
    return id;
  };

  const supplyIds = await repository.insertSupplies(
    DEMO_SUPPLIES.map((supply) => ({
      warehouseId: warehouseIdOf(supply.warehouseNumber),
      number: supply.code,
      senderName: supply.senderName,
      acceptanceBarcode: demoSupplyAcceptanceBarcode(supply),
      documentNumber: supply.documentNumber,
      state: supply.state,
      createdAt: daysAgo(supply.createdDaysAgo),
      arrivedAt: supply.arrivedDaysAgo === null ? null : daysAgo(supply.arrivedDaysAgo),
      closedAt: supply.state === 3 ? daysAgo(Math.max(0, supply.createdDaysAgo - 1)) : null,
      needsStickering: supply.needsStickering,
      isStickeringDisabled: supply.isStickeringDisabled,
      isReceipted: supply.details.every((detail) => detail.state !== 1),
    })),
  );
  const known = await repository.existingParcels(
    DEMO_SUPPLIES.flatMap((supply) => supply.details.map((detail) => detail.number)),
  );
  for (const supply of DEMO_SUPPLIES) {
    const inboundId = supplyIds.get(supply.code);
    if (inboundId === undefined) continue;
    await repository.insertDetails(
      supply.details
        .filter((detail) => !known.has(detail.number))
        .map((detail) => ({
          ...supplyDetailRow(supply, detail, daysAgo(1)),
          warehouseId: warehouseIdOf(supply.warehouseNumber),
          inboundId,
          isReceipted: detail.state === 2 || detail.state === 3,
          isCancelled: detail.state === 4,
        })),
    );
    const hasReceiptPlace =
      supply.arrivedDaysAgo !== null && supply.needsStickering && !supply.isStickeringDisabled;
    await repository.insertDocuments([
      ...supply.papers.map((paper) => ({ inboundId, kind: paper.kind, number: paper.number })),
      ...(hasReceiptPlace
        ? [{ inboundId, kind: 'receipt-place', number: `RP-${supply.code}` }]
        : []),
    ]);
  }

  const shipmentIds = await repository.insertShipments(
    DEMO_SHIPMENTS.map((shipment) => ({
      warehouseId: warehouseIdOf(shipment.warehouseNumber),
      code: shipment.code,
      name: shipment.name,
      clientName: shipment.clientName,
      state: shipment.state,
      syncKey: shipment.syncKey,
      documents: [],
      createdAt: daysAgo(shipment.createdDaysAgo),
    })),
  );
  for (const shipment of DEMO_SHIPMENTS) {
    const outboundId = shipmentIds.get(shipment.code);
    if (outboundId === undefined) continue;
    await repository.insertShipmentDetails(
      shipment.details.map((detail) => ({ outboundId, ...detail })),
    );
  }
}
