import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, isWellFormedRequestId } from '@sorting/contracts';

/**
 * The request id (docs/DECISIONS.md "Error reporting"): a well-formed incoming
 * `X-Request-Id` (the web app sends one per user action, so a scan, its calls and their log
 * lines share it; a proxy may send its own) is kept; anything else is replaced by a fresh
 * UUID. Fastify puts it on every log line of the request as `reqId`.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && isWellFormedRequestId(value) ? value : randomUUID();
}

/** Every answer (pages, assets, envelopes, errors) names its request id. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
