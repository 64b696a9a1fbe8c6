import type { FastifyInstance } from 'fastify';
import { CORE_ROUTES, CORE_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { CoreService } from './core.service.js';

/** Public routes (no session): health for operators, runtime settings for the web app. */
export async function coreRoutes(
  app: FastifyInstance,
  options: { service: CoreService },
): Promise<void> {
  const { service } = options;

  // Liveness: the process answers (a load balancer or supervisor restarts it when not).
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(service.liveness()),
  );

  // Readiness: a draining process (shutdown begun) leaves the load balancer before it stops.
  app.get('/readyz', async (request, reply) => {
    const health = await service.checkHealth(app.isClosing());
    if (health.status !== 'ok') request.log.warn({ health }, 'readiness check failed');
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });

  // Spec part 2 §7 "Core": POST, answered as a plain object (no envelope; CORE_ROUTES). The
  // error reports' list of the same map is the error-reports module's.
  registerRoutes(app, { runtimeSettings: CORE_ROUTES.runtimeSettings }, CORE_SCHEMAS, {
    runtimeSettings: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      // request.protocol and request.host follow X-Forwarded-* only under TRUST_PROXY.
      return service.runtimeSettings(`${request.protocol}://${request.host}`);
    },
  });
}
