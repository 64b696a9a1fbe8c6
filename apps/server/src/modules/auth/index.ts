import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService, type SessionUser } from './auth.service.js';
import { registerSessions } from './session.js';
import { SESSION_CHANGES_CHANNEL, createSessionCache } from './session-cache.js';

export type { SessionUser } from './auth.service.js';

/** What other modules may ask of sessions (users end them, the printing hub reads them). */
export interface Sessions {
  /** The user of an active session, or null. */
  userOf(token: string | undefined): Promise<SessionUser | null>;
  /** Forgets what this process keeps in memory of a user's sessions (they were ended). */
  forgetUser(userId: number): void;
  /** The auth module's own service; other modules use the two calls above. */
  readonly service: AuthService;
}

/**
 * The session store: the service and the in-memory cache, which every process drops an entry of
 * when the database says the session ended or its user changed (migration 0009); entries
 * expire by themselves should a notification be lost. Opened before the modules register.
 */
export async function openSessions(
  app: FastifyInstance,
  deps: ModuleDeps & { sessionCacheMs?: number },
): Promise<Sessions> {
  const { database, config, now, sessionCacheMs } = deps;
  const cache = createSessionCache(sessionCacheMs === undefined ? {} : { ttlMs: sessionCacheMs });
  const stopHearing = await database.listen(SESSION_CHANGES_CHANNEL, (payload) =>
    cache.onChange(payload),
  );
  app.addHook('onClose', () => stopHearing());
  const service = createAuthService({
    db: database.db,
    repository: createAuthRepository,
    sessionCache: cache,
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    now,
  });
  return {
    service,
    async userOf(token) {
      const lookup = await service.lookUpSession(token);
      return lookup.status === 'active' ? lookup.user : null;
    },
    forgetUser: (userId) => cache.forgetUser(userId),
  };
}

/** Sign-in, sign-out and the session hook every other route relies on (spec part 1 §4). */
export async function registerAuth(
  app: FastifyInstance,
  deps: ModuleDeps & { sessions: Sessions },
): Promise<void> {
  registerSessions(app, deps.sessions.service);
  await app.register(authRoutes, { service: deps.sessions.service, isDemo: deps.config.demoSeed });
}
