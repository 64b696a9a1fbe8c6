import { desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { dimensionTypes, warehouses } from '../../db/schema.js';

export type DimensionTypeRow = typeof dimensionTypes.$inferSelect;

/** SQL of the dimension types directory (spec part 2 §3 "Dimension type"); read-only for now. */
export function createDimensionsRepository(db: Db) {
  return {
    /** The code of the warehouse with this number, or null when there is none. */
    async findWarehouseCode(number: number): Promise<string | null> {
      const rows = await db
        .select({ code: warehouses.code })
        .from(warehouses)
        .where(eq(warehouses.number, number))
        .limit(1);
      return rows[0]?.code ?? null;
    },

    /**
     * Spec part 2 §9: the common types (warehouse code null) plus those of the given warehouse
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
  };
}

export type DimensionsRepository = ReturnType<typeof createDimensionsRepository>;
