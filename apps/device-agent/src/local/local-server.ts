// The agent's local server (default 127.0.0.1:55557): the printer websocket of spec part 1 §7
// and, on the same port, the scale service (`api/cookie/check`, `api/cookie`, `api/connect`).
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  DEVICE_COOKIE_HEADER,
  type DeviceCookieCheckResponse,
  type DeviceCookieResponse,
  type DevicePrinterStatus,
  type DeviceServiceError,
  type DeviceServiceInfo,
  type LocalPrinterResponse,
  type ScaleReading,
} from '@sorting/contracts';
import type { Logger } from '../logger.js';
import type { PrintService } from '../print/print.service.js';
import type { Scale } from '../scale/scale.js';
import { SimulatedScale } from '../scale/simulated-scale.js';
import { isOriginAllowed } from './origin-policy.js';

export interface LocalServerOptions {
  appId: string;
  version: string;
  host: string;
  port: number;
  allowedOrigins: string[];
  printService: PrintService;
  scale: Scale | null;
  logger: Logger;
}

export interface LocalServer {
  /** The bound port (the configured one, or the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** Big enough for a print job with long captions; a label is never megabytes of JSON. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/** The scale service's bodies are a few fields. */
const MAX_BODY_BYTES = 64 * 1024;

/** A page that does not end its connection is cut this long after close() began. */
const CLOSE_GRACE_MS = 1_000;

/** Cookie check values live a few minutes: the check is a round trip, not a setting. */
const CHECK_COOKIE_MAX_AGE_S = 300;

/** A check value is a nonce, never a setting. */
const MAX_CHECK_VALUE_LENGTH = 256;

const ZCookieCheck = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a cookie name of letters, digits, _ . -'),
  value: z.string().max(MAX_CHECK_VALUE_LENGTH),
});
const ZConnect = z.object({
  appId: z.string().min(1),
  scaleId: z.string().min(1).optional(),
  printerId: z.string().min(1).optional(),
});
const ZSimulate = z.object({ weightKg: z.number().min(0).max(10_000) });

const ZLocalRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('version') }),
  z.object({ action: z.literal('state') }),
  z.object({
    action: z.literal('selectPrinter'),
    token: z.string().default(''),
    printerId: z.string(),
  }),
  // The job itself is validated by the print service, so its refusal names the bad field.
  z.object({ action: z.literal('print') }).loose(),
]);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the local server (Fastify) and resolves once it listens. */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const { logger, printService, appId } = options;
  const scale = options.scale;
  let selectedScaleId = scale?.scaleId ?? null;

  const isAllowed = (origin: string | undefined) =>
    // No Origin: not a web page (curl, a local tool); web pages always send one.
    origin === undefined || isOriginAllowed(origin, options.allowedOrigins);

  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      querystringParser: firstValues,
    },
  });

  // ---------- origins, CORS, bodies, errors ----------

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    preClose(done) {
      const wss = app.websocketServer;
      for (const client of wss.clients) client.close(1001, 'Device agent is stopping');
      // A page that does not answer the closing handshake is cut after a second, not ws's 30 s.
      const cut = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, CLOSE_GRACE_MS);
      wss.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });

  // Before CORS: a page of a foreign origin is refused before anything runs (CORS alone would
  // still let a "simple" POST act), and so is its websocket handshake.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!isAllowed(origin)) {
      logger.warn(
        request.ws
          ? 'websocket from a disallowed origin refused'
          : 'request from a disallowed origin refused',
        { origin, url: request.url },
      );
      return sendError(reply, 403, `Origin ${origin} is not allowed`);
    }
    reply.header('Cache-Control', 'no-store');
    // Chromium's Private Network Access: a public https page asks before calling localhost.
    if (
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-private-network'] === 'true'
    ) {
      reply.header('Access-Control-Allow-Private-Network', 'true');
    }
  });

  await app.register(fastifyCors, {
    origin: true,
    credentials: true,
    methods: 'GET, POST, OPTIONS',
    maxAge: 600,
    // Any OPTIONS from an allowed page is answered, not only a full preflight.
    strictPreflight: false,
  });
  await app.register(fastifyCookie);

  // A page may send its JSON as text/plain (a "simple" request) or with no type at all. Fastify's
  // own JSON parser (secure-json-parse) reads it: a __proto__ or constructor key is refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new HttpError(400, 'Body is not JSON'), undefined);
      else done(null, value);
    });
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0] ?? ''}`),
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.status, error.message);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, 'Body too large');
    if (status >= 400 && status < 500) return sendError(reply, status, errorMessage(error));
    logger.error('scale service failed', { url: request.url, error });
    return sendError(reply, 500, 'Internal error');
  });

  // ---------- printer websocket ----------

  const answer = async (raw: unknown): Promise<LocalPrinterResponse | null> => {
    const parsed = ZLocalRequest.safeParse(raw);
    if (!parsed.success) {
      logger.warn('local websocket: unknown message ignored', { message: raw });
      return null;
    }
    const request = parsed.data;
    switch (request.action) {
      case 'version':
        return { action: 'version', version: options.version, appId };
      case 'state':
        return {
          action: 'state',
          appId,
          printers: printService.listPrinters(),
          selectedPrinterId: printService.selectedPrinterId,
          isReady: printService.isReady(),
        };
      case 'selectPrinter': {
        const result = printService.selectPrinter(request.printerId);
        return { action: 'selectPrinter', printerId: request.printerId, ...result };
      }
      case 'print':
        return { action: 'print', ...(await printService.print(raw)) };
    }
  };

  const onPrinterSocket = (socket: WebSocket, request: FastifyRequest) => {
    const origin = request.headers.origin ?? '(no origin)';
    logger.info('local websocket connected', { origin });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        logger.warn('local websocket: not JSON, ignored', { origin });
        return;
      }
      void answer(message).then((response) => {
        if (response !== null && socket.readyState === socket.OPEN) {
          socket.send(JSON.stringify(response));
        }
      });
    });
    socket.on('close', (code, reason) =>
      logger.info('local websocket closed', { origin, code, reason: reason.toString() }),
    );
    socket.on('error', (error) => logger.warn('local websocket error', { origin, error }));
  };

  // ---------- scale service (HTTP) ----------

  const scaleFor = (requestedAppId: string, scaleId: string | undefined): Scale => {
    if (requestedAppId !== appId) throw new HttpError(404, `Unknown app id "${requestedAppId}"`);
    const id = scaleId ?? selectedScaleId;
    if (scale === null || id !== scale.scaleId) {
      throw new HttpError(404, `Scale "${id ?? ''}" is not served by ${appId}`);
    }
    return scale;
  };

  const readScale = (current: Scale): ScaleReading => ({
    appId,
    scaleId: current.scaleId,
    ...current.read(),
  });

  const printerStatus = (requestedAppId: string, printerId: string): DevicePrinterStatus => {
    if (requestedAppId !== appId) throw new HttpError(404, `Unknown app id "${requestedAppId}"`);
    const printer = printService.listPrinters().find((p) => p.id === printerId);
    if (printer === undefined) {
      throw new HttpError(404, `Printer "${printerId}" is not served by ${appId}`);
    }
    return { appId, printerId, isReady: printer.isReady };
  };

  // The web app takes appId and scaleId from here when its scale cookies are empty.
  const serviceInfo = (): DeviceServiceInfo => ({
    appId,
    version: options.version,
    printers: printService.listPrinters(),
    scaleId: scale?.scaleId ?? null,
  });

  // The printer websocket is the root of the port (a plain GET there is the service info), and
  // any other path a configured PRINTER_SERVICE_URL may name (a plain GET there is not found).
  app.route({ method: 'GET', url: '/', handler: serviceInfo, wsHandler: onPrinterSocket });
  app.route({
    method: 'GET',
    url: '/*',
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: onPrinterSocket,
  });
  app.get('/api/version', serviceInfo);

  app.post('/api/cookie/check', (request, reply): DeviceCookieCheckResponse => {
    const { name, value } = parseBody(ZCookieCheck, request.body ?? {});
    reply.header('Set-Cookie', checkCookie(request, name, value));
    return { isSuccess: true, name };
  });

  // The cookie the browser sent back, else the value a page of another site carries in the
  // request (docs/DECISIONS.md "Device agent", cookie check): third-party cookies never return.
  app.get('/api/cookie', (request): DeviceCookieResponse => {
    const { name } = request.query as { name?: string };
    if (name === undefined || name === '') throw new HttpError(400, 'name: required');
    const carried = request.headers[DEVICE_COOKIE_HEADER.toLowerCase()];
    const echoed =
      typeof carried === 'string' && carried.length <= MAX_CHECK_VALUE_LENGTH ? carried : null;
    return { name, value: request.cookies[name] ?? echoed };
  });

  app.get('/api/connect', (request): DevicePrinterStatus | ScaleReading => {
    const { appId: queryAppId, ...ids } = request.query as Record<string, string | undefined>;
    const query = parseBody(ZConnect, { appId: queryAppId ?? '', ...ids });
    if (query.printerId !== undefined && query.scaleId === undefined) {
      return printerStatus(query.appId, query.printerId);
    }
    return readScale(scaleFor(query.appId, query.scaleId));
  });

  app.post('/api/connect', (request): DevicePrinterStatus | ScaleReading => {
    const body = parseBody(ZConnect, request.body ?? {});
    // "The printer service is analogous with printerId": select the printer.
    if (body.printerId !== undefined && body.scaleId === undefined) {
      const status = printerStatus(body.appId, body.printerId);
      printService.selectPrinter(body.printerId);
      return status;
    }
    const selected = scaleFor(body.appId, body.scaleId);
    selectedScaleId = selected.scaleId;
    logger.info('scale selected', { scaleId: selected.scaleId });
    return readScale(selected);
  });

  app.post('/api/simulate', (request) => {
    if (!(scale instanceof SimulatedScale)) {
      throw new HttpError(404, 'Only a simulated scale takes a weight');
    }
    const { weightKg } = parseBody(ZSimulate, request.body ?? {});
    scale.setWeight(weightKg);
    logger.info('simulated weight set', { scaleId: scale.scaleId, weightKg });
    return { scaleId: scale.scaleId, weightKg };
  });

  await app.listen({ port: options.port, host: options.host });
  const port = (app.server.address() as AddressInfo).port;

  return {
    port,
    async close() {
      // Connections still open two seconds on (a second for the websockets' closing handshake,
      // a second for HTTP) are cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), 2 * CLOSE_GRACE_MS);
      cut.unref();
      await app.close();
      clearTimeout(cut);
    },
  };
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: DeviceServiceError = { isSuccess: false, message };
  return reply.code(status).header('Cache-Control', 'no-store').send(body);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first value of each query parameter (`?a=1&a=2` is a=1), as URLSearchParams#get. */
function firstValues(text: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(query, key)) query[key] = value;
  }
  return query;
}

function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(
      400,
      result.error.issues
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
        .join('; '),
    );
  }
  return result.data;
}

/**
 * The check cookie (docs/DECISIONS.md "Device agent"): a page on the agent's own host
 * (localhost:3000 → localhost:55557 is same-site) gets SameSite=Lax, which every browser sends
 * back on a credentialed fetch. A page of another site can only get a cookie back with
 * SameSite=None, which requires Secure; Chromium accepts Secure cookies from http://localhost
 * and 127.0.0.1 because it treats them as secure contexts.
 */
function checkCookie(request: FastifyRequest, name: string, value: string): string {
  const origin = request.headers.origin;
  const agentHost = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const isSameSite = origin === undefined || new URL(origin).hostname === agentHost;
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${CHECK_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    isSameSite ? 'SameSite=Lax' : 'SameSite=None; Secure',
  ];
  return attributes.join('; ');
}
