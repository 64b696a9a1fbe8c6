import { findItemCandidate, type ItemCandidate, type ItemRemoval } from './picking.repository.js';
import { eq, sql } from 'drizzle-orm';
import type { TValidationData } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import {
  pickingClientPincodes,
  pickingLostItems,
  pickingValidations,
} from '../../db/schema-picking-validation.js';
import { rowsOf } from '../../db/raw-rows.js';

// SQL of picking's validation and floor rules (docs/DECISIONS.md "Picking
// validation"): pincode hashes and lockouts, the proof an end was made with, lost items, the
// device's open picking. The core's SQL is picking.repository.ts.

/** A picking as its end's validation judges it (no lock). */
export interface PickingForValidation {
  id: number;
  state: string;
  userId: number;
  warehouseNumber: number;
  clientId: number;
  validationType: number;
}

/** A picking item as `lost` judges it, with its parcel and where that lies. */
export type LostCandidate = ItemCandidate;

export function createPickingValidationRepository(db: Db) {
  return {
    /** The picking with its client's validation type; null when unknown. */
    async findPicking(id: number): Promise<PickingForValidation | null> {
      const row = rowsOf(
        await db.execute(sql`
          select pk.id, pk.state, pk.user_id, w.number as warehouse_number, c.id as client_id,
            c.validation_type
          from pickings as pk
            inner join picking_clients as c on c.id = pk.client_id
            inner join warehouses as w on w.id = pk.warehouse_id
          where pk.id = ${id}`),
      )[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        state: String(row.state),
        userId: Number(row.user_id),
        warehouseNumber: Number(row.warehouse_number),
        clientId: Number(row.client_id),
        validationType: Number(row.validation_type),
      };
    },

    async findPincodeHash(clientId: number): Promise<string | null> {
      const rows = await db
        .select({ hash: pickingClientPincodes.pincodeHash })
        .from(pickingClientPincodes)
        .where(eq(pickingClientPincodes.clientId, clientId))
        .limit(1);
      return rows[0]?.hash ?? null;
    },

    /**
     * The picking's validation row, made when missing and locked: two servers judging wrong
     * pincodes of one picking count one after the other.
     */
    async lockValidation(
      pickingId: number,
    ): Promise<{ pincodeFailures: number; lockedUntil: Date | null }> {
      await db.insert(pickingValidations).values({ pickingId }).onConflictDoNothing();
      const rows = await db
        .select({
          pincodeFailures: pickingValidations.pincodeFailures,
          lockedUntil: pickingValidations.lockedUntil,
        })
        .from(pickingValidations)
        .where(eq(pickingValidations.pickingId, pickingId))
        .for('update');
      const row = rows[0];
      if (!row) throw new Error(`picking validation ${pickingId} vanished`);
      return row;
    },

    async setPincodeFailures(
      pickingId: number,
      pincodeFailures: number,
      lockedUntil: Date | null,
    ): Promise<void> {
      await db
        .update(pickingValidations)
        .set({ pincodeFailures, lockedUntil })
        .where(eq(pickingValidations.pickingId, pickingId));
    },

    /** The proof a picking ended with (kind; a power of attorney's fields). */
    async storeProof(pickingId: number, data: TValidationData, at: Date): Promise<void> {
      const proof = {
        kind: data.Kind,
        attorneyNumber: data.Kind === 'attorney' ? data.AttorneyNumber : null,
        attorneyDate: data.Kind === 'attorney' ? data.AttorneyDate : null,
        holderName: data.Kind === 'attorney' ? data.HolderName : null,
        validatedAt: at,
      };
      await db
        .insert(pickingValidations)
        .values({ pickingId, ...proof })
        .onConflictDoUpdate({ target: pickingValidations.pickingId, set: proof });
    },

    /** A cell of a warehouse by barcode: its name (the gate cell a parcel is put into). */
    async findCellName(warehouseId: number, barcode: string): Promise<string | null> {
      const row = rowsOf(
        await db.execute(sql`
          select c.name from cells as c inner join zones as z on z.id = c.zone_id
          where z.warehouse_id = ${warehouseId} and c.barcode = ${barcode} limit 1`),
      )[0];
      return row ? String(row.name) : null;
    },

    /**
     * Serialises the begins of one device (a transaction-scoped advisory lock on the device
     * id): two begins of two recipients on one device cannot both pass the check below.
     */
    async lockDevice(deviceId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`picking-device:${deviceId}`}))`,
      );
    },

    /** The open picking begun on a device in a warehouse for another client, if any. */
    async findOpenOnDevice(
      warehouseId: number,
      deviceId: string,
      exceptClientId: number,
    ): Promise<{ clientCode: string; clientName: string } | null> {
      const row = rowsOf(
        await db.execute(sql`
          select c.code, c.name from pickings as pk
            inner join picking_clients as c on c.id = pk.client_id
          where pk.warehouse_id = ${warehouseId} and pk.device_id = ${deviceId}
            and pk.state = 'OPEN' and pk.client_id <> ${exceptClientId}
          order by pk.id limit 1`),
      )[0];
      return row ? { clientCode: String(row.code), clientName: String(row.name) } : null;
    },

    /** A picking item with its parcel and where it lies (`findItemCandidate`). */
    findItem: (itemId: number, lock: boolean) => findItemCandidate(db, itemId, lock),

    /** The item LOST with its description, its parcel flagged lost in the sorting data. */
    async markLost(lost: ItemRemoval & { description: string }): Promise<void> {
      await db.execute(sql`
        with item as (
          update picking_items set state = 'LOST' where id = ${lost.itemId}
        ), flagged as (
          update parcels set is_lost = true, updated_at = now() where id = ${lost.parcelId}
        )
        select 1`);
      await db.insert(pickingLostItems).values({
        itemId: lost.itemId,
        pickingId: lost.pickingId,
        parcelId: lost.parcelId,
        description: lost.description,
        lostAt: lost.at,
        lostBy: lost.userId,
        deviceLostAt: lost.deviceAt,
      });
    },
  };
}

export type PickingValidationRepository = ReturnType<typeof createPickingValidationRepository>;
