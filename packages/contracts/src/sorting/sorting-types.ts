// Operation objects of the Sorting calls (spec part 1 §3, §7). Plain types and constants, no
// zod: the web imports these without pulling the schemas into a chunk.
import type { LabelParameter } from '../printing/printing-protocol.js';

/** Spec part 1 §3: "Cell zone types: transit, suggested, fast, sito, expedition". */
export const CELL_ZONE_TYPES = ['transit', 'suggested', 'fast', 'sito', 'expedition'] as const;
export type TCellZoneType = (typeof CELL_ZONE_TYPES)[number];

/** Spec part 1 §3 "Cell": id, name, number, zoneNumber, zoneType, row, col, isEmpty, barcode. */
export interface TCell {
  id: number;
  /** '<zone>-<row>-<col 2 digits>', e.g. 1-a-07. */
  name: string;
  number: number;
  zoneNumber: number;
  zoneType: TCellZoneType;
  /** 'a'..'z' (spec part 1 §9). */
  row: string;
  col: number;
  /** No box (open or closed) stands in the cell. */
  isEmpty: boolean;
  barcode: string;
}

/**
 * Spec part 1 §3 "Parcel (sorting)". `number` is the parcel's barcode as printed and scanned;
 * `cells` are the suggested cells, best first (docs/DECISIONS.md "Sorting rules"), empty
 * when the zone has none for this parcel.
 */
export interface TParcel {
  id: number;
  name: string;
  number: string;
  /** The route/destination the parcel is sorted by; one box collects one key. */
  sortingKey: string;
  sortingName: string;
  /** The box the parcel lies in, or null. */
  boxNumber: number | null;
  /**
   * Ours (additive): the cell that box stands in, or null; the screen says where a parcel
   * already lies (docs/DECISIONS.md "Sorting rules").
   */
  cellName: string | null;
  isBoxReceipted: boolean;
  /** The inbound supply the parcel arrived with, or null. */
  inboundNumber: string | null;
  isInboundReceipted: boolean;
  isNeedMeasure: boolean;
  isNeedWeight: boolean;
  isNeedStickerPrint: boolean;
  /** Non-null: the check-damage step comes first (spec part 1 §4). */
  attentionMessage: string | null;
  routeNumber: string | null;
  cells: TCell[];
  /** Parcels of the same inbound supply not yet received. */
  notReceiptedQuantity: number;
  /** The parcel has been received (moved at least once) at this sorting centre. */
  isReceipted: boolean;
  clientName: string | null;
  makeName: string | null;
  detailNumber: string | null;
  detailName: string | null;
  quantity: number;
}

/**
 * Spec part 1 §3 "Box": id, name, number, isEmpty, cells. `cells`: the cell the box stands in
 * when it is in one, else the suggested cells for it, best first. The fields after `cells`
 * are ours (additive).
 */
export interface TBox {
  id: number;
  name: string;
  number: number;
  isEmpty: boolean;
  cells: TCell[];
  /** '_<number>' (spec part 1 §4: a box barcode starts with '_'). */
  barcode: string;
  /** The sorting key the box collects, null while it is empty. */
  sortingKey: string | null;
  /** A closed box takes no more parcels. */
  isClosed: boolean;
  parcelsCount: number;
}

/**
 * Spec part 1 §3 "Move result": boxNumber, isBoxReceipted, inboundNumber, isInboundReceipted.
 * boxId, cellId, cellName, parcelId and isAlreadyInPlace are ours (additive): where the move
 * put things.
 */
export interface TMoveResult {
  boxNumber: number | null;
  isBoxReceipted: boolean;
  inboundNumber: string | null;
  isInboundReceipted: boolean;
  parcelId: number | null;
  boxId: number | null;
  cellId: number | null;
  cellName: string | null;
  /**
   * Nothing moved: the parcel (or box) already lay where the move asked; the envelope says
   * IsRepeat too (docs/DECISIONS.md "Sorting rules").
   */
  isAlreadyInPlace: boolean;
  /**
   * Ours (additive): the move opened a new box in the cell ("empty box or new cell"; the worker
   * puts a new box there). Absent from answers stored before it existed.
   */
  isNewBox?: boolean;
}

/** Spec part 1 §3 "Measure": height, width, length in cm, weight in grams (null: not yet). */
export interface TMeasures {
  height: number | null;
  width: number | null;
  length: number | null;
  weight: number | null;
}

/** Spec part 1 §7 `documents/inbound/arrive`: detailsQuantity and name (the sender). */
export interface TAcceptanceReport {
  detailsQuantity: number;
  name: string;
  /** Ours (additive): the supply's number. */
  inboundNumber: string;
}

/** Spec part 2 §3 "Dimension type", the answer of `GET /sorting-api/dimension?barcode`. */
export interface TDimension {
  DimensionId: number;
  Name: string;
  Barcode: string;
  Length: number;
  Width: number;
  Height: number;
  /** null: common to all warehouses. */
  WarehouseCode: string | null;
  IsCommon: boolean;
}

