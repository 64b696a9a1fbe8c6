import type { FastifyInstance } from 'fastify';
import { answer, callContextOf } from '../../http/route-context.js';
import type { DimensionsService } from './dimensions.service.js';

/**
 * Spec part 2 §7 "Dimensions": `GET /dimensions-api/dimension`, the list of dimension types.
 * PascalCase envelope and fields. Creating, changing and deleting types come with a later issue.
 */
export async function dimensionsRoutes(
  app: FastifyInstance,
  options: { service: DimensionsService },
): Promise<void> {
  const { service } = options;
  const guarded = { preHandler: app.requireSession };

  app.get('/dimensions-api/dimension', guarded, async (request) => {
    const { user } = callContextOf(request);
    return answer(app, request, await service.list(user));
  });
}
