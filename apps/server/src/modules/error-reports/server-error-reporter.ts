import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import * as Sentry from '@sentry/node';
import { REPORT_TAGS, scrubText } from '@sorting/contracts';
import type { ReportRow } from './envelope-reader.js';
import type { ErrorReportsService } from './error-reports.service.js';

/** What a server report says of its request: ids only, never the body or its headers. */
interface RequestContext {
  requestId: string;
  route: string | null;
  userId: number | null;
  warehouse: number | null;
}

function contextOf(request: FastifyRequest): RequestContext {
  return {
    requestId: request.id,
    // The route's pattern, not its URL: a URL may carry a barcode or a token.
    route: request.routeOptions.url ?? null,
    userId: request.user?.id ?? null,
    warehouse: request.user?.defaultWarehouseNumber ?? null,
  };
}

function exceptionOf(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name, message: error.message };
  return { type: typeof error, message: String(error) };
}

/** A server exception as a stored report (the same row an envelope's event makes). */
export function serverReportRow(error: unknown, context: RequestContext): ReportRow {
  const exception = exceptionOf(error);
  return {
    eventId: randomUUID().replace(/-/g, ''),
    platform: 'node',
    groupKey: exception.type,
    fCode: null,
    errorCode: null,
    exceptionType: exception.type.slice(0, 200),
    message: scrubText(exception.message),
    userId: context.userId,
    warehouseId: context.warehouse,
    route: context.route,
    appVersion: process.env.SORTING_APP_VERSION ?? null,
    requestId: context.requestId,
    browser: null,
  };
}

/**
 * Where the server's own exceptions go (docs/DECISIONS.md "Error reporting"): to Sentry through
 * `@sentry/node` when SENTRY_DSN is set, else straight into the error reports table. Sent in
 * the background: a report never holds up the answer.
 */
export function createServerErrorReporter(deps: {
  dsn: string | null;
  service: ErrorReportsService;
  log: FastifyBaseLogger;
}) {
  if (deps.dsn) {
    Sentry.init({
      dsn: deps.dsn,
      release: process.env.SORTING_APP_VERSION,
      // Exceptions only: no tracing, no automatic instrumentation of the process.
      defaultIntegrations: false,
      tracesSampleRate: 0,
      beforeSend: (event) => ({
        ...event,
        request: undefined,
        extra: undefined,
        breadcrumbs: undefined,
        server_name: undefined,
        user: event.user?.id === undefined ? undefined : { id: event.user.id },
      }),
    });
  }
  const report = (error: unknown, context: RequestContext) => {
    if (deps.dsn) {
      Sentry.withScope((scope) => {
        scope.setUser(context.userId === null ? null : { id: String(context.userId) });
        scope.setTag(REPORT_TAGS.requestId, context.requestId);
        if (context.route) scope.setTag(REPORT_TAGS.route, context.route);
        if (context.warehouse !== null) scope.setTag(REPORT_TAGS.warehouse, context.warehouse);
        Sentry.captureException(error);
      });
      return;
    }
    deps.service
      .store([serverReportRow(error, context)])
      .catch((storeError: unknown) =>
        deps.log.warn({ err: storeError, reqId: context.requestId }, 'error report not stored'),
      );
  };
  return {
    /** An exception a route met (its 500 envelope and log line carry the same request id). */
    reportRequestError(error: unknown, request: FastifyRequest): void {
      report(error, contextOf(request));
    },
    /** Sends what Sentry still holds (shutdown). */
    flush: async (): Promise<void> => {
      if (deps.dsn) await Sentry.flush(2000);
    },
  };
}
