import type { WorkflowScanKind } from '@sorting/contracts';

// The object a scan names (docs/DECISIONS.md "Guided workflows", scan classification): the
// server classifies a barcode by its prefix (`_R…` container, `_…` box, `=`/`%` cell), then
// by lookup (dimension type `dt`, parcel); the kinds parts 2 and 3 add come after.

export interface BoxFact {
  kind: 'box';
  barcode: string;
  id: number;
  number: number;
  warehouseId: number;
  cellId: number | null;
  isClosed: boolean;
  parcelsCount: number;
}

export interface ContainerFact {
  kind: 'container';
  barcode: string;
  id: number;
  warehouseId: number;
}

export interface CellFact {
  kind: 'cell';
  barcode: string;
  id: number;
  name: string;
  warehouseId: number;
  /** The barcode of a box standing in it (open or closed), null when none. */
  boxBarcode: string | null;
}

export interface ParcelFact {
  kind: 'parcel';
  barcode: string;
  id: number;
  name: string;
  warehouseId: number;
  sortingKey: string;
  sortingName: string;
  boxId: number | null;
}

/** A recipient's code (`recepient`, spec part 1 §3): a picking client of a warehouse. */
export interface RecipientFact {
  kind: 'recepient';
  barcode: string;
  id: number;
  code: string;
  name: string;
  warehouseId: number;
}

export interface DimensionFact {
  kind: 'dt';
  barcode: string;
  id: number;
  name: string;
  /** Null for a type common to every warehouse. */
  warehouseCode: string | null;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/**
 * A cargo unit (docs/DECISIONS.md "Receipt of cargo"): a place of a supply (`PL-0201-1`), or the
 * supply's own `.69.` acceptance report (placeId null), which names every place of it.
 */
export interface CargoUnitFact {
  kind: 'cargo_unit';
  barcode: string;
  placeId: number | null;
  inboundId: number;
  warehouseId: number;
}

/**
 * A goods label's text (`sku`, spec part 1 §3, §5): what a state expecting goods gets for a scan
 * with no prefix that names none of the state's other kinds; stock matching reads it.
 */
export interface SkuFact {
  kind: 'sku';
  barcode: string;
}

/** A barcode the classification recognised by prefix but found nothing for, or nothing at all. */
export interface UnknownFact {
  kind: 'unknown';
  barcode: string;
  /** The kind its prefix names, when it has one. */
  prefixKind: WorkflowScanKind | null;
}

export type ScanFact =
  | BoxFact
  | ContainerFact
  | CellFact
  | ParcelFact
  | RecipientFact
  | DimensionFact
  | CargoUnitFact
  | SkuFact
  | UnknownFact;

/**
 * The scan as a state expecting goods reads it (docs/DECISIONS.md "Picking goods by SKU"): a text
 * without a prefix whose classified kind the state does not expect is a goods label (`sku`).
 */
export function asSkuWhenExpected(scan: ScanFact, expects: readonly WorkflowScanKind[]): ScanFact {
  if (!expects.includes('sku') || kindByPrefix(scan.barcode) !== null) return scan;
  return expects.includes(scan.kind as WorkflowScanKind)
    ? scan
    : { kind: 'sku', barcode: scan.barcode };
}

/** The kind a barcode's prefix names (spec part 1 §4), before any lookup; null: ask the tables. */
export function kindByPrefix(barcode: string): WorkflowScanKind | null {
  if (barcode.startsWith('_R')) return 'container';
  if (barcode.startsWith('_')) return 'box';
  if (barcode.startsWith('=') || barcode.startsWith('%')) return 'cell';
  return null;
}
