import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRINTERS_HUB_PATH, SESSION_COOKIE, ZReprintRequest, success } from '@sorting/contracts';
import { localeOf } from '../../i18n/messages.js';
import type { SessionUser } from '../auth/auth.service.js';
import { hashAgentKey } from './agent-keys.js';
import type { PrintingHubRepository } from './printing-hub.repository.js';
import type { HubPrincipal, PrintingHubService } from './printing-hub.service.js';
import { signalrHub, type HubTimings } from './signalr-hub.js';

export interface PrintingHubRoutesOptions {
  service: PrintingHubService;
  repository: PrintingHubRepository;
  /** The user of a session cookie, or null (app.ts passes the auth service's lookup). */
  findSessionUser: (sessionToken: string | undefined) => Promise<{ id: number } | null>;
  timings: HubTimings;
}

/** Behind `requireSession` the user is always there. */
function userOf(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('route without requireSession');
  return request.user;
}

/** The agent key: `Authorization: Bearer` (negotiate; Node clients) or `access_token` (browser websockets). */
function agentKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim();
  const query = (request.query as { access_token?: unknown }).access_token;
  return typeof query === 'string' && query !== '' ? query : null;
}

/**
 * A browser always names the page's Origin on a websocket and a cross-site POST; a session
 * cookie is honoured only from this very host (cross-site websocket hijacking).
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return URL.canParse(origin) && new URL(origin).host.toLowerCase() === request.host.toLowerCase();
}

/** The printing hub at /printersHub (spec part 1 §7) and the web app's job list and reprint. */
export async function printingHubRoutes(
  app: FastifyInstance,
  options: PrintingHubRoutesOptions,
): Promise<void> {
  const { service, repository, findSessionUser, timings } = options;

  const authenticate = async (request: FastifyRequest): Promise<HubPrincipal | null> => {
    const locale = localeOf(request);
    const key = agentKeyOf(request);
    if (key !== null) {
      const agent = await repository.findAgentByKeyHash(hashAgentKey(key));
      return agent && { kind: 'agent', agentId: agent.id, appId: agent.appId, locale };
    }
    const sessionToken = request.cookies[SESSION_COOKIE];
    if (sessionToken === undefined || !isSameOrigin(request)) return null;
    const user = await findSessionUser(sessionToken);
    return user && { kind: 'web', userId: user.id, sessionToken, locale };
  };

  await app.register(signalrHub<HubPrincipal>, {
    path: PRINTERS_HUB_PATH,
    handlers: { authenticate, ...service.handlers },
    timings,
  });

  await service.start();
  app.addHook('onClose', async () => {
    await service.stop();
  });

  // Ours (issue 4): what the worker printed, so a failed or lost label can be printed again.
  app.get('/printing-api/v1/jobs', { preHandler: app.requireSession }, async (request) => {
    const jobs = await service.listJobs(userOf(request).id);
    return app.envelopeCasing.present(request, success(jobs));
  });

  app.post(
    '/printing-api/v1/jobs/:jobId/reprint',
    { preHandler: app.requireSession },
    async (request) => {
      const { jobId } = ZReprintRequest.parse(request.params);
      const accepted = await service.reprint(userOf(request).id, localeOf(request), jobId);
      return app.envelopeCasing.present(request, success(accepted));
    },
  );
}
