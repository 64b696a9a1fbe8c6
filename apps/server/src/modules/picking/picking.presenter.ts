import {
  PICKING_RETURN_ROW,
  type TPickingClient,
  type TPickingInfo,
  type TPickingItem,
  type TPickingItemCell,
} from '@sorting/contracts';
import type { PickingClientRow, PickingItemRow } from './picking.repository.js';

// The wire shapes of recipient picking (spec part 1 §3, part 2 §3): money in rubles with two
// decimals, kopecks in the database (docs/DECISIONS.md "Recipient picking").

/** Kopecks → rubles with two decimals. */
export function rublesOf(kopecks: number): number {
  return Math.round(kopecks) / 100;
}

function rublesOrNull(kopecks: number | null): number | null {
  return kopecks === null ? null : rublesOf(kopecks);
}

/** Spec part 1 §3 "Picking client" (camelCase). */
export function presentClient(row: PickingClientRow): TPickingClient {
  return {
    clientCode: row.code,
    clientName: row.name,
    parcelsCount: row.parcelsCount,
    barcodes: row.barcodes,
    warehouseCodeFrom: row.warehouseCodeFrom,
    warehouseCodeTo: row.warehouseCodeTo,
    addressFrom: row.addressFrom,
    addressTo: row.addressTo,
    deliveryType: row.deliveryType,
    validationType: row.validationType,
    pickingId: row.pickingId,
    pickingBeginDateUtc: row.pickingBegunAt?.toISOString() ?? null,
    pickingUserName: row.pickingUserName,
    deliveryId: row.deliveryId,
    allowedGateCells: row.allowedGateCells,
    pickingMode: row.pickingMode,
    cashOnDelivery: rublesOf(row.cashOnDeliveryKopecks),
    balance: rublesOrNull(row.balanceKopecks),
    balanceDebet: rublesOrNull(row.balanceDebetKopecks),
    isNeedBalanceCheck: row.isNeedBalanceCheck,
    parcelsForReturnCount: row.parcelsForReturnCount,
  };
}

/** Spec part 2 §3 "Picking info" (PascalCase); IsOwnPicking: the caller's open picking. */
export function presentInfo(row: PickingClientRow, isOwnPicking: boolean): TPickingInfo {
  const client = presentClient(row);
  return {
    ClientCode: client.clientCode,
    ClientName: client.clientName,
    WarehouseCodeFrom: client.warehouseCodeFrom,
    WarehouseCodeTo: client.warehouseCodeTo,
    AddressFrom: client.addressFrom,
    AddressTo: client.addressTo,
    Pickings:
      client.pickingId === null
        ? []
        : [{ PickingId: client.pickingId, DeliveryId: client.deliveryId }],
    ParcelsCount: client.parcelsCount,
    Barcodes: client.barcodes,
    DeliveryType: client.deliveryType,
    ValidationType: client.validationType,
    PickingId: client.pickingId,
    PickingBeginDateUtc: client.pickingBeginDateUtc,
    PickingUserName: client.pickingUserName,
    DeliveryId: client.deliveryId,
    AllowedGateCells: client.allowedGateCells,
    PickingMode: client.pickingMode,
    CashOnDelivery: client.cashOnDelivery,
    Balance: client.balance,
    BalanceDebet: client.balanceDebet,
    IsNeedBalanceCheck: client.isNeedBalanceCheck,
    ParcelsForReturnCount: client.parcelsForReturnCount,
    IsOwnPicking: isOwnPicking,
  };
}

/** Cells are walked zone by zone, each zone's cells in their numbering (row by row). */
const CELLS_PER_ZONE = 100_000;

const NO_CELL = {
  barcode: null,
  order: null,
  name: null,
  zoneNumber: null,
  col: null,
  zoneType: null,
} as const;

/** Where a picking item lies: its cell, the returns area (row `return`), or nowhere (row ''). */
function cellOf(row: PickingItemRow): TPickingItemCell {
  if (row.isInReturnArea) return { ...NO_CELL, row: PICKING_RETURN_ROW };
  if (row.cellBarcode === null || row.zoneNumber === null || row.cellNumber === null) {
    return { ...NO_CELL, row: '' };
  }
  return {
    barcode: row.cellBarcode,
    order: row.zoneNumber * CELLS_PER_ZONE + row.cellNumber,
    name: row.cellName,
    zoneNumber: row.zoneNumber,
    row: row.cellRow ?? '',
    col: row.cellCol,
    zoneType: row.zoneType,
  };
}

/** Spec part 1 §3 "Picking item" (camelCase). */
export function presentItem(row: PickingItemRow): TPickingItem {
  return {
    itemId: row.itemId,
    cell: cellOf(row),
    boxName: row.isInReturnArea ? null : row.boxBarcode,
    barcode: row.barcode,
    name: row.name,
    cashOnDelivery: rublesOf(row.cashOnDeliveryKopecks),
    make: row.make,
    article: row.article,
    quantity: row.quantity,
    state: row.state,
    storageDeadlineDate: row.storageDeadline,
  };
}
