import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { timeTrackingRoutes } from './time-tracking.routes.js';
import { createTimeTrackingRepository } from './time-tracking.repository.js';
import { createTimeTrackingService } from './time-tracking.service.js';

/** Time tracking (spec part 1 §7). */
export async function registerTimeTracking(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(timeTrackingRoutes, {
    service: createTimeTrackingService({
      db: deps.database.db,
      repository: createTimeTrackingRepository,
      now: deps.now,
    }),
  });
}
