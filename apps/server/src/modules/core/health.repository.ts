import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';

/** How many migrations this build carries (drizzle's journal); read once. */
let expectedMigrations: number | null = null;
function migrationsOfThisBuild(): number {
  if (expectedMigrations === null) {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expectedMigrations = journal.entries.length;
  }
  return expectedMigrations;
}

/** SQL of the health check. */
export function createHealthRepository(db: Db) {
  return {
    /** Resolves when the database answers `select 1`. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /** True when every migration of this build has been applied (drizzle's own table). */
    async isMigrated(): Promise<boolean> {
      const result = await db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = Number(rowsOf<{ applied: number }>(result)[0]?.applied ?? 0);
      return applied >= migrationsOfThisBuild();
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
