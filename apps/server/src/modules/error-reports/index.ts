import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { errorIngestRoutes, errorReportsListRoutes } from './error-reports.routes.js';
import { createErrorReportsRepository } from './error-reports.repository.js';
import { createErrorReportsService } from './error-reports.service.js';
import { createServerErrorReporter } from './server-error-reporter.js';

export type { ErrorReportsService } from './error-reports.service.js';

/**
 * Error reports (docs/DECISIONS.md "Error reporting"): the Sentry-compatible ingest, the
 * retention sweep, the administrators' list.
 */
export async function registerErrorReports(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config, database, now } = deps;
  const service = createErrorReportsService({
    db: database.db,
    repository: createErrorReportsRepository,
    retentionDays: config.errorReportRetentionDays,
    now,
  });
  app.decorate('errorReports', service);
  // The server's own exceptions: Sentry with SENTRY_DSN, else this table.
  const serverReporter = createServerErrorReporter({
    dsn: config.sentryDsn,
    service,
    log: app.log,
  });
  app.onUnexpectedError((error, request) => serverReporter.reportRequestError(error, request));
  await app.register(errorIngestRoutes, {
    service,
    perMinute: config.errorReportsPerMinute,
    now,
  });
  await app.register(errorReportsListRoutes, { service });
  const sweep = () =>
    service
      .sweep()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, 'report sweep failed'));
  const timer = setInterval(() => void sweep(), service.sweepEveryMs);
  timer.unref();
  app.addHook('onReady', sweep);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await serverReporter.flush();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingest's counters and store (`/metrics` reads the counters). */
    errorReports: ReturnType<typeof createErrorReportsService>;
  }
}
