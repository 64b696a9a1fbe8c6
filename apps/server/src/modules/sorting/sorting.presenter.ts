import {
  type AppError,
  type TBox,
  type TCell,
  type TCellZoneType,
  type TMeasures,
  type TParcel,
  type TReturnableBox,
} from '@sorting/contracts';
import type { SessionUser } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { canUseWarehouse } from '../../lib/authorise.js';
import type {
  BoxRow,
  CellRow,
  ParcelRow,
  ParcelView,
  WarehouseScopeRow,
} from './sorting.repository.js';
import type { returnableBoxes } from '../../db/schema.js';

/**
 * Throws forbidden unless the user may use the warehouse of an object a call names (a parcel's,
 * a box's, a container's); a warehouse the route names is checked by the route hook
 * (docs/DECISIONS.md "Contract and errors", the warehouse on the route).
 */
export function authorise(user: SessionUser, warehouse: WarehouseScopeRow): void {
  if (!canUseWarehouse(user, warehouse)) {
    throw refusal('forbidden', 'warehouseForbidden', { number: warehouse.number });
  }
}

export function presentCell(row: CellRow): TCell {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    zoneNumber: row.zoneNumber,
    zoneType: row.zoneType.toLowerCase() as TCellZoneType,
    row: row.row,
    col: row.col,
    isEmpty: row.isEmpty,
    barcode: row.barcode,
  };
}

export function presentParcel(view: ParcelView, cells: CellRow[]): TParcel {
  return {
    id: view.id,
    name: view.name,
    number: view.number,
    sortingKey: view.sortingKey,
    sortingName: view.sortingName,
    boxNumber: view.boxNumber,
    cellName: view.boxCellName,
    isBoxReceipted: view.boxIsClosed ?? false,
    inboundNumber: view.inboundNumber,
    isInboundReceipted: view.inboundIsReceipted ?? false,
    isNeedMeasure: view.needsMeasure,
    isNeedWeight: view.needsWeight,
    isNeedStickerPrint: view.needsSticker,
    attentionMessage: view.attentionMessage,
    routeNumber: view.routeNumber,
    cells: cells.map(presentCell),
    notReceiptedQuantity: view.notReceiptedQuantity,
    isReceipted: view.isReceipted,
    clientName: view.clientName,
    makeName: view.makeName,
    detailNumber: view.detailNumber,
    detailName: view.detailName,
    quantity: view.quantity,
  };
}

export function presentBox(row: BoxRow, cells: CellRow[]): TBox {
  return {
    id: row.id,
    name: `№ ${row.number}`,
    number: row.number,
    isEmpty: row.parcelsCount === 0,
    cells: cells.map(presentCell),
    barcode: row.barcode,
    // An emptied box keeps its last key in the table but collects none.
    sortingKey: row.parcelsCount === 0 ? null : row.sortingKey,
    isClosed: row.isClosed,
    parcelsCount: row.parcelsCount,
  };
}

export function presentMeasures(row: ParcelRow): TMeasures {
  return {
    height: row.heightCm,
    width: row.widthCm,
    length: row.lengthCm,
    weight: row.weightGrams,
  };
}

export function presentReturnableBox(row: typeof returnableBoxes.$inferSelect): TReturnableBox {
  return {
    Number: row.number,
    Barcode: row.barcode,
    LengthCm: row.lengthCm,
    WidthCm: row.widthCm,
    HeightCm: row.heightCm,
    ChangeDate: row.changedAt.toISOString(),
    CurrentLocationName: row.locationName,
    CurrentLocationCode: row.locationCode,
    ExternalBarcode: row.externalBarcode,
  };
}

/** 104 with the barcode in the message. */
export function notFound(
  key: 'boxNotFound' | 'cellNotFound' | 'dimensionNotFound' | 'inboundNotFound',
  barcode: string | number,
): AppError {
  return refusal('objectNotFound', key, { barcode: String(barcode) });
}

/** Spec part 1 §8: a parcel not found answers 404 with the barcode (f-0001). */
export function parcelNotFound(barcode: string | number): AppError {
  return refusal('parcelNotFound', 'parcelNotFound', { barcode: String(barcode) });
}
