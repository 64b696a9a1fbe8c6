import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { parcels } from '../../db/schema.js';

/**
 * The parcel fields a system around the centre owns (docs/DECISIONS.md "Integration"): what
 * the sorting screens sort and show (spec part 1 §5), never where the floor put the parcel.
 */
export interface FedParcelFields {
  warehouseId: number;
  number: string;
  name: string;
  sortingKey: string;
  sortingName: string;
  routeNumber: string | null;
  clientName: string | null;
  makeName: string | null;
  detailNumber: string | null;
  detailName: string | null;
  quantity: number;
  needsMeasure: boolean;
  needsWeight: boolean;
  needsSticker: boolean;
  attentionMessage: string | null;
  receiptBarcode: string | null;
}

/** A parcel as a feed sees it: its fields and whether the floor already moved it on. */
export interface FedParcelRow extends FedParcelFields {
  id: number;
  /** In a box, received, or lost: the floor has worked on it (a change is then refused). */
  isMovedOn: boolean;
}

const fedColumns = {
  id: parcels.id,
  warehouseId: parcels.warehouseId,
  number: parcels.number,
  name: parcels.name,
  sortingKey: parcels.sortingKey,
  sortingName: parcels.sortingName,
  routeNumber: parcels.routeNumber,
  clientName: parcels.clientName,
  makeName: parcels.makeName,
  detailNumber: parcels.detailNumber,
  detailName: parcels.detailName,
  quantity: parcels.quantity,
  needsMeasure: parcels.needsMeasure,
  needsWeight: parcels.needsWeight,
  needsSticker: parcels.needsSticker,
  attentionMessage: parcels.attentionMessage,
  receiptBarcode: parcels.receiptBarcode,
  isMovedOn: sql<boolean>`(${parcels.boxId} is not null or ${parcels.isReceipted} or ${parcels.isLost})`,
};

/** SQL of parcels fed from outside (the integration module's door into sorting). */
export function createParcelFeedRepository(db: Db) {
  return {
    /** The parcels by id, locked until the transaction ends (a move waits, or we do). */
    async lockByIds(ids: readonly number[]): Promise<FedParcelRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(fedColumns)
        .from(parcels)
        .where(inArray(parcels.id, [...ids]))
        .for('update');
    },
    /** Which of these numbers are already some parcel's, with that parcel's id. */
    async idsByNumbers(numbers: readonly string[]): Promise<Map<string, number>> {
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: parcels.id, number: parcels.number })
        .from(parcels)
        .where(inArray(parcels.number, [...numbers]));
      return new Map(rows.map((row) => [row.number, row.id]));
    },
    /** New parcels in one statement; answers their ids by number (numbers are unique). */
    async insertMany(rows: readonly FedParcelFields[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await db
        .insert(parcels)
        .values([...rows])
        .returning({ id: parcels.id, number: parcels.number });
      return new Map(inserted.map((row) => [row.number, row.id]));
    },
    /** A change raises the version: a mover holding an older scan is refused (sorting rules). */
    async update(id: number, fields: FedParcelFields): Promise<void> {
      await db
        .update(parcels)
        .set({ ...fields, version: sql`${parcels.version} + 1`, updatedAt: sql`now()` })
        .where(eq(parcels.id, id));
    },
  };
}

export type ParcelFeedRepository = ReturnType<typeof createParcelFeedRepository>;
