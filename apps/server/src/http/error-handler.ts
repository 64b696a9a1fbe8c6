import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@sorting/contracts';
import { ZodError } from 'zod';
import { messageFor } from '../i18n/messages.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** Seconds a client waits before retrying a 503 (the web app retries on its own schedule). */
const RETRY_AFTER_SECONDS = 2;

export interface ErrorAnswer {
  error: AppError;
  /** HTTP status: the table's, or a Fastify client error's own. */
  status: number;
  /** Unexpected errors are logged with their stack; refusals are not. */
  isUnexpected: boolean;
}

function formatZodIssues(error: ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

function isZodError(error: unknown): error is ZodError {
  return (
    error instanceof ZodError ||
    (error instanceof Error && error.name === 'ZodError' && 'issues' in error)
  );
}

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/**
 * Conventions §7: one error type, mapped to the envelope by one table (ERROR_TABLE).
 * - AppError → its status and envelope.
 * - zod or Fastify schema validation → 400 badRequest, the issues as Message.
 * - Fastify's other client errors (malformed JSON 400, 413, 415, ...) keep their status, with
 *   that status as ErrorCode: they are the caller's fault, never critical.
 * - anything else → 500 internal with IsCriticalError, the cause only in the log.
 */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (isAppError(error)) {
    return { error, status: error.status, isUnexpected: error.status >= 500 };
  }
  if (isZodError(error)) {
    const answer = new AppError('badRequest', {
      message: formatZodIssues(error),
      details: error.issues,
    });
    return { error: answer, status: answer.status, isUnexpected: false };
  }
  if (isFastifyClientError(error)) {
    const answer = error.validation
      ? new AppError('badRequest', { message: error.message, details: error.validation })
      : new AppError('badRequest', { message: error.message, errorCode: error.statusCode });
    return {
      error: answer,
      status: error.validation ? answer.status : error.statusCode,
      isUnexpected: false,
    };
  }
  const answer = new AppError('internal', { message: 'Internal server error', cause: error });
  return { error: answer, status: answer.status, isUnexpected: true };
}

/** Installs the one error handler and the 404 answer for unknown routes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (!isAppError(raw) && isDatabaseUnavailable(raw)) {
      // Retryable: nothing was committed, the same operation id may be sent again.
      const error = new AppError('unavailable', {
        message: messageFor(request, 'databaseUnavailable'),
        cause: raw,
      });
      request.log.warn({ err: raw }, 'database unavailable');
      return reply
        .code(error.status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(app.envelopeCasing.present(request, error.toEnvelope()));
    }
    const { error, status, isUnexpected } = toErrorAnswer(raw);
    if (isUnexpected) {
      request.log.error({ err: raw }, 'request failed');
    } else {
      request.log.info({ code: error.code, message: error.message }, 'request refused');
    }
    return reply.code(status).send(app.envelopeCasing.present(request, error.toEnvelope()));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    const error = new AppError('routeNotFound', {
      message: `Route ${request.method} ${pathname} not found`,
    });
    return reply.code(error.status).send(app.envelopeCasing.present(request, error.toEnvelope()));
  });
}
