import { findItemCandidate, type ItemCandidate, type ItemRemoval } from './picking.repository.js';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  TPaymentCancelReason,
  TPaymentProviderCode,
  TPaymentState,
  TPaymentTypeCode,
  TPickingReturnReasonCode,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { warehouses } from '../../db/schema-base.js';
import { pickingClients, pickings } from '../../db/schema-picking.js';
import { pickingPayments, pickingReturns } from '../../db/schema-picking-payment.js';
import { rowsOf } from '../../db/raw-rows.js';

// SQL of picking payment and item return (docs/DECISIONS.md "Picking payment"): a
// picking's payments (at most one PENDING or PROCESSED, a partial unique index), the amount
// the PICKED items owe, and the return of an item to the returns area.

export type PaymentRow = typeof pickingPayments.$inferSelect;

/** The states a payment is live in: it holds the picked list (docs/DECISIONS.md "Picking payment"). */
export const LIVE_PAYMENT_STATES = ['PENDING', 'PROCESSED'] as const;

/** A picking item as `return` judges it, with its picking, parcel and where that lies. */
export type ReturnCandidate = ItemCandidate;

export function createPickingPaymentRepository(db: Db) {
  return {
    /**
     * A picking of a warehouse (by number) with its latest payment, in one statement (the
     * payment's state is polled once a second per device); null when the picking is unknown.
     */
    async findWithLatest(
      pickingId: number,
      warehouseNumber: number,
    ): Promise<{
      picking: { id: number; warehouseId: number; clientCode: string; userId: number };
      payment: PaymentRow | null;
    } | null> {
      const rows = await db
        .select({
          picking: {
            id: pickings.id,
            warehouseId: pickings.warehouseId,
            clientCode: pickingClients.code,
            userId: pickings.userId,
          },
          payment: pickingPayments,
        })
        .from(pickings)
        .innerJoin(warehouses, eq(warehouses.id, pickings.warehouseId))
        .innerJoin(pickingClients, eq(pickingClients.id, pickings.clientId))
        .leftJoin(
          pickingPayments,
          and(
            eq(pickingPayments.pickingId, pickings.id),
            sql`${pickingPayments.id} = (select max(id) from picking_payments
              where picking_id = ${pickings.id})`,
          ),
        )
        .where(and(eq(pickings.id, pickingId), eq(warehouses.number, warehouseNumber)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A payment by id; `lock` locks its row. */
    async findById(id: number, lock = false): Promise<PaymentRow | null> {
      const query = db.select().from(pickingPayments).where(eq(pickingPayments.id, id)).limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /**
     * Terminal payment intents left without their transaction: PENDING, `terminal`, no
     * transaction id (a start that never answered: docs/DECISIONS.md "Picking payment").
     */
    async listUnstartedIntents(): Promise<PaymentRow[]> {
      return db
        .select()
        .from(pickingPayments)
        .where(
          and(
            eq(pickingPayments.state, 'PENDING'),
            eq(pickingPayments.providerCode, 'terminal'),
            isNull(pickingPayments.transactionId),
          ),
        )
        .orderBy(pickingPayments.id);
    },

    /** The picking a payment's events name (its warehouse, client and worker). */
    async findPicking(
      pickingId: number,
    ): Promise<{ id: number; warehouseId: number; clientCode: string; userId: number } | null> {
      const rows = await db
        .select({
          id: pickings.id,
          warehouseId: pickings.warehouseId,
          clientCode: pickingClients.code,
          userId: pickings.userId,
        })
        .from(pickings)
        .innerJoin(pickingClients, eq(pickingClients.id, pickings.clientId))
        .where(eq(pickings.id, pickingId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The picking's latest payment; `lock` locks its row (a change of its state). */
    async findLatest(pickingId: number, lock = false): Promise<PaymentRow | null> {
      const query = db
        .select()
        .from(pickingPayments)
        .where(eq(pickingPayments.pickingId, pickingId))
        .orderBy(desc(pickingPayments.id))
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /** The picking's PENDING or PROCESSED payment, if any. */
    async findLive(pickingId: number): Promise<PaymentRow | null> {
      const rows = await db
        .select()
        .from(pickingPayments)
        .where(
          and(
            eq(pickingPayments.pickingId, pickingId),
            inArray(pickingPayments.state, [...LIVE_PAYMENT_STATES]),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(values: {
      pickingId: number;
      paymentType: TPaymentTypeCode;
      providerCode: TPaymentProviderCode;
      amountKopecks: number;
      userId: number;
      startedAt: Date;
      deviceStartedAt: Date | null;
    }): Promise<PaymentRow> {
      const [row] = await db.insert(pickingPayments).values(values).returning();
      if (!row) throw new Error('picking payment insert returned nothing');
      return row;
    },

    async setTransaction(id: number, transactionId: string): Promise<PaymentRow> {
      const [row] = await db
        .update(pickingPayments)
        .set({ transactionId })
        .where(eq(pickingPayments.id, id))
        .returning();
      if (!row) throw new Error(`picking payment ${id} vanished`);
      return row;
    },

    /** A payment PROCESSED or CANCELLED (with its reason), by whom (null: the terminal). */
    async setState(
      id: number,
      change: {
        state: Exclude<TPaymentState, 'PENDING'>;
        at: Date;
        by: number | null;
        cancelReason?: TPaymentCancelReason;
      },
    ): Promise<PaymentRow> {
      const [row] = await db
        .update(pickingPayments)
        .set(
          change.state === 'PROCESSED'
            ? { state: 'PROCESSED', processedAt: change.at, changedBy: change.by }
            : {
                state: 'CANCELLED',
                cancelledAt: change.at,
                cancelReason: change.cancelReason ?? 'cancelled',
                changedBy: change.by,
              },
        )
        .where(eq(pickingPayments.id, id))
        .returning();
      if (!row) throw new Error(`picking payment ${id} vanished`);
      return row;
    },

    async bind(id: number, at: Date): Promise<void> {
      await db.update(pickingPayments).set({ boundAt: at }).where(eq(pickingPayments.id, id));
    },

    /** The kopecks the PICKED items of a picking owe, and their barcodes. */
    async pickedAmount(pickingId: number): Promise<{ kopecks: number; barcodes: string[] }> {
      const rows = rowsOf(
        await db.execute(sql`
          select p.number, coalesce(pp.cash_on_delivery_kopecks, 0)::float8 as cod
          from picking_items as pi
            inner join parcels as p on p.id = pi.parcel_id
            left join picking_parcels as pp on pp.parcel_id = pi.parcel_id
          where pi.picking_id = ${pickingId} and pi.state = 'PICKED'
          order by p.number`),
      );
      return {
        kopecks: rows.reduce((sum, row) => sum + Number(row.cod), 0),
        barcodes: rows.map((row) => String(row.number)),
      };
    },

    /** A picking item with its parcel and where it lies (`findItemCandidate`). */
    findItem: (itemId: number, lock: boolean) => findItemCandidate(db, itemId, lock),

    /**
     * The item RETURNED with its reason; its parcel goes to the returns area: out of its box
     * (a new version, so a stale sorting move is refused), no longer held by the picking.
     */
    async markReturned(
      returned: ItemRemoval & {
        fromState: string;
        reasonCode: TPickingReturnReasonCode;
        comment: string;
      },
    ): Promise<void> {
      await db.execute(sql`
        with item as (
          update picking_items set state = 'RETURNED' where id = ${returned.itemId}
        ), moved as (
          update parcels set box_id = null, version = version + 1, updated_at = now()
          where id = ${returned.parcelId}
        ), area as (
          update picking_parcels set is_in_return_area = true, hold = null
          where parcel_id = ${returned.parcelId}
        )
        select 1`);
      await db.insert(pickingReturns).values({
        itemId: returned.itemId,
        pickingId: returned.pickingId,
        parcelId: returned.parcelId,
        reasonCode: returned.reasonCode,
        comment: returned.comment,
        fromState: returned.fromState,
        returnedAt: returned.at,
        returnedBy: returned.userId,
        deviceReturnedAt: returned.deviceAt,
      });
    },

    /** The client's parcels lying in the returns area (part 1 §3 parcelsForReturnCount). */
    async forReturnCount(clientId: number): Promise<number> {
      const row = rowsOf(
        await db.execute(sql`
          select count(*)::int as n from picking_parcels
          where client_id = ${clientId} and is_in_return_area
            and hold is distinct from 'HANDED_OUT'`),
      )[0];
      return Number(row?.n ?? 0);
    },
  };
}

export type PickingPaymentRepository = ReturnType<typeof createPickingPaymentRepository>;
