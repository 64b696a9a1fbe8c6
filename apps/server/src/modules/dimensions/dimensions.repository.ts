import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { dimensionTypes } from '../../db/schema.js';
import { createEventRecorder } from '../../db/events.js';

export type DimensionTypeRow = typeof dimensionTypes.$inferSelect;
export type DimensionTypeValues = Omit<typeof dimensionTypes.$inferInsert, 'id'>;

/** True for PostgreSQL's unique violation (23505), also wrapped in drizzle's query error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** SQL of the dimension types directory (spec part 2 §3 "Dimension type", §7 "Dimensions"). */
export function createDimensionsRepository(db: Db) {
  return {
    /**
     * Spec part 2 §5: the common types (warehouse code null) plus those of the given warehouse
     * code (none when it is null), id descending.
     */
    async listDimensionTypes(warehouseCode: string | null): Promise<DimensionTypeRow[]> {
      const common = isNull(dimensionTypes.warehouseCode);
      return db
        .select()
        .from(dimensionTypes)
        .where(
          warehouseCode === null
            ? common
            : or(common, eq(dimensionTypes.warehouseCode, warehouseCode)),
        )
        .orderBy(desc(dimensionTypes.id));
    },

    /** A type by id, locked until the transaction ends (a racing change of it waits). */
    async lockType(id: number): Promise<DimensionTypeRow | null> {
      const rows = await db
        .select()
        .from(dimensionTypes)
        .where(eq(dimensionTypes.id, id))
        .for('update');
      return rows[0] ?? null;
    },

    /** Whether another type (not `exceptId`) has this barcode. */
    async isBarcodeTaken(barcode: string, exceptId: number | null): Promise<boolean> {
      const rows = await db
        .select({ id: dimensionTypes.id })
        .from(dimensionTypes)
        .where(
          exceptId === null
            ? eq(dimensionTypes.barcode, barcode)
            : and(eq(dimensionTypes.barcode, barcode), ne(dimensionTypes.id, exceptId)),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts a type; null when its barcode was taken meanwhile. */
    async insertType(values: DimensionTypeValues): Promise<DimensionTypeRow | null> {
      const rows = await db.insert(dimensionTypes).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async updateType(id: number, values: DimensionTypeValues): Promise<DimensionTypeRow> {
      const [row] = await db
        .update(dimensionTypes)
        .set(values)
        .where(eq(dimensionTypes.id, id))
        .returning();
      if (!row) throw new Error(`dimension type ${id} vanished under its lock`);
      return row;
    },

    async deleteType(id: number): Promise<void> {
      await db.delete(dimensionTypes).where(eq(dimensionTypes.id, id));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type DimensionsRepository = ReturnType<typeof createDimensionsRepository>;
