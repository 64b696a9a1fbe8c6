import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { AppError } from '@sorting/contracts';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { registerApiDocument } from './http/api-document.js';
import { registerCompression } from './http/compression.js';
import { EnvelopeCasingRegistry } from './http/envelope-casing.js';
import { registerErrorHandling } from './http/error-handler.js';
import { RequestLogController } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { registerSessions } from './modules/auth/session.js';
import { coreRoutes } from './modules/core/core.routes.js';
import { createCoreService } from './modules/core/core.service.js';
import { createHealthRepository } from './modules/core/health.repository.js';
import { demoRoutes } from './modules/demo/demo.routes.js';
import { dimensionsRoutes } from './modules/dimensions/dimensions.routes.js';
import { createDimensionsRepository } from './modules/dimensions/dimensions.repository.js';
import { createDimensionsService } from './modules/dimensions/dimensions.service.js';
import { createDocumentSigner } from './modules/documents-flow/document-signer.js';
import { documentsFlowRoutes } from './modules/documents-flow/documents-flow.routes.js';
import { createDocumentsFlowRepository } from './modules/documents-flow/documents-flow.repository.js';
import { createDocumentsFlowService } from './modules/documents-flow/documents-flow.service.js';
import { createPrintingHubRepository } from './modules/printing-hub/printing-hub.repository.js';
import { printingHubRoutes } from './modules/printing-hub/printing-hub.routes.js';
import {
  createPrintingHubService,
  type PrintingHubTimings,
} from './modules/printing-hub/printing-hub.service.js';
import { DEFAULT_HUB_TIMINGS, type HubTimings } from './modules/printing-hub/signalr-hub.js';
import { createContextRepository } from './modules/sorting/context.repository.js';
import { createContextService } from './modules/sorting/context.service.js';
import { createContainersService } from './modules/sorting/containers.service.js';
import { createParcelDetailsService } from './modules/sorting/parcel-details.service.js';
import { createSortingRepository } from './modules/sorting/sorting.repository.js';
import { sortingRoutes } from './modules/sorting/sorting.routes.js';
import { createSortingService } from './modules/sorting/sorting.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { deconsolidationRoutes } from './modules/deconsolidation/deconsolidation.routes.js';
import { createDeconsolidationRepository } from './modules/deconsolidation/deconsolidation.repository.js';
import { createDeconsolidationService } from './modules/deconsolidation/deconsolidation.service.js';
import { pickingRoutes } from './modules/picking/picking.routes.js';
import { createPickingRepository } from './modules/picking/picking.repository.js';
import { createPickingService } from './modules/picking/picking.service.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { createDeliveryRepository } from './modules/delivery/delivery.repository.js';
import {
  createDeliveryHandOver,
  createDeliveryService,
} from './modules/delivery/delivery.service.js';
import { createPickingValidationRepository } from './modules/picking/picking-validation.repository.js';
import { createPickingValidationService } from './modules/picking/picking-validation.service.js';
import type { PaymentTerminal } from './modules/picking/payment-terminal.js';
import { createPaymentTerminal } from './modules/picking/simulated-terminal.js';
import { pickingPaymentRoutes } from './modules/picking/picking-payment.routes.js';
import { createPickingPaymentRepository } from './modules/picking/picking-payment.repository.js';
import { createPickingPaymentService } from './modules/picking/picking-payment.service.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { createDocumentsRepository } from './modules/documents/documents.repository.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import { timeTrackingRoutes } from './modules/time-tracking/time-tracking.routes.js';
import { createTimeTrackingRepository } from './modules/time-tracking/time-tracking.repository.js';
import { createTimeTrackingService } from './modules/time-tracking/time-tracking.service.js';
import { createPhotoStore, type PhotoStore } from './modules/returns/photo-store.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { createReturnsRepository } from './modules/returns/returns.repository.js';
import { createReturnsService } from './modules/returns/returns.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { SESSION_CHANGES_CHANNEL, createSessionCache } from './modules/auth/session-cache.js';
import { webPlugin } from './web/web.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database; closed when the app closes (unless the caller keeps it). */
    database: Database;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; when absent the app opens and migrates the configured one. */
  database?: Database;
  /** Leave the database open when the app closes (tests share one database per file). */
  keepDatabaseOpen?: boolean;
  /** Pretty, human-readable logs (main.ts on a terminal); JSON lines otherwise. */
  prettyLogs?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Extra plugins registered after the modules, before the app is ready (tests). */
  plugins?: FastifyPluginAsync[];
  /** The clock of sessions and rate limits; tests move it. */
  now?: () => Date;
  /** Printing hub intervals; tests shorten them instead of waiting 15–45 s. */
  printingHub?: Partial<HubTimings & PrintingHubTimings>;
  /** Called for every route as it is registered (security tests enumerate them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Where return photos go; default the configured one (tests pass their own). */
  photoStore?: PhotoStore;
  /** How often abandoned return photos are swept; 0 = never (tests call the sweep). */
  photoSweepIntervalMs?: number;
  /** How long a looked-up session is kept in memory (default SESSION_CACHE_MS). */
  sessionCacheMs?: number;
  /**
   * The integrated payment terminal; default the configured one (a test wraps the simulator
   * to stop between a start and its answer, as a server killed there does).
   */
  paymentTerminal?: PaymentTerminal;
}

