import type { ModuleDeps } from '../../http/server-module.js';
import type { FastifyInstance } from 'fastify';
import { coreRoutes } from './core.routes.js';
import { createCoreService } from './core.service.js';
import { createHealthRepository } from './health.repository.js';

/** Health, readiness and the local settings of the web app (spec part 1 §7). */
export async function registerCore(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config, database } = deps;
  const service = createCoreService({
    config,
    databaseKind: database.kind,
    db: database.db,
    repository: createHealthRepository,
    poolStats: () => database.poolStats(),
  });
  await app.register(coreRoutes, { service });
}
