// The agent's local server (default 127.0.0.1:55557): the printer websocket of spec part 1 §7
// and, on the same port, the scale service (`api/cookie/check`, `api/cookie`, `api/connect`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type {
  DeviceCookieCheckResponse,
  DeviceCookieResponse,
  DevicePrinterStatus,
  DeviceServiceError,
  DeviceServiceInfo,
  LocalPrinterResponse,
  ScaleReading,
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

/** Cookie check values live a few minutes: the check is a round trip, not a setting. */
const CHECK_COOKIE_MAX_AGE_S = 300;

const ZCookieCheck = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a cookie name of letters, digits, _ . -'),
  value: z.string().max(256),
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

/** Starts the local server and resolves once it listens. */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const { logger, printService, appId } = options;
  const scale = options.scale;
  let selectedScaleId = scale?.scaleId ?? null;

  const isAllowed = (origin: string | undefined) =>
    // No Origin: not a web page (curl, a local tool); web pages always send one.
    origin === undefined || isOriginAllowed(origin, options.allowedOrigins);

  // ---------- printer websocket ----------

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
  });

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

  wss.on('connection', (socket: WebSocket, request: http.IncomingMessage) => {
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
  });

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

  const route = async (
    request: http.IncomingMessage,
    url: URL,
    response: http.ServerResponse,
  ): Promise<unknown> => {
    const key = `${request.method} ${url.pathname.replace(/\/+$/, '')}`;
    switch (key) {
      case 'GET ':
      case 'GET /api/version':
        // The web app takes appId and scaleId from here when its scale cookies are empty.
        return {
          appId,
          version: options.version,
          printers: printService.listPrinters(),
          scaleId: scale?.scaleId ?? null,
        } satisfies DeviceServiceInfo;

      case 'POST /api/cookie/check': {
        const { name, value } = parseBody(ZCookieCheck, await readJson(request));
        response.setHeader('Set-Cookie', checkCookie(request, name, value));
        return { isSuccess: true, name } satisfies DeviceCookieCheckResponse;
      }

      case 'GET /api/cookie': {
        const name = url.searchParams.get('name');
        if (name === null || name === '') throw new HttpError(400, 'name: required');
        return {
          name,
          value: readCookie(request.headers.cookie, name),
        } satisfies DeviceCookieResponse;
      }

      case 'GET /api/connect': {
        const query = parseBody(ZConnect, {
          appId: url.searchParams.get('appId') ?? '',
          scaleId: url.searchParams.get('scaleId') ?? undefined,
          printerId: url.searchParams.get('printerId') ?? undefined,
        });
        if (query.printerId !== undefined && query.scaleId === undefined) {
          return printerStatus(query.appId, query.printerId);
        }
        return readScale(scaleFor(query.appId, query.scaleId));
      }

      case 'POST /api/connect': {
        const body = parseBody(ZConnect, await readJson(request));
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
      }

      case 'POST /api/simulate': {
        if (!(scale instanceof SimulatedScale)) {
          throw new HttpError(404, 'Only a simulated scale takes a weight');
        }
        const { weightKg } = parseBody(ZSimulate, await readJson(request));
        scale.setWeight(weightKg);
        logger.info('simulated weight set', { scaleId: scale.scaleId, weightKg });
        return { scaleId: scale.scaleId, weightKg };
      }
    }
    throw new HttpError(404, `No route ${request.method} ${url.pathname}`);
  };

  const server = http.createServer((request, response) => {
    const origin = request.headers.origin;
    if (!isAllowed(origin)) {
      // Refused before anything runs: CORS alone would still let a "simple" POST act.
      logger.warn('request from a disallowed origin refused', { origin, url: request.url });
      sendJson(response, 403, {
        isSuccess: false,
        message: `Origin ${origin} is not allowed`,
      } satisfies DeviceServiceError);
      return;
    }
    if (origin !== undefined) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      response.setHeader('Vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      response.setHeader(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? 'Content-Type',
      );
      // Chromium's Private Network Access: a public https page asks before calling localhost.
      if (request.headers['access-control-request-private-network'] === 'true') {
        response.setHeader('Access-Control-Allow-Private-Network', 'true');
      }
      response.setHeader('Access-Control-Max-Age', '600');
      response.writeHead(204).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://agent.local');
    route(request, url, response).then(
      (body) => sendJson(response, 200, body),
      (error: unknown) => {
        if (error instanceof HttpError) {
          const body: DeviceServiceError = { isSuccess: false, message: error.message };
          sendJson(response, error.status, body);
        } else {
          logger.error('scale service failed', { url: request.url, error });
          sendJson(response, 500, { isSuccess: false, message: 'Internal error' });
        }
      },
    );
  });

  server.on('upgrade', (request, socket, head) => {
    const origin = request.headers.origin;
    if (!isAllowed(origin)) {
      logger.warn('websocket from a disallowed origin refused', { origin });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    async close() {
      for (const client of wss.clients) client.close(1001, 'Device agent is stopping');
      // A page that does not answer the closing handshake is cut after a second, not ws's 30 s.
      const cut = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, 1_000);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(cut);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Sockets the closing handshake did not end within a second are cut.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      });
    },
  };
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/** Reads a small JSON body whatever its content type (a page may send text/plain). */
async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new HttpError(413, 'Body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Body is not JSON');
  }
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
function checkCookie(request: http.IncomingMessage, name: string, value: string): string {
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

function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
