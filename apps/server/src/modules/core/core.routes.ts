import type { FastifyInstance } from 'fastify';
import { RUNTIME_SETTINGS_PATH } from '@sorting/contracts';
import type { CoreService } from './core.service.js';

/** Public routes (no session): health for operators, runtime settings for the web app. */
export async function coreRoutes(
  app: FastifyInstance,
  options: { service: CoreService },
): Promise<void> {
  const { service } = options;

  app.get('/healthz', async (request, reply) => {
    const health = await service.checkHealth();
    if (health.status !== 'ok') request.log.warn({ health }, 'health check failed');
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });

  // Spec part 2 §7 "Core": POST, answered as a plain object (no envelope); the web app's
  // readEnvelope takes a bare body as the operation object.
  app.post(RUNTIME_SETTINGS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(service.runtimeSettings()),
  );
}
