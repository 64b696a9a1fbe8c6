import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StockItem } from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { parcels, shipmentUnits } from '../../db/schema.js';

// SQL of the goods' stock item fields (spec part 1 §3: parcelNumber, parcelName, maker, barcodes,
// receiptBarcode, isStickered, count, isNeedAttention) as picking by SKU reads them
// (docs/DECISIONS.md "Picking goods by SKU").

/** A parcel's stock item, with its attention message (the toast shows it). */
export interface ParcelStockRow extends StockItem {
  parcelId: number;
  attentionMessage: string | null;
}

export function createStockItemsRepository(db: Db) {
  return {
    /** The stock items of the parcels given, keyed by parcel id; parcels without a part number left out. */
    async stockOfParcels(parcelIds: readonly number[]): Promise<Map<number, ParcelStockRow>> {
      if (parcelIds.length === 0) return new Map();
      const rows = await db
        .select({
          parcelId: parcels.id,
          parcelNumber: parcels.detailNumber,
          parcelName: sql<string>`coalesce(${parcels.detailName}, ${parcels.name})`,
          maker: sql<string>`coalesce(${parcels.makeName}, '')`,
          // Qualified by hand: a one-table select renders its columns unqualified.
          barcodes: sql<string[]>`coalesce((select array_agg(pb.barcode order by pb.barcode)
            from parcel_barcodes pb where pb.parcel_id = "parcels"."id"), '{}')`,
          receiptBarcode: parcels.receiptBarcode,
          // Stickered: its own sticker printed, its inbound-detail label printed, or none needed.
          isStickered: sql<boolean>`(${parcels.stickerPrintedAt} is not null
            or ${parcels.detailStickeredAt} is not null or not ${parcels.needsSticker})`,
          count: parcels.quantity,
          attentionMessage: parcels.attentionMessage,
        })
        .from(parcels)
        .where(and(inArray(parcels.id, [...parcelIds]), isNotNull(parcels.detailNumber)));
      const stock = new Map<number, ParcelStockRow>();
      for (const row of rows) {
        if (row.parcelNumber === null) continue;
        stock.set(row.parcelId, {
          ...row,
          parcelNumber: row.parcelNumber,
          isNeedAttention: row.attentionMessage !== null,
        });
      }
      return stock;
    },

    /** Of the shipments given, those with at least one unit of goods with a part number. */
    async shipmentsWithPartNumbers(outboundIds: readonly number[]): Promise<Set<number>> {
      if (outboundIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: shipmentUnits.outboundId })
        .from(shipmentUnits)
        .innerJoin(parcels, eq(parcels.id, shipmentUnits.parcelId))
        .where(
          and(inArray(shipmentUnits.outboundId, [...outboundIds]), isNotNull(parcels.detailNumber)),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type StockItemsRepository = ReturnType<typeof createStockItemsRepository>;
