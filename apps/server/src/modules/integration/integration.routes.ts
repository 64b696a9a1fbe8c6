import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  INTEGRATION_ADMIN_ROUTES,
  INTEGRATION_ADMIN_SCHEMAS,
  INTEGRATION_API_ROUTES,
  INTEGRATION_SCHEMAS,
} from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { centreCallOf } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { IntegrationService } from './integration.service.js';

/** The secret of `Authorization: Bearer <secret>`, or null without one. */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer[ ]+([\x21-\x7e]{1,200})$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw refusal('badRequest', 'idempotencyKeyMissing');
  }
  return header;
}

/**
 * The integration API's routes (docs/DECISIONS.md "Integration"): the keys' administration
 * with a session, and `/integration-api/v1/…` behind `requireApiKey`, which reads only the
 * Authorization header (a session cookie never opens it) and is the only way in.
 */
export async function integrationRoutes(
  app: FastifyInstance,
  options: { service: IntegrationService },
): Promise<void> {
  const { service } = options;
  app.decorate('requireApiKey', async (request, reply) => {
    const outcome = await service.authenticate(bearerOf(request));
    if ('retryAfter' in outcome) {
      void reply.header('retry-after', String(outcome.retryAfter));
      throw refusal('tooManyRequests', 'apiKeyRateLimited', { seconds: outcome.retryAfter });
    }
    request.apiKey = outcome.caller;
  });
  registerRoutes(app, INTEGRATION_ADMIN_ROUTES, INTEGRATION_ADMIN_SCHEMAS, {
    createKey: async ({ body, call }) => service.createKey(body, centreCallOf(call)),
    listKeys: async ({ call }) => service.listKeys(centreCallOf(call)),
    revokeKey: async ({ params, call }) => service.revokeKey(params.apiKeyId, centreCallOf(call)),
  });
  registerRoutes(app, INTEGRATION_API_ROUTES, INTEGRATION_SCHEMAS, {
    parcelsBatch: async ({ body, call, request }) =>
      service.parcelsBatch(body, idempotencyKeyOf(request), call.apiKey),
    events: async ({ query, call }) => service.events(query, call.apiKey),
  });
}
