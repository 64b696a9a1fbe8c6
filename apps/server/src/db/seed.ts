import { DEMO_LOOSE_BOXES } from './demo-workflows-data.js';
import { seedInbound } from './seed-inbound.js';
import { seedWorkflowsStorage } from './seed-workflows-storage.js';
import { formatCellBarcode, formatZoneBarcode } from '@sorting/domain';
import { hashAgentKey, hashBadgeToken, hashPassword } from '../lib/credentials.js';
import type { Db } from './database.js';
import {
  DEMO_BOXES,
  DEMO_DIMENSIONS,
  DEMO_INBOUNDS,
  DEMO_PARCELS,
  DEMO_PRINTER_AGENTS,
  DEMO_RETURNABLE_BOXES,
  DEMO_USERS,
  DEMO_WAREHOUSES,
  DEMO_WORKPLACES,
  demoBoxBarcode,
  listDemoCells,
} from './demo-data.js';
import {
  DEMO_RETURN_USER_NUMBER,
  DEMO_SHIPPED_ORDERS,
  demoProductImage,
} from './demo-returns-data.js';
import { DEMO_CONSOLIDATIONS } from './demo-consolidation-data.js';
import { DEMO_CONTRAGENTS, DEMO_DOCUMENTS } from './demo-documents-data.js';
import { createSeedDocumentsRepository } from './seed-documents.repository.js';
import { DEMO_PICKING_CLIENTS } from './demo-picking-data.js';
import { DEMO_TARIFFS } from './demo-delivery-data.js';
import { deliveryTariffs } from './schema-delivery.js';
import { createSeedPickingRepository } from './seed-picking.repository.js';
import { DEMO_AUDIT_SESSION } from './demo-audit-data.js';
import { createSeedAuditRepository } from './seed-audit.repository.js';
import { createSeedReturnsRepository } from './seed-returns.repository.js';
import { createSeedSortingRepository } from './seed-sorting.repository.js';
import {
  createSeedRepository,
  type NewCell,
  type NewUser,
  type NewZone,
  type TopologyCounts,
} from './seed.repository.js';

/** Rows the seed added (all zero when the demo data was already there). */
export type SeedResult = TopologyCounts & {
  parcels: number;
  printerAgents: number;
  workplaces: number;
  shippedOrders: number;
};

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
    const addedParcels = await seedSorting(tx, warehouseIds);
    await seedAudit(tx, warehouseIds);

    const addedAgents = await repository.insertPrinterAgents(
      DEMO_PRINTER_AGENTS.map((agent) => ({
        appId: agent.appId,
        name: agent.name,
        keyHash: hashAgentKey(agent.key),
      })),
    );

    const addedWorkplaces = await repository.insertWorkplaces([...DEMO_WORKPLACES]);
    const addedShippedOrders = await seedReturns(tx, warehouseIds);
    await seedInbound(tx, warehouseIds);
    await seedDocuments(tx);
    await seedPicking(tx, warehouseIds);
    await seedWorkflowsStorage(tx, warehouseIds);
    // The delivery tariffs (demo-delivery-data.ts); existing ones are kept.
    await tx
      .insert(deliveryTariffs)
      .values([...DEMO_TARIFFS])
      .onConflictDoNothing();

    return {
      warehouses: addedWarehouses,
      zones: addedZones,
      cells: addedCells,
      users: addedUsers,
      parcels: addedParcels,
      printerAgents: addedAgents,
      workplaces: addedWorkplaces,
      shippedOrders: addedShippedOrders,
    };
  });
}