/** Abandoned return photos are looked for hourly (they are abandoned after a day). */
const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Return photos: the store (closed with the app) and the hourly sweep of abandoned ones on
 * an unref'd timer, so it never keeps the process alive and stops when the app closes.
 */
async function registerReturns(
  app: FastifyInstance,
  config: Config,
  database: Database,
  now: () => Date,
  options: Pick<BuildAppOptions, 'photoStore' | 'photoSweepIntervalMs'>,
): Promise<void> {
  const photoStore = options.photoStore ?? createPhotoStore(config.photoStore);
  if (!options.photoStore) app.addHook('onClose', () => photoStore.close());
  const service = createReturnsService({
    db: database.db,
    repository: createReturnsRepository,
    photoStore,
    now,
    logError: (error, what) => app.log.error({ err: error }, what),
  });
  await app.register(returnsRoutes, { service });

  const intervalMs = options.photoSweepIntervalMs ?? PHOTO_SWEEP_INTERVAL_MS;
  if (intervalMs <= 0) return;
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = service
      .sweepAbandonedPhotos()
      .then((swept) => {
        if (swept > 0) app.log.info({ swept }, 'abandoned return photos swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'return photo sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}

/** Fastify's request log line, with a printing agent's key taken out of the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // A browser's websocket carries the agent key as ?access_token= (SignalR convention).
    url: request.url.replace(/([?&]access_token=)[^&#]*/g, '$1[Redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function loggerOptions(
  config: Config,
  pretty: boolean,
  stream: BuildAppOptions['logStream'],
): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { req: serializeRequest },
  };
  if (stream) return { ...base, stream };
  return pretty
    ? { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
    : base;
}

/**
 * Whether close() has begun. Fastify runs the first preClose hook at once when close() starts,
 * and this one is registered first, so it is true from then on.
 */
function trackClosing(app: FastifyInstance): () => boolean {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  return () => isClosing;
}

/**
 * Graceful shutdown: a request in flight when close() starts still gets its answer, but with
 * `Connection: close`, so its keep-alive socket ends with it instead of holding the server
 * open until the keep-alive timeout (72 s in Fastify). A response already on its way when
 * close() began went without that header: once it is sent its connection is idle, and idle
 * connections are closed then (docs/DECISIONS.md "Serving and shutdown").
 */
function endKeepAliveOnClose(app: FastifyInstance, isClosing: () => boolean): void {
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing()) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    // After Node marks the connection idle (the response's own 'finish' handling).
    if (isClosing()) setImmediate(() => app.server.closeIdleConnections());
  });
}

/**
 * The printing hub listens for websocket upgrades on the whole server. An upgrade request for
 * any other path is answered as plain HTTP; its socket, detached from the HTTP server, is then
 * closed here, or it would stay open and keep close() waiting.
 */
function endStrayUpgrades(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if ((request.raw as { upgrade?: boolean }).upgrade === true) request.raw.socket.destroy();
  });
}

/**
 * An upgrade that arrives while the app closes is answered 503 by Fastify on its raw socket
 * (through @fastify/websocket) before any hook runs, and nothing ends that socket: the HTTP
 * server's close() then waited for it for ever, until the force-kill (issue 14 item 8). Added
 * after @fastify/websocket's listener, so its 503 is written first and then the socket ends.
 */
function endUpgradesWhileClosing(app: FastifyInstance, isClosing: () => boolean): void {
  app.server.on('upgrade', (_request, socket: Duplex) => {
    if (!isClosing()) return;
    if (socket instanceof Socket) socket.destroySoon();
    else socket.destroy();
  });
}

