import type { PackageFact } from '../packing-effects.js';
import type { OrderItemRow, PackingDimensionRow } from '../packing.repository.js';
import type { ParcelStockRow } from '../stock-items.repository.js';
import type { RunState, WorkflowFacts } from '../workflow-definition.js';

// What packing's definition, facts loader and view share (docs/DECISIONS.md "Packing"): the
// facts a step reads and the run's data.

/** An item of an order with its goods' stock item (null: goods without a part number). */
export interface PackingItem extends OrderItemRow {
  stock: ParcelStockRow | null;
}

/** What the engine reads for a step (packing.facts.ts). */
export interface PackingFacts {
  workplaces: { barcode: string; name: string }[];
  /** PackingWaitWhat: the items of every order ready to pack. */
  ready: PackingItem[];
  /** PackingWaitWhat: the order of the parcel scanned (null: none). */
  scannedOrder: string | null;
  /** The run's (or the scanned parcel's) order, its picked items. */
  items: PackingItem[];
  /** WaitContainerSize and WaitItem: the sizes a package may take. */
  dimensions: PackingDimensionRow[];
  /** A returnable box scanned as the package's size. */
  container: { barcode: string; lengthCm: number; widthCm: number; heightCm: number } | null;
}

export interface PackingData {
  workplace?: { barcode: string; name: string };
  order?: string;
  /** The packages opened by this run, the last one open while items are packed. */
  packages?: PackageFact[];
  /** WaitItem: the items a goods scan offered (CountSelected or ConfirmItem picks). */
  offered?: { itemIds: number[]; isSameGoods: boolean };
  /** WaitSizeAndPrint: the packages weighed so far. */
  weighed?: number;
}

export type PackingState = RunState<PackingData>;
export type PackingStepFacts = WorkflowFacts<PackingFacts>;
