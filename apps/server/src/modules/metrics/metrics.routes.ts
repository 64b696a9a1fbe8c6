import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@sorting/contracts';
import type { MetricsService } from './metrics.service.js';

/** The scrape path (docs/OPERATIONS.md, scrape config). */
export const METRICS_PATH = '/metrics';

function isToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` for Prometheus, behind METRICS_TOKEN as a Bearer token: a browser session
 * (its cookie) opens nothing here.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { service: MetricsService; token: string },
): Promise<void> {
  app.get(METRICS_PATH, async (request, reply) => {
    if (!isToken(request.headers.authorization, options.token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthenticated', { message: 'A scrape needs its Bearer token' });
    }
    return reply
      .header('content-type', options.service.contentType)
      .header('cache-control', 'no-store')
      .send(await options.service.scrape());
  });
}
