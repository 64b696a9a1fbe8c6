import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { deconsolidationRoutes } from './deconsolidation.routes.js';
import { createDeconsolidationRepository } from './deconsolidation.repository.js';
import { createDeconsolidationService } from './deconsolidation.service.js';

/** Deconsolidation of boxes (spec part 2 §7). */
export async function registerDeconsolidation(
  app: FastifyInstance,
  deps: ModuleDeps,
): Promise<void> {
  await app.register(deconsolidationRoutes, {
    service: createDeconsolidationService({
      db: deps.database.db,
      repository: createDeconsolidationRepository,
      now: deps.now,
    }),
  });
}
