import type { FastifyInstance } from 'fastify';
import { USERS_ROUTES, USERS_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { centreCallOf } from '../../lib/call-context.js';
import type { UsersService } from './users.service.js';

/**
 * Spec part 1 §7 "Users": the routes of `USERS_ROUTES` (paths, access and schemas are in
 * packages/contracts); each handler hands its checked input to the service.
 */
export async function usersRoutes(
  app: FastifyInstance,
  options: { service: UsersService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, USERS_ROUTES, USERS_SCHEMAS, {
    list: async ({ query, call }) => service.list(query, centreCallOf(call)),
    create: async ({ body, call }) => service.create(body, centreCallOf(call)),
    reissueBadge: async ({ params, call }) =>
      service.reissueBadge(params.userId, centreCallOf(call)),
    unlock: async ({ params, call }) => service.unlock(params.userId, centreCallOf(call)),
    remove: async ({ params, call }) => service.remove(params.userId, centreCallOf(call)),
  });
}
