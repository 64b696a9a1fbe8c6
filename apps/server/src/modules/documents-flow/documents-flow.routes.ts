import type { FastifyInstance } from 'fastify';
import { DOCUMENTS_FLOW_ROUTES, DOCUMENTS_FLOW_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { DocumentsFlowService } from './documents-flow.service.js';

/**
 * Spec part 2 §7 "Document flow": the routes of `DOCUMENTS_FLOW_ROUTES` (paths, access and
 * schemas are in packages/contracts). The service answers in camelCase, its errors and unknown
 * paths too (spec part 2 §5: "isSuccess or IsSuccess; the casing differs by service").
 */
export async function documentsFlowRoutes(
  app: FastifyInstance,
  options: { service: DocumentsFlowService },
): Promise<void> {
  const { service } = options;
  app.envelopeCasing.register('/documentsflow-api', 'camel');
  registerRoutes(app, DOCUMENTS_FLOW_ROUTES, DOCUMENTS_FLOW_SCHEMAS, {
    search: async ({ body, call }) => service.search(body, call),
    sign: async ({ params, call }) => service.sign(params.documentId, call),
    validate: async ({ params, call }) => service.validate(params.documentId, call),
  });
}
