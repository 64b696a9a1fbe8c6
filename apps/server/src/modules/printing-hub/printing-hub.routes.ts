import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PRINTERS_HUB_PATH,
  PRINTING_ROUTES,
  PRINTING_SCHEMAS,
  SESSION_COOKIE,
} from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { HubPrincipal, PrintingHubService } from './printing-hub.service.js';
import { signalrHub, type HubTimings } from './signalr-hub.js';

export interface PrintingHubRoutesOptions {
  service: PrintingHubService;
  /** The user of a session cookie, or null (app.ts passes the auth service's lookup). */
  findSessionUser: (sessionToken: string | undefined) => Promise<{ id: number } | null>;
  timings: HubTimings;
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
  const { service, findSessionUser, timings } = options;

  const authenticate = async (request: FastifyRequest): Promise<HubPrincipal | null> => {
    const key = agentKeyOf(request);
    if (key !== null) {
      const agent = await service.findAgentByKey(key);
      return agent && { kind: 'agent', agentId: agent.id, appId: agent.appId };
    }
    const sessionToken = request.cookies[SESSION_COOKIE];
    if (sessionToken === undefined || !isSameOrigin(request)) return null;
    const user = await findSessionUser(sessionToken);
    return user && { kind: 'web', userId: user.id, sessionToken };
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

  // Ours: what the worker printed, so a failed or lost label can be printed again.
  registerRoutes(app, PRINTING_ROUTES, PRINTING_SCHEMAS, {
    jobs: async ({ call }) => service.listJobs(call.user.id),
    reprint: async ({ params, call }) => service.reprint(call.user.id, params.jobId),
  });
}
