import type {
  TWorkflowAction,
  TWorkflowAnswer,
  TWorkflowItem,
  TWorkflowResult,
  TWorkflowState,
  TWorkflowStateClaim,
  TWorkflowTask,
} from '@sorting/contracts';
import type { CallResult } from '../../lib/api-client';

// The screen's names for the workflow contract (packages/contracts/src/workflows; docs/DECISIONS.md
// "Guided workflows", the answer shape).

/** Spec part 1 §3: the state the server answered; its code names what the screen waits for. */
export type WorkflowCurrentState = TWorkflowState;
export type WorkflowTask = TWorkflowTask;
export type WorkflowItem = TWorkflowItem;
export type WorkflowResult = TWorkflowResult;
/** The answer's operation object: the whole screen, replaced on every answer. */
export type WorkflowAnswer = TWorkflowAnswer;
/** Spec part 1 §4: an action with its code and what its code needs. */
export type WorkflowAction = TWorkflowAction;

/** The body of `…/{workflowName}/process` (spec part 1 §7), both parts given. */
export interface WorkflowRequest {
  currentState: TWorkflowStateClaim;
  action: TWorkflowAction;
}

export type WorkflowCall = (
  request: WorkflowRequest,
  operationId: string,
) => Promise<CallResult<WorkflowAnswer>>;

/**
 * `PUT /sorting-api/Parcels/{id}/sticker_printed` (spec part 1 §7): a parcel's sticker, printed
 * by a workflow's label, marked printed.
 */
export type StickerPrintedCall = (
  parcelId: number,
  operationId: string,
) => Promise<CallResult<unknown>>;

/**
 * `PUT …/documents/inbound/details/{inboundDetailId}/stickered` (part 2 §7): a supply detail,
 * its `inbound-detail` label printed by the receipt of cargo, marked stickered.
 */
export type DetailStickeredCall = (
  inboundDetailId: number,
  operationId: string,
) => Promise<CallResult<unknown>>;