async function registerEverything(
  app: FastifyInstance,
  config: Config,
  database: Database,
  plugins: FastifyPluginAsync[],
  envelopeCasing: EnvelopeCasingRegistry,
  now: () => Date,
  hubOptions: Partial<HubTimings & PrintingHubTimings>,
  /** What the outside world owns, when a test gives its own: the photo store, the terminal. */
  outsideOptions: Pick<BuildAppOptions, 'photoStore' | 'photoSweepIntervalMs' | 'paymentTerminal'>,
  sessionCacheMs: number | undefined,
): Promise<void> {
  app.decorate('envelopeCasing', envelopeCasing);
  registerErrorHandling(app);
  // Before every route: pages, assets, API answers and errors all carry them.
  await registerSecurityHeaders(app, config);
  // Before every route too: its send hook is added to each route registered after it.
  await registerCompression(app);

  // Spec part 1 §7 calls such as POST /auth-api/users/search send an "empty body" with the
  // JSON content type (part 2 §7); an empty JSON body is no body, not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  await app.register(fastifyCookie);
  await registerApiDocument(app);

  const coreService = createCoreService({
    config,
    databaseKind: database.kind,
    db: database.db,
    repository: createHealthRepository,
    poolStats: () => database.poolStats(),
  });
  await app.register(coreRoutes, { service: coreService });

  const sessionCache = createSessionCache(
    sessionCacheMs === undefined ? {} : { ttlMs: sessionCacheMs },
  );
  // Every process drops a session it keeps in memory when the database says it ended or its
  // user changed (migration 0009); entries expire by themselves should a notification be lost.
  const stopHearingSessions = await database.listen(SESSION_CHANGES_CHANNEL, (payload) =>
    sessionCache.onChange(payload),
  );
  app.addHook('onClose', () => stopHearingSessions());
  const authService = createAuthService({
    db: database.db,
    repository: createAuthRepository,
    sessionCache,
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    now,
  });
  registerSessions(app, authService);
  await app.register(authRoutes, { service: authService, isDemo: config.demoSeed });
  await app.register(sortingRoutes, {
    context: createContextService({ db: database.db, repository: createContextRepository }),
    sorting: createSortingService({ db: database.db, repository: createSortingRepository }),
    details: createParcelDetailsService({ db: database.db, repository: createSortingRepository }),
    containers: createContainersService({ db: database.db, repository: createSortingRepository }),
  });

  await app.register(dimensionsRoutes, {
    service: createDimensionsService({
      db: database.db,
      repository: createDimensionsRepository,
      now,
    }),
  });
  await app.register(documentsFlowRoutes, {
    service: createDocumentsFlowService({
      db: database.db,
      repository: createDocumentsFlowRepository,
      signer: createDocumentSigner({
        signingKey: config.documentSigningKey,
        dataDir: config.dataDir,
      }),
      now,
    }),
  });

  await app.register(usersRoutes, {
    service: createUsersService({
      db: database.db,
      repository: createUsersRepository,
      now,
      onSessionsEnded: (userId) => sessionCache.forgetUser(userId),
    }),
  });
  await app.register(timeTrackingRoutes, {
    service: createTimeTrackingService({
      db: database.db,
      repository: createTimeTrackingRepository,
      now,
    }),
  });

  await app.register(deconsolidationRoutes, {
    service: createDeconsolidationService({
      db: database.db,
      repository: createDeconsolidationRepository,
      now,
    }),
  });

  const pickingValidation = createPickingValidationService({
    db: database.db,
    repository: createPickingRepository,
    validation: createPickingValidationRepository,
    now,
  });
  await app.register(pickingRoutes, {
    service: createPickingService({
      db: database.db,
      repository: createPickingRepository,
      now,
      validation: pickingValidation,
      handOver: (tx) => createDeliveryHandOver(createDeliveryRepository(tx)),
    }),
    validation: pickingValidation,
  });
  // Issue 18: payment (through the configured terminal) and item return.
  const pickingPayment = createPickingPaymentService({
    db: database.db,
    repository: createPickingRepository,
    payments: createPickingPaymentRepository,
    terminal:
      outsideOptions.paymentTerminal ??
      createPaymentTerminal(config.paymentTerminal, database.db, now),
    terminalTimeoutMs: config.paymentTerminal.timeoutMs,
    now,
    validation: pickingValidation,
  });
  await app.register(pickingPaymentRoutes, { service: pickingPayment });
  // Terminal intents a stopped server left without their transaction, settled at start
  // (docs/DECISIONS.md "Picking payment").
  // Best effort: a database or terminal that fails now leaves them to the next call on each.
  app.addHook('onReady', async () => {
    try {
      const settled = await pickingPayment.settleUnstartedIntents();
      if (settled > 0) {
        app.log.warn({ settled }, 'payment intents without a terminal answer settled');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'payment intents not settled at start');
    }
  });
  await app.register(deliveryRoutes, {
    service: createDeliveryService({ db: database.db, repository: createDeliveryRepository, now }),
  });
  await app.register(auditRoutes, {
    service: createAuditService({ db: database.db, repository: createAuditRepository, now }),
  });
  await app.register(documentsRoutes, {
    service: createDocumentsService({
      db: database.db,
      repository: createDocumentsRepository,
      now,
    }),
  });

  await registerReturns(app, config, database, now, outsideOptions);

  await app.register(demoRoutes, { isDemo: config.demoSeed });

  const hubTimings = { ...DEFAULT_HUB_TIMINGS, ...hubOptions };
  await app.register(printingHubRoutes, {
    service: createPrintingHubService({
      db: database.db,
      repository: createPrintingHubRepository,
      bus: database,
      isSessionActive: async (token) =>
        (await authService.lookUpSession(token)).status === 'active',
      timings: {
        // An agent is online while its process refreshed it within three keep-alives.
        onlineWindowMs: hubOptions.onlineWindowMs ?? hubTimings.keepAliveMs * 3,
        deliveryTimeoutMs: hubOptions.deliveryTimeoutMs ?? 5_000,
      },
      logError: (error, what) => app.log.error({ err: error }, what),
    }),
    findSessionUser: async (token) => {
      const lookup = await authService.lookUpSession(token);
      return lookup.status === 'active' ? lookup.user : null;
    },
    timings: { keepAliveMs: hubTimings.keepAliveMs, clientTimeoutMs: hubTimings.clientTimeoutMs },
  });

  await app.register(webPlugin, { webDist: config.webDist });

  for (const plugin of plugins) await app.register(plugin);
}

