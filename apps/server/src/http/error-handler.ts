import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, inputRuleOf, isAppError } from '@sorting/contracts';
import { DEFAULT_LOCALE, type Locale } from '@sorting/domain';
import { ZodError } from 'zod';
import { isMessageKey, localeOf, messageFor, translate } from '../i18n/messages.js';
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

/** A zod issue as the route's validation carries it: where, which rule, zod's own text. */
interface InputIssue {
  path: PropertyKey[];
  code: string;
  message: string;
  params?: unknown;
}

/**
 * The issues of a route's schema validation (fastify-type-provider-zod keeps each zod issue's
 * code as `keyword`, its path as `instancePath` and the rest as `params`).
 */
function issuesOfValidation(validation: unknown[]): InputIssue[] {
  return validation.map((raw) => {
    const entry = raw as {
      keyword?: string;
      instancePath?: string;
      message?: string;
      params?: { params?: unknown };
    };
    return {
      path: (entry.instancePath ?? '').split('/').filter((part) => part !== ''),
      code: entry.keyword ?? 'custom',
      message: entry.message ?? 'invalid',
      params: entry.params?.params,
    };
  });
}

/**
 * The issues as one Message. The input rules of the contracts (text without control
 * characters, positive int4 ids) say it in the caller's language; zod's other texts stay.
 */
function formatZodIssues(issues: InputIssue[], locale: Locale): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      const rule = inputRuleOf(issue);
      if (rule !== null) {
        const key = rule === 'text' ? 'inputControlCharacters' : 'inputInvalidId';
        return translate(locale, key, { field: field || '(body)' });
      }
      return field ? `${field}: ${issue.message}` : issue.message;
    })
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
export function toErrorAnswer(error: unknown, locale: Locale = DEFAULT_LOCALE): ErrorAnswer {
  if (isAppError(error)) {
    return { error, status: error.status, isUnexpected: error.status >= 500 };
  }
  if (isZodError(error)) {
    const answer = new AppError('badRequest', {
      message: formatZodIssues(error.issues, locale),
      details: error.issues,
    });
    return { error: answer, status: answer.status, isUnexpected: false };
  }
  if (isFastifyClientError(error)) {
    // The field as the caller knows it (`login`, `id`): a route's schema and a parse in the
    // handler name it alike, without Fastify's part of the request (body, params, querystring).
    const answer = error.validation
      ? new AppError('badRequest', {
          message: formatZodIssues(issuesOfValidation(error.validation), locale),
          details: error.validation,
        })
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

/** The error's message in a language: its catalogue key worded, else its text. */
export function wordingIn(error: AppError, locale: Locale): string {
  return error.key !== null && isMessageKey(error.key)
    ? translate(locale, error.key, error.params)
    : error.message;
}

/** The error's message in the request's language. */
export function wordingOf(error: AppError, request: FastifyRequest): string {
  return wordingIn(error, localeOf(request));
}

/**
 * A refusal whose code the route's map does not declare (docs/DECISIONS.md "Contract and
 * errors", declared ErrorCodes) is logged as a breach of the contract; with
 * `strictContract` (tests, CI) it answers 500, so the test that met it fails.
 */
function declaredOrBreach(
  strictContract: boolean,
  request: FastifyRequest,
  answer: ErrorAnswer,
): ErrorAnswer {
  const answerable = request.routeOptions.config?.answerableErrors;
  if (!answerable || answerable.has(answer.error.code)) return answer;
  request.log.error(
    { route: request.routeOptions.url, code: answer.error.code },
    'answered an ErrorCode the route does not declare',
  );
  if (!strictContract) return answer;
  const breach = new AppError('internal', {
    message: `Undeclared ErrorCode ${answer.error.code} on ${request.method} ${request.routeOptions.url}`,
  });
  return { error: breach, status: breach.status, isUnexpected: true };
}

/**
 * An error envelope names its request id (`RequestId`, or `requestId` in a camelCase
 * service): the id a worker reads off a report leads to the log lines (docs/OPERATIONS.md).
 */
export function withRequestId<T extends object>(envelope: T, requestId: string): T {
  return 'IsSuccess' in envelope
    ? { ...envelope, RequestId: requestId }
    : { ...envelope, requestId: requestId };
}

/** Told of every unexpected error a route met (docs/DECISIONS.md "Error reporting"). */
export type UnexpectedErrorListener = (error: unknown, request: FastifyRequest) => void;

/** Told of every refusal the error handler answers (the `/metrics` refusals by ErrorCode). */
export type RefusalListener = (error: AppError, request: FastifyRequest) => void;

/** Installs the one error handler and the 404 answer for unknown routes. */
export function registerErrorHandling(
  app: FastifyInstance,
  { strictContract = false }: { strictContract?: boolean } = {},
): void {
  const unexpectedListeners: UnexpectedErrorListener[] = [];
  const refusalListeners: RefusalListener[] = [];
  app.decorate('onUnexpectedError', (listener: UnexpectedErrorListener) => {
    unexpectedListeners.push(listener);
  });
  app.decorate('onRefusal', (listener: RefusalListener) => {
    refusalListeners.push(listener);
  });
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
        .send(withRequestId(app.envelopeCasing.present(request, error.toEnvelope()), request.id));
    }
    const answer = toErrorAnswer(raw, localeOf(request));
    const { error, status, isUnexpected } = declaredOrBreach(strictContract, request, answer);
    for (const listener of refusalListeners) listener(error, request);
    if (isUnexpected) {
      request.log.error({ err: raw }, 'request failed');
      for (const listener of unexpectedListeners) listener(raw, request);
    } else {
      // Names the call: a refusal answered 200 has no other line at info (request-log.ts).
      request.log.info(
        { req: request, code: error.code, message: error.message },
        'request refused',
      );
    }
    // A throttled call says when it may try again (docs/DECISIONS.md "Sessions and sign-in").
    const retryAfter = (error.details as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (status === 429 && typeof retryAfter === 'number') {
      void reply.header('retry-after', String(retryAfter));
    }
    return reply
      .code(status)
      .send(
        withRequestId(
          app.envelopeCasing.present(request, error.toEnvelope(wordingOf(error, request))),
          request.id,
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    const error = new AppError('routeNotFound', {
      message: `Route ${request.method} ${pathname} not found`,
    });
    return reply
      .code(error.status)
      .send(withRequestId(app.envelopeCasing.present(request, error.toEnvelope()), request.id));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a listener of the unexpected errors (500) the error handler answers. */
    onUnexpectedError(listener: UnexpectedErrorListener): void;
    /** Adds a listener of every error answer (refusals and unexpected errors alike). */
    onRefusal(listener: RefusalListener): void;
  }
}