/** Inbounds, boxes in cells, parcels, dimension types and returnable boxes; parcels added. */
async function seedSorting(db: Db, warehouseIds: Map<number, number>): Promise<number> {
  const repository = createSeedSortingRepository(db);
  const idOf = (warehouseNumber: number): number => {
    const id = warehouseIds.get(warehouseNumber);
    if (id === undefined) throw new Error(`demo warehouse ${warehouseNumber} missing`);
    return id;
  };

  await repository.insertInbounds(
    DEMO_INBOUNDS.map((inbound) => ({
      warehouseId: idOf(inbound.warehouseNumber),
      number: inbound.number,
      senderName: inbound.senderName,
      acceptanceBarcode: inbound.acceptanceBarcode,
    })),
  );
  const inboundIds = await repository.findInboundIds(DEMO_INBOUNDS.map((i) => i.number));

  const boxCellBarcodes = DEMO_BOXES.map((box) =>
    formatCellBarcode({
      warehouseNumber: box.warehouseNumber,
      zoneNumber: box.zoneNumber,
      row: box.row,
      col: box.col,
    }),
  );
  const cellIds = await repository.findCellIds(boxCellBarcodes);
  const addedBoxes = await repository.insertBoxes(
    DEMO_BOXES.map((box, index) => ({
      warehouseId: idOf(box.warehouseNumber),
      number: box.number,
      barcode: demoBoxBarcode(box),
      cellId: cellIds.get(boxCellBarcodes[index] ?? '') ?? null,
      sortingKey: box.sortingKey,
      isClosed: box.isClosed,
    })),
  );
  // The guided workflows' empty boxes standing in no cell (demo-workflows-data.ts).
  await repository.insertBoxes(
    DEMO_LOOSE_BOXES.map((box) => ({
      warehouseId: idOf(box.warehouseNumber),
      number: box.number,
      barcode: demoBoxBarcode(box),
      cellId: null,
      sortingKey: null,
      isClosed: false,
    })),
  );
  if (addedBoxes > 0) {
    await repository.markCellsHoldingBoxes([...cellIds.values()]);
    await repository.raiseLastBoxNumber(
      Math.max(...[...DEMO_BOXES, ...DEMO_LOOSE_BOXES].map((b) => b.number)),
    );
  }
  const boxIds = await repository.findBoxIds(DEMO_BOXES.map(demoBoxBarcode));

  const addedParcels = await repository.insertParcels(
    DEMO_PARCELS.map((parcel) => ({
      warehouseId: idOf(parcel.warehouseNumber),
      number: parcel.number,
      name: parcel.name,
      sortingKey: parcel.sortingKey,
      sortingName: parcel.sortingName,
      routeNumber: parcel.routeNumber,
      inboundId:
        parcel.inboundNumber === null ? null : (inboundIds.get(parcel.inboundNumber) ?? null),
      boxId:
        parcel.boxNumber === null
          ? null
          : (boxIds.get(
              demoBoxBarcode({ warehouseNumber: parcel.warehouseNumber, number: parcel.boxNumber }),
            ) ?? null),
      isReceipted: parcel.boxNumber !== null,
      needsMeasure: parcel.needsMeasure,
      needsWeight: parcel.needsWeight,
      needsSticker: parcel.needsSticker,
      attentionMessage: parcel.attentionMessage,
      clientName: parcel.clientName,
      makeName: parcel.makeName,
      detailNumber: parcel.detailNumber,
      detailName: parcel.detailName,
      quantity: parcel.quantity,
      lengthCm: parcel.lengthCm ?? null,
      widthCm: parcel.widthCm ?? null,
      heightCm: parcel.heightCm ?? null,
      weightGrams: parcel.weightGrams ?? null,
    })),
  );
  await seedConsolidations(repository, idOf);

  await repository.insertDimensionTypes(DEMO_DIMENSIONS.map((dimension) => ({ ...dimension })));
  await repository.insertReturnableBoxes(
    DEMO_RETURNABLE_BOXES.map(({ warehouseNumber, ...box }) => ({
      ...box,
      warehouseId: idOf(warehouseNumber),
    })),
  );
  return addedParcels;
}

/**
 * The audit session finished yesterday (demo-audit-data.ts): started 40 minutes before it was
 * finished, 24 hours before the seed ran.
 */
async function seedAudit(db: Db, warehouseIds: Map<number, number>): Promise<void> {
  const warehouseId = warehouseIds.get(DEMO_AUDIT_SESSION.warehouseNumber);
  if (warehouseId === undefined) return;
  const finishedAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await createSeedAuditRepository(db).insertFinishedSession({
    warehouseId,
    userNumber: DEMO_AUDIT_SESSION.userNumber,
    cellBarcode: formatCellBarcode({
      warehouseNumber: DEMO_AUDIT_SESSION.warehouseNumber,
      zoneNumber: 6,
      ...DEMO_AUDIT_SESSION.cell,
    }),
    startedAt: new Date(finishedAt.getTime() - 40 * 60 * 1000),
    finishedAt,
    units: DEMO_AUDIT_SESSION.units,
  });
}

/**
 * The demo consolidation records (demo-consolidation-data.ts); a box that ever had one (a
 * deconsolidated one too) gets none again, so a re-seed never packs an unpacked box.
 */
