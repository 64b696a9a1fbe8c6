import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { documentsRoutes } from './documents.routes.js';
import { createDocumentsRepository } from './documents.repository.js';
import { createDocumentsService } from './documents.service.js';

/** Inbound supplies and outbound shipments (spec part 2 §3, §4, §7). */
export async function registerDocuments(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(documentsRoutes, {
    service: createDocumentsService({
      db: deps.database.db,
      repository: createDocumentsRepository,
      now: deps.now,
    }),
  });
}

export { inboundDetailLabel } from './documents.presenter.js';
