import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import type { Sessions } from '../auth/index.js';
import { usersRoutes } from './users.routes.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

/** Users of a warehouse (spec part 1 §7); ending a user's sessions reaches every process. */
export async function registerUsers(
  app: FastifyInstance,
  deps: ModuleDeps & { sessions: Pick<Sessions, 'forgetUser'> },
): Promise<void> {
  await app.register(usersRoutes, {
    service: createUsersService({
      db: deps.database.db,
      repository: createUsersRepository,
      now: deps.now,
      onSessionsEnded: (userId) => deps.sessions.forgetUser(userId),
    }),
  });
}
