import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

/**
 * Prometheus metrics (docs/DECISIONS.md "Error reporting", metrics): every request's route
 * pattern, status and time, the refusals by ErrorCode, the moves per warehouse, the pool and
 * the error reports. Served only when METRICS_TOKEN is set. Registered after the modules whose
 * faces it reads (error reports).
 */
export async function registerMetrics(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const token = deps.config.metricsToken;
  if (!token) return;
  const service = createMetricsService({
    poolStats: () => deps.database.poolStats(),
    reports: () => app.errorReports.counters,
  });
  const refused = new WeakSet<object>();
  app.onRefusal((error, request) => {
    refused.add(request);
    service.countRefusal(error.code, request.routeOptions.url ?? 'unmatched');
  });
  app.addHook('onResponse', async (request, reply) => {
    service.observeRequest({
      method: request.method,
      // The pattern, never the URL: a URL carries barcodes and would grow the series forever.
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      isRefused: refused.has(request),
      warehouse: request.user?.defaultWarehouseNumber ?? null,
    });
  });
  await app.register(metricsRoutes, { service, token });
}
