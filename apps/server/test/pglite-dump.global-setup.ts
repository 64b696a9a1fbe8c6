import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../src/db/database.js';
// The `pgliteDumpFile` key of vitest's provided context is declared there.
import type {} from './test-database.js';

/**
 * Once per run, without DATABASE_URL: one PGlite cluster migrated to the current schema and
 * dumped to a file, which each test file's database is loaded from (test-database.ts). PGlite's
 * initdb and the migrations then run once, not once per file (docs/DECISIONS.md "Tooling").
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDumpFile', '');
    return () => {};
  }
  const dump = await dumpMigratedPglite();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorting-pglite-dump-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