async function seedConsolidations(
  repository: ReturnType<typeof createSeedSortingRepository>,
  idOf: (warehouseNumber: number) => number,
): Promise<void> {
  const cellBarcodes = DEMO_CONSOLIDATIONS.map((c) =>
    formatCellBarcode({
      warehouseNumber: c.warehouseNumber,
      zoneNumber: c.zoneNumber,
      row: c.row,
      col: c.col,
    }),
  );
  const cellIds = await repository.findCellIds(cellBarcodes);
  const boxBarcodes = DEMO_CONSOLIDATIONS.map((c) =>
    demoBoxBarcode({ warehouseNumber: c.warehouseNumber, number: c.boxNumber }),
  );
  const boxIds = await repository.findBoxIds(boxBarcodes);
  const seededAt = new Date();
  await repository.insertConsolidations(
    DEMO_CONSOLIDATIONS.flatMap((c, index) => {
      const cellId = cellIds.get(cellBarcodes[index] ?? '');
      const boxId = boxIds.get(boxBarcodes[index] ?? '');
      if (cellId === undefined || boxId === undefined) return [];
      return [
        {
          warehouseId: idOf(c.warehouseNumber),
          cellId,
          boxId,
          destinationKey: c.destinationKey,
          destinationName: c.destinationName,
          completedAt: c.isCompleted ? seededAt : null,
        },
      ];
    }),
  );
}

/**
 * Shipped parcels for returns, their items and, for a parcel seeded as returned in full, an
 * accepted return of all its items; answers the orders added.
 */
async function seedReturns(db: Db, warehouseIds: Map<number, number>): Promise<number> {
  const repository = createSeedReturnsRepository(db);
  const seededAt = Date.now();
  const daysAgo = (days: number) => new Date(seededAt - days * 24 * 60 * 60 * 1000);
  const warehouseIdOf = (number: number): number => {
    const id = warehouseIds.get(number);
    if (id === undefined) throw new Error(`demo warehouse ${number} missing`);
    return id;
  };
  const orderIds = await repository.insertOrders(
    DEMO_SHIPPED_ORDERS.map((order) => ({
      parcelBarcode: order.parcelBarcode,
      shipmentWarehouseId: warehouseIdOf(order.shipmentWarehouseNumber),
      shippedAt: daysAgo(order.shippedDaysAgo),
    })),
  );
  const returnUserId = await repository.findUserId(DEMO_RETURN_USER_NUMBER);
  for (const order of DEMO_SHIPPED_ORDERS) {
    const orderId = orderIds.get(order.parcelBarcode);
    if (orderId === undefined) continue;
    const items = await repository.insertItems(
      order.items.map((item) => ({
        orderId,
        code: item.code,
        article: item.article,
        brand: item.brand,
        name: item.name,
        quantityShipped: item.quantity,
        unitPriceKopecks: item.unitPriceKopecks,
        imageUrls: [demoProductImage(item.picture)],
        disabledReasons: item.disabledReasons,
      })),
    );
    if (!order.isFullyReturned || returnUserId === null) continue;
    await repository.insertAcceptedReturn({
      userId: returnUserId,
      warehouseId: warehouseIdOf(order.shipmentWarehouseNumber),
      acceptedAt: daysAgo(1),
      lines: order.items.map((item) => ({
        itemId: items.find((row) => row.code === item.code)?.id ?? 0,
        quantity: item.quantity,
        reasonCode: 'another_reason' as const,
        reasonComment: '',
        comment: 'demo',
        returnCostKopecks: item.unitPriceKopecks * item.quantity,
      })),
    });
  }
  return orderIds.size;
}

/**
 * The document flow's contragents and documents (demo-documents-data.ts), dated days before
 * now; a document already there keeps its state (a re-seed never unsigns one).
 */
