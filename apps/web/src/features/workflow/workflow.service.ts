import { WORKFLOW_ROUTES, type WorkflowName } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { WorkflowCall } from './workflow.types';

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
