import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

/** SQL of the health check. */
export function createHealthRepository(db: Db) {
  return {
    /** Resolves when the database answers `select 1`. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
