import { and, eq, sql } from 'drizzle-orm';
import type { TDeliveryState } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { deliveries, deliveryItems } from '../../db/schema-delivery.js';
import { pickings } from '../../db/schema-picking.js';
import { rowsOf, textOrNull } from '../../db/raw-rows.js';
import { createEventRecorder } from '../../db/events.js';

// SQL of delivery to a recipient (spec part 2 §3 "Delivery", §7 "Delivery";
// docs/DECISIONS.md "Delivery to a recipient").

/** An open or closed picking with its recipient, as the delivery calls lock it. */
export interface DeliveryPickingRow {
  id: number;
  warehouseId: number;
  state: 'OPEN' | 'PROCESSED' | 'CANCELLED';
  userId: number;
  userName: string;
  clientCode: string;
  clientName: string;
  deliveryType: string;
  warehouseCodeFrom: string | null;
  warehouseCodeTo: string | null;
}

export interface DeliveryRow {
  id: number;
  warehouseId: number;
  pickingId: number;
  state: TDeliveryState;
  warehouseCodeFrom: string;
  warehouseCodeTo: string;
  addressFrom: string;
  addressTo: string;
  sendDate: string;
  recipientCode: string;
  recipientName: string;
}

export interface DeliveryItemRow {
  id: number;
  deliveryId: number;
  positionNumber: number;
  barcode: string;
  description: string;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  weightGrams: number | null;
}

/** A package barcode `DLV<deliveryId>-<nn>` (a parcel by part 1 §4 recognition). */
export function packageBarcode(deliveryId: number, position: number): string {
  return `DLV${deliveryId}-${String(position).padStart(2, '0')}`;
}

const DELIVERY_COLUMNS = {
  id: deliveries.id,
  warehouseId: deliveries.warehouseId,
  pickingId: deliveries.pickingId,
  state: deliveries.state,
  warehouseCodeFrom: deliveries.warehouseCodeFrom,
  warehouseCodeTo: deliveries.warehouseCodeTo,
  addressFrom: deliveries.addressFrom,
  addressTo: deliveries.addressTo,
  sendDate: deliveries.sendDate,
  recipientCode: deliveries.recipientCode,
  recipientName: deliveries.recipientName,
};

const ITEM_COLUMNS = {
  id: deliveryItems.id,
  deliveryId: deliveryItems.deliveryId,
  positionNumber: deliveryItems.positionNumber,
  barcode: deliveryItems.barcode,
  description: deliveryItems.description,
  heightCm: deliveryItems.heightCm,
  widthCm: deliveryItems.widthCm,
  lengthCm: deliveryItems.lengthCm,
  weightGrams: deliveryItems.weightGrams,
};

