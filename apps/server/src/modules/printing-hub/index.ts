import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import type { Sessions } from '../auth/index.js';
import { printingHubRoutes } from './printing-hub.routes.js';
import { createPrintingHubRepository } from './printing-hub.repository.js';
import { createPrintingHubService, type PrintingHubTimings } from './printing-hub.service.js';
import { DEFAULT_HUB_TIMINGS, type HubTimings } from './signalr-hub.js';

export type { PrintingHubTimings } from './printing-hub.service.js';
export type { HubTimings } from './signalr-hub.js';

export interface PrintingHubDeps extends ModuleDeps {
  sessions: Pick<Sessions, 'userOf'>;
  /** Hub intervals; tests shorten them instead of waiting 15–45 s. */
  printingHub?: Partial<HubTimings & PrintingHubTimings>;
}

/** The printing hub: agents and browsers over SignalR (spec part 1 §7 printing). */
export async function registerPrintingHub(
  app: FastifyInstance,
  deps: PrintingHubDeps,
): Promise<void> {
  const options = deps.printingHub ?? {};
  const timings = { ...DEFAULT_HUB_TIMINGS, ...options };
  const { sessions } = deps;
  await app.register(printingHubRoutes, {
    service: createPrintingHubService({
      db: deps.database.db,
      repository: createPrintingHubRepository,
      bus: deps.database,
      isSessionActive: async (token) => (await sessions.userOf(token)) !== null,
      timings: {
        // An agent is online while its process refreshed it within three keep-alives.
        onlineWindowMs: options.onlineWindowMs ?? timings.keepAliveMs * 3,
        deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5_000,
      },
      logError: (error, what) => app.log.error({ err: error }, what),
    }),
    findSessionUser: (token) => sessions.userOf(token),
    timings: { keepAliveMs: timings.keepAliveMs, clientTimeoutMs: timings.clientTimeoutMs },
  });
}
