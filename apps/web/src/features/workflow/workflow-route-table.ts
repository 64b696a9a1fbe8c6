import type { WorkflowName, WorkflowStateCode } from '@sorting/contracts';
import type { WorkflowRoute } from './workflow-routes';

/**
 * The workflow route table (docs/DECISIONS.md "Guided workflows", the route ↔ workflowName
 * table): one line per route of spec part 1 §2 with the workflow it runs (`{workflowName}` of
 * the process call; part 1 §1 names ten types for thirteen routes, the mapping is ours). Read
 * by the lazy screen only, so the first screen carries the route names alone.
 */
export const WORKFLOW_OF_ROUTE = {
  'cargo-picking': 'boxes-transit-picking',
  'cargo-picking-v2': 'boxes-transit-picking-v2',
  loading: 'boxes-transit-loading',
  'loading-v2': 'boxes-transit-loading-v2',
  'place-to-storage': 'place-to-storage',
  'receipt-cargo': 'receipt-cargo',
  consolidation: 'consolidating',
  'parcel-picking-in-storage': 'parcel-picking-in-storage',
  'print-box-sticker': 'print-box-sticker',
  'parcels-picking': 'parcels-picking',
  'parcels-placing': 'parcel-placing',
  packing: 'packing',
  placing: 'placing',
} as const satisfies Record<WorkflowRoute, WorkflowName>;

/**
 * The details workflow a route runs beside its own for one item (spec part 1 §1 «details
 * variant»; docs/DECISIONS.md "Guided workflows", step table 9): «Состав» of a box.
 */
const DETAILS_OF_ROUTE: Partial<Record<WorkflowRoute, WorkflowName>> = {
  'cargo-picking-v2': 'boxes-transit-picking-details',
};

/**
 * What an item's buttons send (docs/DECISIONS.md "Packing", item actions per workflow):
 * `confirm` ConfirmItem, `revert` ItemReverted, `reasons` ShowReasonsSelected, `scan` the item's
 * barcode as BarcodeScanned (a size chosen from the list).
 */
export type ItemAction = 'confirm' | 'revert' | 'reasons' | 'scan';

/** The item buttons of a route's states, as its server definition accepts them. */
export type ItemActionTable = Partial<Record<WorkflowStateCode, readonly ItemAction[]>>;

/**
 * The routes whose items offer other buttons than the shared default (workflow-views.tsx): each
 * state lists only the item actions its server definition's step table accepts; a state left
 * out offers none.
 */
const ITEM_ACTIONS_OF_ROUTE: Partial<Record<WorkflowRoute, ItemActionTable>> = {
  // receipt-cargo.rules.ts: places are scanned, only a sticker's goods are chosen by hand.
  'receipt-cargo': { WaitPickingSticker: ['confirm'] },
  // packing.rules.ts: a size from the list, an item packed by hand or taken out again.
  packing: { WaitContainerSize: ['scan'], WaitItem: ['confirm', 'revert'] },
};

/** The states of a route showing the measure form (sides and weight), WaitMeasurements else. */
const MEASURE_STATES_OF_ROUTE: Partial<Record<WorkflowRoute, readonly WorkflowStateCode[]>> = {
  packing: ['WaitSizeAndPrint'],
};

/** A route with the workflow it runs (and the details workflow of its items, if any). */
export interface WorkflowRouteLine {
  route: WorkflowRoute;
  workflow: WorkflowName;
  details?: WorkflowName;
  /** Its item buttons by state; absent: the shared default. */
  itemActions?: ItemActionTable;
  /** The states showing the measure form. */
  measureStates?: readonly WorkflowStateCode[];
}

/** The line of a route. */
export function lineOf(route: WorkflowRoute): WorkflowRouteLine {
  const details = DETAILS_OF_ROUTE[route];
  const itemActions = ITEM_ACTIONS_OF_ROUTE[route];
  const measureStates = MEASURE_STATES_OF_ROUTE[route];
  return {
    route,
    workflow: WORKFLOW_OF_ROUTE[route],
    ...(details ? { details } : {}),
    ...(itemActions ? { itemActions } : {}),
    ...(measureStates ? { measureStates } : {}),
  };
}
