import {
  DOCUMENTS_ROUTES,
  SORTING_ROUTES,
  WORKFLOW_ROUTES,
  type WorkflowName,
} from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { DetailStickeredCall, StickerPrintedCall, WorkflowCall } from './workflow.types';

/**
 * Spec part 1 §7 `POST /{endpoint}/v1/{sortingCenterId}/{workflowName}/process` on the
 * `workflow` service base, with the runtime settings' sorting centre (34717 by default).
 */
export function createWorkflowService(
  api: ApiClient,
  getSortingCenterId: () => Promise<number>,
  workflowName: WorkflowName,
): WorkflowCall {
  return async (request, operationId) =>
    api.call(WORKFLOW_ROUTES.process, {
      params: { sortingCenterId: await getSortingCenterId(), workflowName },
      body: request,
      operationId,
    });
}

/** A parcel's sticker marked printed once a workflow's label of it is (place to storage). */
export function createStickerPrintedCall(api: ApiClient): StickerPrintedCall {
  return (parcelId, operationId) =>
    api.call(SORTING_ROUTES.stickerPrinted, { params: { id: parcelId }, operationId });
}

/** A supply detail marked stickered once its `inbound-detail` label is printed (receipt). */
export function createDetailStickeredCall(api: ApiClient): DetailStickeredCall {
  return (inboundDetailId, operationId) =>
    api.call(DOCUMENTS_ROUTES.inboundDetailStickered, { params: { inboundDetailId }, operationId });
}
