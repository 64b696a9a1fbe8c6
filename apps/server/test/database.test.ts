import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_ROWS, ZONE_TYPES } from '@sorting/domain';
import { dumpMigratedPglite, openDatabase, type Database } from '../src/db/database.js';
import {
  DEMO_REGULAR_WAREHOUSE,
  DEMO_SORTING_CENTER,
  DEMO_PARCELS,
  DEMO_USERS,
  DEMO_WORKPLACES,
  countDemoCells,
} from '../src/db/demo-data.js';
import { listDemoEntries, renderDemoTable } from '../src/db/demo-entries.js';
import { DEMO_SHIPPED_ORDERS } from '../src/db/demo-returns-data.js';
import { cells, users, warehouses, zones } from '../src/db/schema.js';
import { createSeedRepository } from '../src/db/seed.repository.js';
import { isDatabaseEmpty, seedDemoData } from '../src/db/seed.js';
import { hashBadgeToken, verifyPassword } from '../src/lib/credentials.js';
import { createTestDatabase } from './test-database.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('migrations and demo seed', () => {
  it('starts from an empty, migrated database and seeds it', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const added = await seedDemoData(database.db);
    expect(added).toEqual({
      warehouses: 2,
      zones: DEMO_SORTING_CENTER.zones.length + DEMO_REGULAR_WAREHOUSE.zones.length,
      cells: countDemoCells(),
      users: DEMO_USERS.length,
      parcels: DEMO_PARCELS.length,
      printerAgents: 1,
      workplaces: DEMO_WORKPLACES.length,
      shippedOrders: DEMO_SHIPPED_ORDERS.length,
    });
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('creates both warehouses as described', async () => {
    const rows = await database.db.select().from(warehouses).orderBy(asc(warehouses.number));
    expect(rows).toMatchObject([
      {
        number: 1201,
        code: 'PDL-WH2',
        name: 'Склад Подольск',
        sortingMode: 'Warehouse',
        disableAutomove: true,
      },
      {
        number: 34717,
        code: 'MSK-SC1',
        name: 'СЦ Москва — Север',
        sortingMode: 'SortingCenter',
        sortingCenterId: 34717,
        defaultZoneNumber: 1,
        disableAutomove: false,
      },
    ]);
  });

  it('gives the sorting centre a zone of every type with %Z barcodes', async () => {
    const rows = await database.db
      .select({ number: zones.number, type: zones.type, barcode: zones.barcode })
      .from(zones)
      .innerJoin(warehouses, eq(zones.warehouseId, warehouses.id))
      .where(eq(warehouses.number, 34717))
      .orderBy(asc(zones.number));
    // Every type at least once (zones 6 «Хранение» and 7 «Консолидация» are more SITO).
    expect([...new Set(rows.map((zone) => zone.type))].sort()).toEqual([...ZONE_TYPES].sort());
    expect(rows[0]).toEqual({ number: 1, type: 'SITO', barcode: '%Z34717-1' });
    const regular = await database.db
      .select({ type: zones.type })
      .from(zones)
      .innerJoin(warehouses, eq(zones.warehouseId, warehouses.id))
      .where(eq(warehouses.number, 1201));
    expect(regular.map((zone) => zone.type)).toEqual(
      expect.arrayContaining(['SITO', 'EXPEDITION']),
    );
  });

  it('lays out cells in rows a–z with numeric columns', async () => {
    const sito = await database.db
      .select({ row: cells.row, col: cells.col, name: cells.name, barcode: cells.barcode })
      .from(cells)
      .innerJoin(zones, eq(cells.zoneId, zones.id))
      .where(eq(zones.barcode, '%Z34717-1'));
    expect(new Set(sito.map((cell) => cell.row))).toEqual(new Set(CELL_ROWS));
    expect(new Set(sito.map((cell) => cell.col))).toEqual(
      new Set(Array.from({ length: 12 }, (_, index) => index + 1)),
    );
    expect(sito).toHaveLength(26 * 12);
    expect(sito).toContainEqual({ row: 'a', col: 7, name: '1-a-07', barcode: '=34717-1-a-07' });
    for (const cell of sito) {
      expect(cell.barcode).toMatch(/^=34717-1-[a-z]-\d{2}$/);
    }
  });

  it('stores only hashes of badges and passwords', async () => {
    const rows = await database.db.select().from(users).orderBy(asc(users.number));
    expect(rows).toHaveLength(DEMO_USERS.length);
    for (const demo of DEMO_USERS) {
      const row = rows.find((user) => user.number === demo.number);
      expect(row, demo.name).toBeDefined();
      expect(row?.badgeTokenHash).toBe(hashBadgeToken(demo.badge));
      expect(row?.badgeTokenHash).not.toContain(demo.badge);
      expect(row?.roles).toEqual(demo.roles);
      if (demo.password) {
        expect(row?.passwordHash).not.toBe(demo.password);
        expect(row?.passwordHash).not.toContain(demo.password);
        expect(await verifyPassword(demo.password, row?.passwordHash ?? '')).toBe(true);
      } else {
        expect(row?.passwordHash).toBeNull();
      }
    }
    expect(DEMO_USERS.every((user) => user.badge.startsWith('~'))).toBe(true);
  });

  it('changes nothing when it runs again', async () => {
    const repository = createSeedRepository(database.db);
    const before = await repository.countRows();
    const hashesBefore = await database.db.select({ hash: users.passwordHash }).from(users);
    expect(await seedDemoData(database.db)).toEqual({
      warehouses: 0,
      zones: 0,
      cells: 0,
      users: 0,
      parcels: 0,
      printerAgents: 0,
      workplaces: 0,
      shippedOrders: 0,
    });
    expect(await repository.countRows()).toEqual(before);
    expect(await database.db.select({ hash: users.passwordHash }).from(users)).toEqual(
      hashesBefore,
    );
  });

  it('rejects a row outside the schema rules', async () => {
    const [zone] = await database.db.select().from(zones).limit(1);
    await expect(
      database.db.insert(cells).values({
        warehouseId: zone!.warehouseId,
        zoneId: zone!.id,
        number: 9999,
        name: 'bad',
        row: 'A',
        col: 1,
        barcode: '=bad',
      }),
    ).rejects.toThrow();
  });
});

