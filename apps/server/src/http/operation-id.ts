import type { FastifyRequest } from 'fastify';
import { AppError, OPERATION_ID_HEADER } from '@sorting/contracts';

/** An operation id: what a UUID or a similar client-made id looks like. */
const OPERATION_ID_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's `X-Operation-Id`, null when absent; 400 when malformed. */
export function operationIdOf(request: FastifyRequest): string | null {
  const header = request.headers[OPERATION_ID_HEADER.toLowerCase()];
  const operationId = typeof header === 'string' && header !== '' ? header : null;
  if (operationId !== null && !OPERATION_ID_PATTERN.test(operationId)) {
    throw new AppError('badRequest', { message: `${OPERATION_ID_HEADER} is malformed` });
  }
  return operationId;
}