/**
 * Builds the whole server (plugins, modules, web app) and returns it ready but not listening:
 * main.ts listens, the tests call `inject`. Architecture: one process serves every service
 * prefix.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const envelopeCasing = new EnvelopeCasingRegistry();
  const app = Fastify({
    logger: loggerOptions(config, options.prettyLogs ?? false, options.logStream),
    logController: new RequestLogController(config.logSlowRequestMs),
    // Behind a reverse proxy: client address, https and host from X-Forwarded-* headers.
    trustProxy: config.trustProxy,
    // A path parameter may be a 200-character barcode (p2 §7 deconsolidation), each character
    // up to 6 bytes URL-encoded; Fastify's default (100) would answer a long one 404.
    routerOptions: { maxParamLength: 1200 },
    // A malformed URL (e.g. '/%zz') is refused before routing: still answer the envelope.
    frameworkErrors: (error, request, reply) => {
      const answer = new AppError('badRequest', { message: error.message });
      const envelope = envelopeCasing.present(request as FastifyRequest, answer.toEnvelope());
      void (reply as FastifyReply).code(answer.status).send(envelope);
    },
    // Handhelds keep connections alive; idle ones are closed at once on shutdown, busy ones
    // finish their request first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const isClosing = trackClosing(app);
  endKeepAliveOnClose(app, isClosing);
  endStrayUpgrades(app);

  const ownsDatabase = !options.keepDatabaseOpen;
  let database = options.database;
  try {
    if (!database) {
      database = await openDatabase(config);
      await database.migrate();
    }
    const db = database;
    app.decorate('database', db);
    db.onBackgroundError((error) => app.log.error({ err: error }, 'database connection error'));
    if (ownsDatabase) {
      // Fastify runs onClose after the server stopped and in-flight requests finished.
      app.addHook('onClose', async () => {
        await db.close();
        app.log.info('database closed');
      });
    }
    await registerEverything(
      app,
      config,
      db,
      options.plugins ?? [],
      envelopeCasing,
      options.now ?? (() => new Date()),
      options.printingHub ?? {},
      {
        photoStore: options.photoStore,
        photoSweepIntervalMs: options.photoSweepIntervalMs,
        paymentTerminal: options.paymentTerminal,
      },
      options.sessionCacheMs,
    );
    // After the printing hub registered @fastify/websocket's own upgrade listener.
    endUpgradesWhileClosing(app, isClosing);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    if (ownsDatabase) await database?.close().catch(() => {});
    throw error;
  }
}