// docs/DECISIONS.md "Tooling": each test file's PGlite database is loaded from one migrated dump.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite from a migrated dump', () => {
  it('has the schema without migrating, and two loaded from one dump share no row', async () => {
    const dump = await dumpMigratedPglite();
    const open = () =>
      openDatabase({ databaseUrl: null, dataDir: '' }, { inMemory: true, fromDump: dump });
    const first = await open();
    const second = await open();
    try {
      expect(await isDatabaseEmpty(first.db)).toBe(true);
      await seedDemoData(first.db);
      expect(await first.db.select().from(warehouses)).toHaveLength(2);
      expect(await second.db.select().from(warehouses)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('demo list', () => {
  it('lists every kind with a markdown table for the docs', () => {
    const entries = listDemoEntries();
    expect(new Set(entries.map((entry) => entry.kind))).toEqual(
      new Set([
        'user',
        'warehouse',
        'zone',
        'cell',
        'parcel',
        'box',
        'acceptance-report',
        'dimension',
        'returnable-box',
        'workplace',
        'return-parcel',
        'consolidation',
        'document',
        'recipient',
        'audit-session',
        'supply',
        'supply-detail',
        'shipment',
        'cargo-unit',
        'goods-label',
      ]),
    );
    expect(listDemoEntries({ allCells: true }).filter((e) => e.kind === 'cell')).toHaveLength(
      countDemoCells(),
    );
    const table = renderDemoTable();
    expect(table.split('\n')[0]).toBe('| kind | barcode | description |');
    expect(table).toContain('~S2001-9TB4');
    expect(table).toContain('password demo-supervisor');
    expect(table).toContain(`${countDemoCells()} cells in all`);
  });
});