/**
 * Spec part 1 §3 "Returnable box" (a container of the ContainerAccounting calls and of
 * `boxes/create`). CurrentLocationCode and ExternalBarcode are ours (additive).
 */
export interface TReturnableBox {
  Number: number;
  Barcode: string;
  LengthCm: number;
  WidthCm: number;
  HeightCm: number;
  /** ISO 8601. */
  ChangeDate: string;
  CurrentLocationName: string | null;
  CurrentLocationCode: string | null;
  ExternalBarcode: string | null;
}

/**
 * The answer of `GET /sorting-api/containerAccounting/sticker?barcode`: the print job's template
 * and parameters for the `returnable-box` label (barcode, number, dims LxWxH); the web adds
 * action, token, printerId and copies.
 */
export interface TReturnableBoxSticker {
  barcodeName: 'returnable-box';
  barcodeData: LabelParameter[];
}

/**
 * The answer of `GET /sorting-api/Parcels/{id}/sticker?lang`: the print job's template and
 * parameters for the `parcel` label; the web adds action, token, printerId and copies.
 */
export interface TParcelSticker {
  barcodeName: 'parcel';
  barcodeData: LabelParameter[];
}

/** Event kinds of a unit's history (events.kind). */
export const SORTING_EVENT_KINDS = [
  'parcel.scanned',
  'parcel.moved',
  'box.moved',
  'box.created',
  'parcel.measured',
  'parcel.weighed',
  'parcel.attentionCleared',
  'parcel.damaged',
  'parcel.stickerPrinted',
  'inbound.arrived',
  'container.moved',
  'container.deleted',
  // Deconsolidation (docs/DECISIONS.md "Deconsolidation"): the box was unpacked.
  'box.deconsolidated',
  // Recipient picking (docs/DECISIONS.md "Recipient picking"): begun, a parcel picked up from
  // its cell, handed out to the recipient at end («выдана получателю»), a picking cancelled.
  'picking.begun',
  'parcel.pickedUp',
  'parcel.handedOut',
  'picking.cancelled',
  // docs/DECISIONS.md "Picking validation": not found in its cell at a picking.
  'parcel.lost',
  // docs/DECISIONS.md "Picking payment": a picking's payment started, processed,
  // cancelled or refunded (indexed under the parcels it pays for); an item returned with a reason.
  'picking.paymentStarted',
  'picking.paymentProcessed',
  'picking.paymentCancelled',
  'picking.paymentRefunded',
  'parcel.returned',
  // Audit (docs/DECISIONS.md "Audit"): a session, its cells and units; the audit moves no stock.
  'audit.sessionStarted',
  'audit.cellOpened',
  'audit.unitFound',
  'audit.unitSurplus',
  'audit.unitMissing',
  'audit.cellFinished',
  'audit.sessionFinished',
  // Inbound and outbound documents (docs/DECISIONS.md "Inbound supplies and outbound shipments").
  'inbound.closed',
  'parcel.detailStickered',
  // Receipt of cargo (docs/DECISIONS.md "Receipt of cargo"): a place received with its count,
  // reason and measures (indexed under the place's barcode); a receipt closed, places missing.
  'inbound.placeReceived',
  'inbound.receiptClosed',
  'outbound.syncCleared',
  // Guided workflows (docs/DECISIONS.md "Guided workflows"): a consolidation opened in its cell
  // with its box, and completed (its box closed).
  'consolidation.opened',
  'consolidation.completed',
  // A shipment's units (docs/DECISIONS.md "Guided workflows", shipment units): picked, short,
  // put back, the shipment's state moved; loaded onto a pallet or taken off, a pallet completed.
  'shipment.unitPicked',
  'shipment.unitShort',
  'shipment.unitReverted',
  'shipment.stateChanged',
  'shipment.unitLoaded',
  'shipment.unitUnloaded',
  'shipment.palletCompleted',
  // Packing (docs/DECISIONS.md "Packing"): a package (a sorting box) weighed, labelled, closed.
  'package.packed',
] as const;
export type TSortingEventKind = (typeof SORTING_EVENT_KINDS)[number];

/** One step of a box's or parcel's history, from the events table (the shape is ours). */
export interface TVisionFragment {
  eventId: number;
  /** ISO 8601. */
  dateUtc: string;
  kind: TSortingEventKind;
  userId: number | null;
  userName: string | null;
  warehouseNumber: number | null;
  parcelNumber: string | null;
  boxNumber: number | null;
  cellName: string | null;
  comment: string | null;
  /**
   * The guided workflow whose step made it (a WORKFLOW_NAMES name, «· консолидация» on
   * /vision; docs/DECISIONS.md "Guided workflows"); null for a step of the other screens.
   */
  workflow: string | null;
}

/** Spec part 2 §7 vision: `POST /vision-api/v1/{warehouse}/VisionFragment/boxes` answer. */
export interface TVisionFragments {
  visionFragments: TVisionFragment[];
}

/** Spec part 1 §9, part 2 §9: the returnable boxes list is paged by 40 (on the screen). */
export const RETURNABLE_BOXES_PAGE_SIZE = 40;
