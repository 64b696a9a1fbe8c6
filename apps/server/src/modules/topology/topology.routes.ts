import type { FastifyInstance } from 'fastify';
import { TOPOLOGY_ROUTES, TOPOLOGY_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { TopologyService } from './topology.service.js';

/**
 * `/topology-api/v1/{warehouseCode}/…` (docs/DECISIONS.md "Topology"): the routes of
 * `TOPOLOGY_ROUTES` (paths, access and schemas are in packages/contracts).
 */
export async function topologyRoutes(
  app: FastifyInstance,
  options: { service: TopologyService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, TOPOLOGY_ROUTES, TOPOLOGY_SCHEMAS, {
    zones: async ({ call }) => service.zones(call),
    cells: async ({ params, query, call }) => service.cells(params.zoneNumber, query, call),
    createZone: async ({ body, call }) => service.createZone(body, call),
    createCells: async ({ params, body, call }) =>
      service.createCells(params.zoneNumber, body, call),
    boxes: async ({ query, call }) => service.boxes(query, call),
  });
}
