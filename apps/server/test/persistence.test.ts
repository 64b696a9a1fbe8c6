import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../src/db/data-dir-lock.js';
import { openDatabase, pglitePaths } from '../src/db/database.js';
import { createSeedRepository } from '../src/db/seed.repository.js';
import { seedDemoData } from '../src/db/seed.js';
import { makeTempDir } from './helpers.js';

// Always PGlite on disk: this is about the DATA_DIR folder, so the PostgreSQL run (which
// would only repeat it) skips it.
const temp = makeTempDir('sorting-data-');
const config = { databaseUrl: null, dataDir: temp.dir };

afterAll(() => temp.remove());

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite in DATA_DIR', () => {
  it('keeps its data across close and reopen, and locks the folder while open', async () => {
    const first = await openDatabase(config, { purpose: 'test' });
    const { folder, lockFile } = pglitePaths(temp.dir);
    try {
      expect(fs.existsSync(folder)).toBe(true);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({
        pid: process.pid,
        purpose: 'test',
      });
      await expect(openDatabase(config, { purpose: 'second' })).rejects.toBeInstanceOf(
        DatabaseBusyError,
      );
      await first.migrate();
      await seedDemoData(first.db);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFile)).toBe(false);

    const second = await openDatabase(config, { purpose: 'test' });
    try {
      await second.migrate();
      const counts = await createSeedRepository(second.db).countRows();
      expect(counts.warehouses).toBe(2);
      expect(counts.users).toBeGreaterThan(0);
      expect(await seedDemoData(second.db)).toEqual({
        warehouses: 0,
        zones: 0,
        cells: 0,
        users: 0,
        parcels: 0,
        printerAgents: 0,
        workplaces: 0,
        shippedOrders: 0,
      });
    } finally {
      await second.close();
    }
  });

  it('replaces the stale lock of a process that died', async () => {
    const { lockFile } = pglitePaths(temp.dir);
    // A pid far above any real one: its process cannot be alive.
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, purpose: 'crashed', since: 'x' }));
    const database = await openDatabase(config, { purpose: 'test' });
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
