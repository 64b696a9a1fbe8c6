import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { dimensionsRoutes } from './dimensions.routes.js';
import { createDimensionsRepository } from './dimensions.repository.js';
import { createDimensionsService } from './dimensions.service.js';

export { presentDimension, type DimensionTypeFields } from './dimension-type.js';

/** Dimension types (spec part 2 §3, §7). */
export async function registerDimensions(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(dimensionsRoutes, {
    service: createDimensionsService({
      db: deps.database.db,
      repository: createDimensionsRepository,
      now: deps.now,
    }),
  });
}
