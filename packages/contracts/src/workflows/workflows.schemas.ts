import { z } from 'zod';

import { INT4_MAX, ZId, zText } from '../input-rules.js';
import { SOUND_NAMES } from '../constants.js';
import { LABEL_TEMPLATES } from '../printing/printing-protocol.js';
import {
  WORKFLOW_COUNT_MAX,
  WORKFLOW_MEASURE_MAX_CM,
  WORKFLOW_MEASURE_MAX_GRAMS,
  WORKFLOW_COUNT_MIN,
  WORKFLOW_SCAN_KINDS,
  WORKFLOW_STATE_CODES,
} from './workflow-codes.js';

// The schemas of the process call (spec part 1 §3 "Workflow state", §7 `POST
// /{endpoint}/v1/{sortingCenterId}/{workflowName}/process`); the shapes the spec does not show are
// ours (docs/DECISIONS.md "Guided workflows"). camelCase envelope and fields.

/** `{sortingCenterId}` (the user's centre, else 403) and `{workflowName}` (unknown → 404). */
export const ZWorkflowParams = z.object({
  sortingCenterId: ZId,
  workflowName: zText({ min: 1, max: 100 }),
});
export type TWorkflowParams = z.infer<typeof ZWorkflowParams>;

const ZVersion = z.number().int().min(0).max(INT4_MAX);

/**
 * The state the client holds, a claim the server checks against the run (docs/DECISIONS.md
 * "Guided workflows", currentState check): InitialState with no run at the start.
 */
export const ZWorkflowStateClaim = z.object({
  code: z.enum(WORKFLOW_STATE_CODES),
  runId: z.number().int().min(1).max(INT4_MAX).nullable().default(null),
  version: ZVersion.default(0),
});
export type TWorkflowStateClaim = z.infer<typeof ZWorkflowStateClaim>;

/** A scanned barcode: 1–200 printable characters (GS of a GS1 code allowed). */
const ZBarcode = zText({ min: 1, max: 200, barcode: true });
/** A task's or an item's id as the answer gave it. */
const ZTargetId = zText({ min: 1, max: 100 });
const ZCount = z.number().int().min(WORKFLOW_COUNT_MIN).max(WORKFLOW_COUNT_MAX);

/** Measures of WaitMeasurements (cm and grams; parts 2 and 3). */
export const ZWorkflowMeasure = z.object({
  lengthCm: z.number().positive().max(WORKFLOW_MEASURE_MAX_CM),
  widthCm: z.number().positive().max(WORKFLOW_MEASURE_MAX_CM),
  heightCm: z.number().positive().max(WORKFLOW_MEASURE_MAX_CM),
  weightGrams: z.number().int().positive().max(WORKFLOW_MEASURE_MAX_GRAMS).optional(),
});

/** Spec part 1 §4 action codes, each with the payload it needs (a discriminated union). */
export const ZWorkflowAction = z.discriminatedUnion('code', [
  z.object({ code: z.literal('BarcodeScanned'), barcode: ZBarcode }),
  z.object({ code: z.literal('WorkplaceSelected'), barcode: ZBarcode }),
  z.object({ code: z.literal('TaskSelected'), taskId: ZTargetId }),
  z.object({ code: z.literal('TaskCompleted'), taskId: ZTargetId.optional() }),
  z.object({ code: z.literal('SkipClick'), itemId: ZTargetId.optional() }),
  z.object({ code: z.literal('PlaceClick') }),
  z.object({
    code: z.literal('ReasonSelected'),
    reasonCode: zText({ min: 1, max: 50 }),
    itemId: ZTargetId.optional(),
  }),
  z.object({ code: z.literal('ShowReasonsSelected'), itemId: ZTargetId.optional() }),
  z.object({ code: z.literal('Refresh') }),
  z.object({ code: z.literal('ItemReverted'), itemId: ZTargetId }),
  z.object({ code: z.literal('StickerCountSelected'), count: ZCount }),
  z.object({ code: z.literal('CountSelected'), count: ZCount, itemId: ZTargetId.optional() }),
  z.object({ code: z.literal('PalletComplete') }),
  z.object({
    code: z.literal('ConfirmItem'),
    itemId: ZTargetId,
    measure: ZWorkflowMeasure.optional(),
  }),
  z.object({ code: z.literal('Closed') }),
]);
export type TWorkflowAction = z.infer<typeof ZWorkflowAction>;

/** Spec part 1 §3, §7: the process body; a missing state is InitialState, a missing action Refresh. */
export const ZWorkflowRequest = z.object({
  currentState: ZWorkflowStateClaim.default({ code: 'InitialState', runId: null, version: 0 }),
  action: ZWorkflowAction.default({ code: 'Refresh' }),
});
export type TWorkflowRequest = z.infer<typeof ZWorkflowRequest>;

/** A text of the web catalogue by key (`prompt.<key>`) with its parameters. */
export const ZWorkflowText = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TWorkflowText = z.infer<typeof ZWorkflowText>;

