import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { localeOf } from '../i18n/messages.js';
import type { OperationOutcome } from '../db/operations.js';
import type { SessionUser } from '../modules/auth/auth.service.js';
import { operationIdOf } from './operation-id.js';

/** Who calls a guarded route, in which language, under which operation id. */
export interface RouteCallContext {
  user: SessionUser;
  locale: Locale;
  operationId: string | null;
}

/** Behind `requireSession` the user is always there. */
export function callContextOf(request: FastifyRequest): RouteCallContext {
  const user: SessionUser | null = request.user;
  if (!user) throw new Error('route without requireSession');
  return { user, locale: localeOf(request), operationId: operationIdOf(request) };
}

/** The call context of a `/{code}/…` route, {code} being the sorting centre id. */
export function sortingCenterCallOf(
  request: FastifyRequest,
  sortingCenterId: number,
): RouteCallContext & { sortingCenterId: number } {
  return { ...callContextOf(request), sortingCenterId };
}

/** A value in the success envelope, in the casing of the route's API. */
export function answer<T>(app: FastifyInstance, request: FastifyRequest, value: T) {
  return app.envelopeCasing.present(request, success(value));
}

/** An idempotent operation's answer: `isRepeat` tells a replayed operation id. */
export function answerOutcome<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  outcome: OperationOutcome<T>,
) {
  return app.envelopeCasing.present(
    request,
    success(outcome.value, { isRepeat: outcome.isRepeat }),
  );
}
