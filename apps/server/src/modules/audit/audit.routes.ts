import type { FastifyInstance } from 'fastify';
import { AUDIT_ROUTES, AUDIT_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { AuditService } from './audit.service.js';

/**
 * Spec part 2 §7 "Audit": the routes of `AUDIT_ROUTES` (paths, access and schemas are in
 * packages/contracts). camelCase: the spec reads `operationObject.sessions`, so the prefix's
 * errors and unknown routes answer camelCase too.
 */
export async function auditRoutes(
  app: FastifyInstance,
  options: { service: AuditService },
): Promise<void> {
  const { service } = options;
  app.envelopeCasing.register('/audit-api', 'camel');
  registerRoutes(app, AUDIT_ROUTES, AUDIT_SCHEMAS, {
    sessions: async ({ body, call }) => service.sessions(body, call),
    start: async ({ call }) => service.start(call),
    openCell: async ({ params, body, call }) =>
      service.openCell(params.sessionId, body.barcode, call),
    scan: async ({ params, body, call }) =>
      service.scan(params.sessionId, params.cellId, body.barcode, call),
    finishCell: async ({ params, body, call }) =>
      service.finishCell(params.sessionId, body.cellId, call),
    items: async ({ params, call }) => service.items(params.sessionId, call),
    finish: async ({ params, call }) => service.finish(params.sessionId, call),
  });
}
