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
import { AppError, REQUEST_ID_HEADER } from '@sorting/contracts';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { registerApiDocument } from './http/api-document.js';
import { registerCompression } from './http/compression.js';
import { EnvelopeCasingRegistry } from './http/envelope-casing.js';
import { registerErrorHandling, withRequestId } from './http/error-handler.js';
import { RequestLogController } from './http/request-log.js';
import { echoRequestId, requestIdOf } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { ModuleDeps, RegisterModule } from './http/server-module.js';
import { openSessions, registerAuth } from './modules/auth/index.js';
import { registerAudit } from './modules/audit/index.js';
import { registerTopology } from './modules/topology/index.js';
import { registerCore } from './modules/core/index.js';
import { registerDeconsolidation } from './modules/deconsolidation/index.js';
import { deliveryHandOver, registerDelivery } from './modules/delivery/index.js';
import { registerDemo } from './modules/demo/index.js';
import { registerDimensions } from './modules/dimensions/index.js';
import { registerDocuments } from './modules/documents/index.js';
import { registerDocumentsFlow } from './modules/documents-flow/index.js';
import { registerErrorReports } from './modules/error-reports/index.js';
import { registerIntegration } from './modules/integration/index.js';
import { registerMetrics } from './modules/metrics/index.js';
import { registerPicking, type PaymentTerminal } from './modules/picking/index.js';
import {
  registerPrintingHub,
  type HubTimings,
  type PrintingHubTimings,
} from './modules/printing-hub/index.js';
import { registerReturns, type PhotoStore } from './modules/returns/index.js';
import { registerSorting } from './modules/sorting/index.js';
import { registerTimeTracking } from './modules/time-tracking/index.js';
import { registerUsers } from './modules/users/index.js';
import { registerWorkflows } from './modules/workflows/index.js';
import { webPlugin } from './web/web.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database; closed when the app closes (unless the caller keeps it). */
    database: Database;
    /** True once draining or close() has begun: `/readyz` answers 503. */
    isClosing: () => boolean;
    /**
     * Shutdown's first step (main.ts on SIGTERM): `/readyz` answers 503 so the load balancer
     * takes this process out, while it still serves every call until close().
     */
    startDraining: () => void;
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
 * server's close() then waited for it for ever, until the force-kill. Added
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
  options: BuildAppOptions,
  database: Database,
  envelopeCasing: EnvelopeCasingRegistry,
): Promise<void> {
  const { config, sessionCacheMs } = options;
  const now = options.now ?? (() => new Date());
  // What the outside world owns, when a test gives its own: the photo store, the terminal.
  const hubAndOutside = {
    printingHub: options.printingHub,
    photoStore: options.photoStore,
    photoSweepIntervalMs: options.photoSweepIntervalMs,
    paymentTerminal: options.paymentTerminal,
  };
  app.decorate('envelopeCasing', envelopeCasing);
  registerErrorHandling(app, { strictContract: config.strictContract });
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

  const base: ModuleDeps = { config, database, now };
  // Sessions first: auth's hook guards every route after it; users and the hub use them.
  const sessions = await openSessions(app, { ...base, sessionCacheMs });
  const deps = { ...base, sessions, handOver: deliveryHandOver, ...hubAndOutside };
  // The modules, in the order their routes are registered (and listed in /openapi.json).
  const modules: RegisterModule<typeof deps>[] = [
    registerCore,
    registerAuth,
    registerSorting,
    registerDimensions,
    registerDocumentsFlow,
    registerUsers,
    registerTimeTracking,
    registerDeconsolidation,
    registerPicking,
    registerDelivery,
    registerAudit,
    registerTopology,
    registerDocuments,
    registerReturns,
    registerWorkflows,
    registerDemo,
    registerPrintingHub,
    registerErrorReports,
    registerIntegration,
    registerMetrics,
  ];
  for (const register of modules) await register(app, deps);

  await app.register(webPlugin, { webDist: config.webDist });

  for (const plugin of options.plugins ?? []) await app.register(plugin);
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
    genReqId: requestIdOf,
    // A malformed URL (e.g. '/%zz') is refused before routing: still answer the envelope.
    frameworkErrors: (error, request, reply) => {
      const answer = new AppError('badRequest', { message: error.message });
      const envelope = withRequestId(
        envelopeCasing.present(request as FastifyRequest, answer.toEnvelope()),
        request.id,
      );
      void (reply as FastifyReply)
        .code(answer.status)
        .header(REQUEST_ID_HEADER, request.id)
        .send(envelope);
    },
    // Handhelds keep connections alive; idle ones are closed at once on shutdown, busy ones
    // finish their request first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  echoRequestId(app);
  const isClosing = trackClosing(app);
  let isDraining = false;
  app.decorate('isClosing', () => isDraining || isClosing());
  app.decorate('startDraining', () => {
    isDraining = true;
  });
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
    await registerEverything(app, options, db, envelopeCasing);
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
