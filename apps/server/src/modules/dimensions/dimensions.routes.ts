import type { FastifyInstance } from 'fastify';
import { DIMENSIONS_ROUTES, DIMENSIONS_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { DimensionsService } from './dimensions.service.js';

/**
 * Spec part 2 §7 "Dimensions": the routes of `DIMENSIONS_ROUTES`, the list of dimension types.
 * Creating, changing and deleting types come with a later issue.
 */
export async function dimensionsRoutes(
  app: FastifyInstance,
  options: { service: DimensionsService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, DIMENSIONS_ROUTES, DIMENSIONS_SCHEMAS, {
    list: async ({ call }) => service.list(call),
  });
}
