import type { FastifyInstance } from 'fastify';
import {
  ZSortingCenterParams,
  ZUserCreateRequest,
  ZUserParams,
  ZUsersListQuery,
} from '@sorting/contracts';
import { answer, answerOutcome, sortingCenterCallOf } from '../../http/route-context.js';
import type { UsersService } from './users.service.js';

/**
 * Spec part 1 §7 "Users and time tracking": `/users-api/v1/{code}/Users`, {code} being the
 * sorting centre id. PascalCase envelope, operation objects in the spec's camelCase.
 */
export async function usersRoutes(
  app: FastifyInstance,
  options: { service: UsersService },
): Promise<void> {
  const { service } = options;
  const guarded = { preHandler: app.requireSession };

  app.get('/users-api/v1/:code/Users', guarded, async (request) => {
    const { code } = ZSortingCenterParams.parse(request.params);
    const query = ZUsersListQuery.parse(request.query ?? {});
    const page = await service.list(query, sortingCenterCallOf(request, code));
    return answer(app, request, page);
  });

  app.post('/users-api/v1/:code/Users', guarded, async (request) => {
    const { code } = ZSortingCenterParams.parse(request.params);
    const body = ZUserCreateRequest.parse(request.body ?? {});
    return answerOutcome(
      app,
      request,
      await service.create(body, sortingCenterCallOf(request, code)),
    );
  });

  app.post('/users-api/v1/:code/Users/:userId/badge', guarded, async (request) => {
    const { code, userId } = ZUserParams.parse(request.params);
    return answerOutcome(
      app,
      request,
      await service.reissueBadge(userId, sortingCenterCallOf(request, code)),
    );
  });

  app.delete('/users-api/v1/:code/Users/:userId', guarded, async (request) => {
    const { code, userId } = ZUserParams.parse(request.params);
    return answerOutcome(
      app,
      request,
      await service.remove(userId, sortingCenterCallOf(request, code)),
    );
  });
}
