import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  CORE_ROUTES,
  CORE_SCHEMAS,
  DEVICE_COOKIE,
  ERROR_INGEST_MAX_BYTES,
  ERROR_INGEST_PATH,
} from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { createDeviceRateLimit } from './device-rate-limit.js';
import { inflate, readEnvelope } from './envelope-reader.js';
import type { ErrorReportsService } from './error-reports.service.js';

/** The device a report came from: its device cookie, else its address. */
function deviceOf(request: FastifyRequest): string {
  return request.cookies[DEVICE_COOKIE] ?? `ip:${request.ip}`;
}

/**
 * The ingest, public as Sentry's is (a report of the sign-in page has no session): its own
 * body parser in this encapsulated plugin, for any content type the SDKs send, bounded by
 * ERROR_INGEST_MAX_BYTES (Fastify answers 413 from Content-Length before reading, or as soon
 * as a body without one passes it).
 */
export async function errorIngestRoutes(
  app: FastifyInstance,
  options: { service: ErrorReportsService; perMinute: number; now: () => Date },
): Promise<void> {
  const { service } = options;
  const limit = createDeviceRateLimit(options.perMinute, options.now);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ERROR_INGEST_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post<{ Params: { projectId: string } }>(
    ERROR_INGEST_PATH,
    { bodyLimit: ERROR_INGEST_MAX_BYTES },
    async (request, reply) => {
      if (!/^\d{1,9}$/.test(request.params.projectId)) {
        throw new AppError('badRequest', { message: 'projectId: must be a number' });
      }
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('badRequest', { message: 'The envelope is empty' });
      }
      const rows = readEnvelope(inflate(request.body, request.headers['content-encoding']));
      if (rows.length > 0 && !limit.take(deviceOf(request))) {
        service.countDropped(rows.length);
        void reply.header('retry-after', String(limit.retryAfterSeconds()));
        throw new AppError('tooManyRequests', {
          message: 'Too many reports from this device this minute',
          details: { retryAfterSeconds: limit.retryAfterSeconds() },
        });
      }
      await service.store(rows);
      // Sentry's answer: the id of the envelope's event.
      return reply.header('cache-control', 'no-store').send({ id: rows[0]?.eventId ?? null });
    },
  );
}

/** The administrators' list behind `/errors` (its access declared on the route). */
export async function errorReportsListRoutes(
  app: FastifyInstance,
  options: { service: ErrorReportsService },
): Promise<void> {
  registerRoutes(app, { errorReports: CORE_ROUTES.errorReports }, CORE_SCHEMAS, {
    errorReports: async ({ query }) => options.service.list(query.page ?? 1),
  });
}