/** What the state offers besides a scan (ours). */
export const ZWorkflowOptions = z.object({
  canSkip: z.boolean(),
  canPlace: z.boolean(),
  canCompleteTask: z.boolean(),
  canCompletePallet: z.boolean(),
  canClose: z.boolean(),
  count: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  reasons: z.array(z.object({ code: z.string() })).nullable(),
});
export type TWorkflowOptions = z.infer<typeof ZWorkflowOptions>;

/** The run's state as the server holds it: the claim the next call sends back, and the prompt. */
export const ZWorkflowState = z.object({
  code: z.enum(WORKFLOW_STATE_CODES),
  runId: z.number().int().nullable(),
  version: z.number().int(),
  prompt: ZWorkflowText,
  expects: z.array(z.enum(WORKFLOW_SCAN_KINDS)),
  options: ZWorkflowOptions,
});
export type TWorkflowState = z.infer<typeof ZWorkflowState>;

/** A task to choose (WaitTaskSelection; parts 2 and 3). */
export const ZWorkflowTask = z.object({
  taskId: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  /** The name of the user holding it, null when free. */
  heldBy: z.string().nullable(),
});
export type TWorkflowTask = z.infer<typeof ZWorkflowTask>;

export const WORKFLOW_ITEM_STATES = ['waiting', 'done', 'skipped'] as const;

/**
 * Spec part 1 §3 stock item fields of an item (WaitSku, WaitPickingSticker): the screen runs
 * `matchStock` over them for an instant highlight; the server runs it too and decides.
 */
export const ZWorkflowStockItem = z.object({
  parcelNumber: z.string(),
  parcelName: z.string(),
  maker: z.string(),
  barcodes: z.array(z.string()),
  receiptBarcode: z.string().nullable(),
  isStickered: z.boolean(),
  count: z.number().int(),
  isNeedAttention: z.boolean(),
});
export type TWorkflowStockItem = z.infer<typeof ZWorkflowStockItem>;

/** A unit of the current step (the destination's parcels of a consolidation). */
export const ZWorkflowItem = z.object({
  itemId: z.string(),
  kind: z.enum(WORKFLOW_SCAN_KINDS),
  barcode: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  location: z.string().nullable(),
  quantity: z.number().int(),
  doneQuantity: z.number().int(),
  state: z.enum(WORKFLOW_ITEM_STATES),
  isCurrent: z.boolean(),
  /** The goods' stock item fields, on the items of goods picked by SKU. */
  stock: ZWorkflowStockItem.optional(),
});
export type TWorkflowItem = z.infer<typeof ZWorkflowItem>;

export const WORKFLOW_NOTIFICATION_STATUSES = ['success', 'info', 'warning', 'error'] as const;

/** A toast; `content` worded by the server in the caller's language. */
export const ZWorkflowNotification = z.object({
  status: z.enum(WORKFLOW_NOTIFICATION_STATUSES),
  content: z.string(),
});
export type TWorkflowNotification = z.infer<typeof ZWorkflowNotification>;

/**
 * A label to print (spec part 1 §3 "Print job" without token and printer, which the web app's
 * printer connection adds): template, parameters, copies; for a parcel's own sticker, ours:
 * the parcel, which the web app marks printed (`PUT Parcels/{id}/sticker_printed`) once the
 * printer reports the job printed (docs/DECISIONS.md "Guided workflows", place to storage).
 */
export const ZWorkflowPrintJob = z.object({
  barcodeName: z.enum(LABEL_TEMPLATES),
  barcodeData: z.array(z.object({ name: z.string(), value: z.string() })),
  copies: z.number().int().min(1),
  parcelId: z.number().int().positive().optional(),
  /**
   * Ours: a supply detail's `inbound-detail` label (receipt of cargo), which the web app marks
   * stickered (`PUT …/details/{inboundDetailId}/stickered`) once the printer reports it printed.
   */
  inboundDetailId: z.number().int().positive().optional(),
});
export type TWorkflowPrintJob = z.infer<typeof ZWorkflowPrintJob>;

/** Spec part 1 §7: result (sounds, notification), and ours: the labels to print. */
export const ZWorkflowResult = z.object({
  sounds: z.array(z.enum(SOUND_NAMES)),
  notification: ZWorkflowNotification.nullable(),
  print: z.array(ZWorkflowPrintJob),
});
export type TWorkflowResult = z.infer<typeof ZWorkflowResult>;

/**
 * The operation object of every answer, a refusal's too (the unchanged state with an error
 * notification): the screen always has a state (docs/DECISIONS.md "Guided workflows").
 */
export const ZWorkflowAnswer = z.object({
  currentState: ZWorkflowState,
  tasks: z.array(ZWorkflowTask),
  items: z.array(ZWorkflowItem),
  result: ZWorkflowResult,
});
export type TWorkflowAnswer = z.infer<typeof ZWorkflowAnswer>;

/** The workflow calls' schemas, bound to `WORKFLOW_ROUTES` by name. */
export const WORKFLOW_SCHEMAS = {
  process: {
    summary: 'One step of a guided workflow: the action on the current state, the next state',
    params: ZWorkflowParams,
    body: ZWorkflowRequest,
    response: ZWorkflowAnswer,
  },
};
