import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';

/** Cell audit sessions (spec part 2 §5, §7). */
export async function registerAudit(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(auditRoutes, {
    service: createAuditService({
      db: deps.database.db,
      repository: createAuditRepository,
      now: deps.now,
    }),
  });
}