export function createDeliveryRepository(db: Db) {
  return {
    /** Spec part 2 §4 tariff rule: the tariffs of a warehouse pair, cheapest first. */
    async listTariffs(
      from: string,
      to: string,
    ): Promise<{ tariffCode: string; name: string; kopecks: number; days: number }[]> {
      const result = await db.execute(sql`
        select tariff_code, name, price_kopecks::float8 as kopecks, days
        from delivery_tariffs
        where warehouse_code_from = ${from} and warehouse_code_to = ${to}
        order by price_kopecks, tariff_code`);
      return rowsOf(result).map((row) => ({
        tariffCode: String(row.tariff_code),
        name: String(row.name),
        kopecks: Number(row.kopecks),
        days: Number(row.days),
      }));
    },

    /**
     * A picking of the warehouse numbered `warehouseNumber` with its recipient, locked for the
     * change; another warehouse's is not found (its row not locked).
     */
    async lockPicking(id: number, warehouseNumber: number): Promise<DeliveryPickingRow | null> {
      const result = await db.execute(sql`
        select pk.id, pk.warehouse_id, pk.state, pk.user_id, u.name as user_name,
          c.code, c.name, c.delivery_type, c.warehouse_code_from, c.warehouse_code_to
        from pickings as pk
          inner join warehouses as w on w.id = pk.warehouse_id
          inner join picking_clients as c on c.id = pk.client_id
          inner join users as u on u.id = pk.user_id
        where pk.id = ${id} and w.number = ${warehouseNumber}
        for update of pk`);
      const row = rowsOf(result)[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        warehouseId: Number(row.warehouse_id),
        state: row.state as DeliveryPickingRow['state'],
        userId: Number(row.user_id),
        userName: String(row.user_name),
        clientCode: String(row.code),
        clientName: String(row.name),
        deliveryType: String(row.delivery_type),
        warehouseCodeFrom: textOrNull(row.warehouse_code_from),
        warehouseCodeTo: textOrNull(row.warehouse_code_to),
      };
    },

    /** The picking's delivery that is not cancelled (one at most). */
    async findLiveDelivery(pickingId: number): Promise<DeliveryRow | null> {
      const rows = await db
        .select(DELIVERY_COLUMNS)
        .from(deliveries)
        .where(and(eq(deliveries.pickingId, pickingId), sql`${deliveries.state} <> 'CANCELLED'`))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A delivery of the warehouse numbered `warehouseNumber`, locked when asked. */
    async findDelivery(
      id: number,
      warehouseNumber: number,
      lock: boolean,
    ): Promise<DeliveryRow | null> {
      const result = await db.execute(sql`
        select d.id from deliveries as d
          inner join warehouses as w on w.id = d.warehouse_id
        where d.id = ${id} and w.number = ${warehouseNumber}
        ${lock ? sql`for update of d` : sql``}`);
      if (rowsOf(result).length === 0) return null;
      const rows = await db.select(DELIVERY_COLUMNS).from(deliveries).where(eq(deliveries.id, id));
      return rows[0] ?? null;
    },

    async insertDelivery(values: typeof deliveries.$inferInsert): Promise<number> {
      const [row] = await db.insert(deliveries).values(values).returning({ id: deliveries.id });
      if (!row) throw new Error('delivery insert returned nothing');
      return row.id;
    },

    /** Packages 1…count: `DLV<id>-<nn>`, «Место n из N». */
    async insertItems(deliveryId: number, count: number): Promise<void> {
      const rows = Array.from({ length: count }, (_, index) => ({
        deliveryId,
        positionNumber: index + 1,
        barcode: packageBarcode(deliveryId, index + 1),
        description: `Место ${index + 1} из ${count}`,
      }));
      await db.insert(deliveryItems).values(rows);
    },

    /** The picking's delivery id (info's Pickings[].DeliveryId); null unlinks it. */
    async linkPicking(pickingId: number, deliveryId: number | null): Promise<void> {
      await db.update(pickings).set({ deliveryId }).where(eq(pickings.id, pickingId));
    },

    async listItems(deliveryId: number): Promise<DeliveryItemRow[]> {
      return db
        .select(ITEM_COLUMNS)
        .from(deliveryItems)
        .where(eq(deliveryItems.deliveryId, deliveryId))
        .orderBy(deliveryItems.positionNumber);
    },

    /** A package of a delivery, null when the delivery has no such package. */
    async findItem(deliveryId: number, itemId: number): Promise<DeliveryItemRow | null> {
      const rows = await db
        .select(ITEM_COLUMNS)
        .from(deliveryItems)
        .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.deliveryId, deliveryId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async measureItem(
      deliveryId: number,
      itemId: number,
      measure: { heightCm: number; widthCm: number; lengthCm: number; weightGrams: number },
      at: Date,
    ): Promise<DeliveryItemRow | null> {
      const rows = await db
        .update(deliveryItems)
        .set({ ...measure, measuredAt: at })
        .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.deliveryId, deliveryId)))
        .returning(ITEM_COLUMNS);
      return rows[0] ?? null;
    },

    async setState(deliveryId: number, state: TDeliveryState, at: Date): Promise<void> {
      await db
        .update(deliveries)
        .set(state === 'FINISHED' ? { state, finishedAt: at } : { state, closedAt: at })
        .where(eq(deliveries.id, deliveryId));
    },

    /** The barcodes of the picking's parcels still in it (WAITING or PICKED). */
    async pickingParcels(pickingId: number): Promise<string[]> {
      const result = await db.execute(sql`
        select p.number from picking_items as pi
          inner join parcels as p on p.id = pi.parcel_id
        where pi.picking_id = ${pickingId} and pi.state in ('WAITING', 'PICKED')
        order by p.number`);
      return rowsOf(result).map((row) => String(row.number));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
