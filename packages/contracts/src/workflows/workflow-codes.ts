// The codes of the guided workflows (spec part 1 §1, §2, §3, §4; docs/DECISIONS.md "Guided
// workflows"): state and action codes and scannable kinds exactly as the spec writes them, and
// the workflow names with the routes that render them. No zod here: the web app's route table
// imports these without the schemas.

/** Spec part 1 §4: the workflow state codes, as written. */
export const WORKFLOW_STATE_CODES = [
  'WaitAuthentication',
  'WaitTaskSelection',
  'WaitPickingSticker',
  'WaitWhat',
  'PackingWaitWhat',
  'WaitWorkplace',
  'WaitWhereOrPrint',
  'WaitStickerCount',
  'WaitSizeAndPrint',
  'WaitCount',
  'WaitReason',
  'WaitMeasurements',
  'WaitContainerSize',
  'WaitWhere',
  'WaitItem',
  'WaitPallet',
  'WaitCell',
  'WaitSku',
  'WaitSkuCount',
  'WaitBox',
  'WaitConfirm',
  'InitialState',
] as const;
export type WorkflowStateCode = (typeof WORKFLOW_STATE_CODES)[number];

/** Spec part 1 §4: the workflow action codes, as written. */
export const WORKFLOW_ACTION_CODES = [
  'BarcodeScanned',
  'WorkplaceSelected',
  'TaskSelected',
  'TaskCompleted',
  'SkipClick',
  'PlaceClick',
  'ReasonSelected',
  'ShowReasonsSelected',
  'Refresh',
  'ItemReverted',
  'StickerCountSelected',
  'CountSelected',
  'PalletComplete',
  'ConfirmItem',
  'Closed',
] as const;
export type WorkflowActionCode = (typeof WORKFLOW_ACTION_CODES)[number];

/** Spec part 1 §3: the scannable object kinds of the workflows (`recepient` spelled so). */
export const WORKFLOW_SCAN_KINDS = [
  'box',
  'cargo_unit',
  'parcel',
  'container',
  'sku',
  'recepient',
  'cell',
  'dt',
] as const;
export type WorkflowScanKind = (typeof WORKFLOW_SCAN_KINDS)[number];

/**
 * Spec part 1 §1 names ten workflow types for the thirteen routes of §2; this mapping is ours
 * (docs/DECISIONS.md "Guided workflows"): each workflow name with the route that renders it.
 * `boxes-transit-picking-v2` and its details variant share `/cargo-picking-v2`.
 */
export const WORKFLOW_ROUTE_PATHS = {
  'print-box-sticker': '/print-box-sticker',
  placing: '/placing',
  consolidating: '/consolidation',
  'parcel-placing': '/parcels-placing',
  'place-to-storage': '/place-to-storage',
  'parcel-picking-in-storage': '/parcel-picking-in-storage',
  'boxes-transit-picking': '/cargo-picking',
  'boxes-transit-picking-v2': '/cargo-picking-v2',
  'boxes-transit-picking-details': '/cargo-picking-v2',
  'boxes-transit-loading': '/loading',
  'boxes-transit-loading-v2': '/loading-v2',
  'receipt-cargo': '/receipt-cargo',
  packing: '/packing',
  'parcels-picking': '/parcels-picking',
} as const;

/** Every workflow name (`{workflowName}` of the process call). */
export const WORKFLOW_NAMES = Object.keys(WORKFLOW_ROUTE_PATHS) as WorkflowName[];
export type WorkflowName = keyof typeof WORKFLOW_ROUTE_PATHS;

/** The workflows the server runs today (part 1 of the guided workflows); others answer 404. */
export const SERVED_WORKFLOW_NAMES = [
  'print-box-sticker',
  'placing',
  'consolidating',
  'parcel-placing',
  'place-to-storage',
  'parcel-picking-in-storage',
  'boxes-transit-picking',
  'boxes-transit-picking-v2',
  'boxes-transit-picking-details',
  'boxes-transit-loading',
  'boxes-transit-loading-v2',
  'parcels-picking',
  'receipt-cargo',
  'packing',
] as const satisfies readonly WorkflowName[];

/**
 * ConfirmItem's item id for the whole WaitConfirm list at once (ours: the screen's one
 * «Подтвердить»; docs/DECISIONS.md "Guided workflows", the screen).
 */
export const WORKFLOW_CONFIRM_ALL = 'all';

/** True for a name of WORKFLOW_NAMES. */
export function isWorkflowName(name: string): name is WorkflowName {
  return Object.hasOwn(WORKFLOW_ROUTE_PATHS, name);
}

/** Spec part 1 §7: the process call's default endpoint and sorting centre. */
export const WORKFLOW_DEFAULT_ENDPOINT = 'sorting-center-workflow-api';

/** Sticker and item counts a count action may carry (docs/DECISIONS.md "Guided workflows"). */
export const WORKFLOW_COUNT_MIN = 1;
export const WORKFLOW_COUNT_MAX = 50;

/** A measured side's upper bound, cm, and a weight's, grams (part 1 §5; a weight is above 0). */
export const WORKFLOW_MEASURE_MAX_CM = 10_000;
export const WORKFLOW_MEASURE_MAX_GRAMS = 1_000_000;

/** A run idle this long is closed by the next Refresh (docs/DECISIONS.md "Guided workflows"). */
export const WORKFLOW_RUN_IDLE_HOURS = 12;