async function seedDocuments(db: Db): Promise<void> {
  const repository = createSeedDocumentsRepository(db);
  await repository.insertContragents(DEMO_CONTRAGENTS.map((contragent) => ({ ...contragent })));
  const contragentIds = await repository.findContragentIds(DEMO_CONTRAGENTS.map((c) => c.name));
  const seededAt = Date.now();
  const documentIds = await repository.insertDocuments(
    DEMO_DOCUMENTS.map((document) => ({
      sortingCenterId: document.sortingCenterId,
      number: document.number,
      typeName: document.typeName,
      direction: document.direction,
      documentDate: new Date(seededAt - document.daysAgo * 24 * 60 * 60 * 1000),
      sumKopecks: Math.round(document.sum * 100),
      state: document.state,
    })),
  );
  await repository.insertDocumentContragents(
    DEMO_DOCUMENTS.flatMap((document) => {
      const documentId = documentIds.get(`${document.sortingCenterId}/${document.number}`);
      if (documentId === undefined) return [];
      return document.contragents.map((contragent) => ({
        documentId,
        contragentId: contragentIds.get(contragent.name) ?? 0,
        type: contragent.type,
      }));
    }),
  );
}

/**
 * The demo recipients (demo-picking-data.ts), their parcels and, for a recipient held by a
 * demo worker, that worker's open picking. A recipient already there is left as it is (its
 * parcels may have been handed out since).
 */
async function seedPicking(db: Db, warehouseIds: Map<number, number>): Promise<void> {
  const repository = createSeedPickingRepository(db);
  const warehouseIdOf = (number: number): number => {
    const id = warehouseIds.get(number);
    if (id === undefined) throw new Error(`demo warehouse ${number} missing`);
    return id;
  };
  const clientIds = await repository.insertClients(
    DEMO_PICKING_CLIENTS.map((client) => ({
      warehouseId: warehouseIdOf(client.warehouseNumber),
      code: client.code,
      name: client.name,
      deliveryType: client.deliveryType,
      warehouseCodeFrom: client.warehouseCodeFrom,
      warehouseCodeTo: client.warehouseCodeTo,
      addressFrom: client.addressFrom,
      addressTo: client.addressTo,
      validationType: client.rules?.validationType ?? 0,
      pickingMode: client.rules?.pickingMode ?? 'normal',
      allowedGateCells: client.rules?.allowedGateCells ?? [],
      balanceKopecks: client.rules?.balanceKopecks ?? null,
      balanceDebetKopecks: client.rules?.balanceDebetKopecks ?? null,
      isNeedBalanceCheck: client.rules?.isNeedBalanceCheck ?? false,
    })),
  );
  // The pincodes as salted hashes only (docs/DECISIONS.md "Picking validation").
  await repository.insertPincodes(
    await Promise.all(
      DEMO_PICKING_CLIENTS.flatMap((client) => {
        const clientId = clientIds.get(`${warehouseIdOf(client.warehouseNumber)}:${client.code}`);
        const pincode = client.rules?.pincode;
        if (clientId === undefined || pincode === undefined) return [];
        return [hashPassword(pincode).then((pincodeHash) => ({ clientId, pincodeHash }))];
      }),
    ),
  );
  const parcelIds = await repository.findParcelIds(
    DEMO_PICKING_CLIENTS.flatMap((client) => client.parcels.map((parcel) => parcel.number)),
  );
  const userIds = await repository.findUserIds(
    DEMO_PICKING_CLIENTS.flatMap((client) => client.heldByUserNumber ?? []),
  );
  for (const client of DEMO_PICKING_CLIENTS) {
    const warehouseId = warehouseIdOf(client.warehouseNumber);
    const clientId = clientIds.get(`${warehouseId}:${client.code}`);
    if (clientId === undefined) continue;
    const owned = client.parcels.flatMap((parcel) => {
      const parcelId = parcelIds.get(parcel.number);
      return parcelId === undefined ? [] : [{ parcel, parcelId }];
    });
    await repository.insertParcels(
      owned.map(({ parcel, parcelId }) => ({
        parcelId,
        clientId,
        cashOnDeliveryKopecks: parcel.cashOnDeliveryKopecks,
        storageDeadline: parcel.storageDeadline,
        isInReturnArea: parcel.boxNumber === null,
      })),
    );
    const holderId =
      client.heldByUserNumber === null ? undefined : userIds.get(client.heldByUserNumber);
    if (holderId === undefined) continue;
    await repository.insertOpenPicking({
      warehouseId,
      clientId,
      userId: holderId,
      begunAt: new Date(),
      parcelIds: owned.filter(({ parcel }) => parcel.boxNumber !== null).map((o) => o.parcelId),
    });
  }
}

/** True when the database holds no warehouse and no user: the start may seed it. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const counts = await createSeedRepository(db).countRows();
  return counts.warehouses === 0 && counts.users === 0;
}
