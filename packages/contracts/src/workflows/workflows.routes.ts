import { defineRoute, fillPath } from '../routing/route.js';
import type { WORKFLOW_SCHEMAS } from './workflows.schemas.js';

type Schemas = typeof WORKFLOW_SCHEMAS;

/**
 * Spec part 1 §7 `POST /{endpoint}/v1/{sortingCenterId}/{workflowName}/process`: only the
 * default endpoint is served; the centre must be the user's (403), the warehouse is the user's
 * default one (none: WaitAuthentication); camelCase envelope (docs/DECISIONS.md "Guided
 * workflows"). Refusals: 1 an action or kind not expected here, 409 a stale state (both with
 * the run's state), 404 an unknown workflow; 403 and 400 are the shared ones.
 */
export const WORKFLOW_ROUTES = {
  process: defineRoute<Schemas['process']>()({
    service: 'workflow',
    method: 'POST',
    path: '/sorting-center-workflow-api/v1/{sortingCenterId}/{workflowName}/process',
    answer: 'camel',
    access: { kind: 'session', sortingCenter: true },
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['refused', 'stateChanged', 'objectNotFound', 'repeatedFailure', 'parcelNotFound'],
  }),
} as const;

/** The process call's path filled in. */
export function workflowProcessPath(sortingCenterId: number, workflowName: string): string {
  return fillPath(WORKFLOW_ROUTES.process.path, { sortingCenterId, workflowName });
}
