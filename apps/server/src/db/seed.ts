import { formatZoneBarcode } from '@sorting/domain';
import { hashBadgeToken, hashPassword } from '../lib/credentials.js';
import type { Db } from './database.js';
import { DEMO_USERS, DEMO_WAREHOUSES, listDemoCells } from './demo-data.js';
import {
  createSeedRepository,
  type NewCell,
  type NewUser,
  type NewZone,
  type TopologyCounts,
} from './seed.repository.js';

/** Rows the seed added (all zero when the demo data was already there). */
export type SeedResult = TopologyCounts;

/**
 * Writes the demo data set (src/db/demo-data.ts) in one transaction. Idempotent: existing
 * rows are kept as they are, so a second run adds nothing and never re-hashes a password.
 */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const repository = createSeedRepository(tx);

    const addedWarehouses = await repository.insertWarehouses(
      DEMO_WAREHOUSES.map(({ zones: _zones, ...warehouse }) => warehouse),
    );
    const warehouseIds = await repository.findWarehouseIds(DEMO_WAREHOUSES.map((w) => w.number));

    const zoneRows: NewZone[] = [];
    for (const warehouse of DEMO_WAREHOUSES) {
      const warehouseId = warehouseIds.get(warehouse.number);
      if (warehouseId === undefined) continue;
      for (const zone of warehouse.zones) {
        zoneRows.push({
          warehouseId,
          number: zone.number,
          name: zone.name,
          type: zone.type,
          barcode: formatZoneBarcode(warehouse.number, zone.number),
        });
      }
    }
    const addedZones = await repository.insertZones(zoneRows);
    const zoneIds = await repository.findZoneIds(zoneRows.map((zone) => zone.barcode));

    const cellRows: NewCell[] = [];
    for (const warehouse of DEMO_WAREHOUSES) {
      const warehouseId = warehouseIds.get(warehouse.number);
      for (const zone of warehouse.zones) {
        const zoneId = zoneIds.get(formatZoneBarcode(warehouse.number, zone.number));
        if (warehouseId === undefined || zoneId === undefined) continue;
        for (const cell of listDemoCells(warehouse, zone)) {
          cellRows.push({ warehouseId, zoneId, ...cell, isEmpty: true });
        }
      }
    }
    const addedCells = await repository.insertCells(cellRows);

    const existingUsers = await repository.findUserNumbers(DEMO_USERS.map((user) => user.number));
    const userRows: NewUser[] = [];
    for (const user of DEMO_USERS) {
      if (existingUsers.has(user.number)) continue;
      userRows.push({
        number: user.number,
        name: user.name,
        login: user.login,
        passwordHash: user.password === null ? null : await hashPassword(user.password),
        badgeTokenHash: hashBadgeToken(user.badge),
        roles: user.roles,
        defaultWarehouseNumber: user.defaultWarehouseNumber,
        sortingCenterId: user.sortingCenterId,
        isActive: true,
      });
    }
    const addedUsers = await repository.insertUsers(userRows);

    return {
      warehouses: addedWarehouses,
      zones: addedZones,
      cells: addedCells,
      users: addedUsers,
    };
  });
}

/** True when the database holds no warehouse and no user: the start may seed it. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const counts = await createSeedRepository(db).countRows();
  return counts.warehouses === 0 && counts.users === 0;
}
