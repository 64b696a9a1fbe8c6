import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'safe-stable-stringify';
import { AppError, OPERATION_ID_HEADER, type RouteDefinition } from '@sorting/contracts';
import type { OperationScope } from '../lib/call-context.js';

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

/**
 * Body fields left out of the input hash: the device's own clock of the action (spec part 1
 * §7 `Timestamp`), which a retry of the same action may send anew.
 */
const DEVICE_CLOCK_FIELDS = new Set(['Timestamp']);

function withoutDeviceClock(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).filter(([field]) => !DEVICE_CLOCK_FIELDS.has(field)),
  );
}

/**
 * What an operation id is bound to (docs/DECISIONS.md "Contract and errors", operation ids):
 * the route as the contract declares it and a sha256 of the call's canonical input, its path
 * parameters, query and body after validation, keys sorted (so the order a client writes its
 * fields in does not matter), less the device clock.
 */
export function operationScopeOf(request: FastifyRequest, route: RouteDefinition): OperationScope {
  const input = stringify({
    params: request.params ?? null,
    query: request.query ?? null,
    body: withoutDeviceClock(request.body ?? null),
  });
  return {
    route: `${route.method} ${route.path}`,
    requestHash: createHash('sha256')
      .update(input ?? '')
      .digest('hex'),
  };
}
