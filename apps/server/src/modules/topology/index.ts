import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { topologyRoutes } from './topology.routes.js';
import { createTopologyRepository } from './topology.repository.js';
import { createTopologyService } from './topology.service.js';

/** Zones, cells and box labels as data (docs/DECISIONS.md "Topology"). */
export async function registerTopology(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(topologyRoutes, {
    service: createTopologyService({
      db: deps.database.db,
      repository: createTopologyRepository,
      now: deps.now,
    }),
  });
}
