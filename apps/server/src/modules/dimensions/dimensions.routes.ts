import type { FastifyInstance } from 'fastify';
import { DIMENSIONS_ROUTES, DIMENSIONS_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { DimensionsService } from './dimensions.service.js';

/**
 * Spec part 2 §7 "Dimensions": the routes of `DIMENSIONS_ROUTES` (paths, access and schemas are
 * in packages/contracts): the list, and creating, changing and deleting a type.
 */
export async function dimensionsRoutes(
  app: FastifyInstance,
  options: { service: DimensionsService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, DIMENSIONS_ROUTES, DIMENSIONS_SCHEMAS, {
    list: async ({ call }) => service.list(call),
    create: async ({ body, call }) => service.create(body, call),
    update: async ({ params, body, call }) => service.update(params.id, body, call),
    remove: async ({ params, call }) => service.remove(params.id, call),
  });
}
