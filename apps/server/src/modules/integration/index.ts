import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { createParcelFeedRepository } from '../sorting/index.js';
import { createIntegrationRepository } from './integration.repository.js';
import { integrationRoutes } from './integration.routes.js';
import { createIntegrationService } from './integration.service.js';

/**
 * The integration API for the systems around a sorting centre (docs/DECISIONS.md
 * "Integration", docs/INTEGRATION.md): API keys, parcels in by batches, the floor's events out.
 */
export async function registerIntegration(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(integrationRoutes, {
    service: createIntegrationService({
      db: deps.database.db,
      repository: createIntegrationRepository,
      parcels: createParcelFeedRepository,
      now: deps.now,
      callsPerMinute: deps.config.integrationCallsPerMinute,
    }),
  });
}
