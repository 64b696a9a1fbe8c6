import type { FastifyInstance } from 'fastify';
import { WORKFLOW_ROUTES, WORKFLOW_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { messageFor } from '../../i18n/messages.js';
import type { WorkflowEngine } from './workflow-engine.js';

/**
 * Spec part 1 §7 `POST /{endpoint}/v1/{sortingCenterId}/{workflowName}/process`: the route of
 * `WORKFLOW_ROUTES` (access, centre and warehouse declared in packages/contracts). The
 * notifications are worded here, at the edge, in the caller's language.
 */
export async function workflowsRoutes(
  app: FastifyInstance,
  options: { engine: WorkflowEngine },
): Promise<void> {
  const { engine } = options;
  registerRoutes(app, WORKFLOW_ROUTES, WORKFLOW_SCHEMAS, {
    process: async ({ params, body, call, request }) =>
      engine.process(params.workflowName, body, call, (key, values) =>
        messageFor(request, key, values),
      ),
  });
}
