import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Every answer (pages, assets, API, the hub's negotiate, the demo sheet) carries the security
 * security headers, set by helmet; the policy is the one the built app
 * really runs under (docs/DECISIONS.md "Serving and shutdown", security headers).
 */

/** Powerful features: the camera for the app itself (scanning, return photos), nothing else. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** `'sha256-…'` of each inline `<script>` of the built index.html (the outdated-browser note). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function readInlineScriptHashes(webDist: string): string[] {
  try {
    return inlineScriptHashes(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/** The origin of an absolute http(s)/ws(s) URL of the configuration; null for a path. */
function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return /^(https?|wss?):$/.test(parsed.protocol) ? parsed.origin : null;
}

/**
 * The device agent runs on the workstation itself (spec part 1 §3): its printer websocket and
 * scale service are on the loopback, on whatever port the runtime settings name. Any loopback
 * port is allowed, since data sent there never leaves the machine (what connect-src guards
 * against) and the port is the operator's to change.
 */
const LOOPBACK_SOURCES = [
  'ws://localhost:*',
  'http://localhost:*',
  'ws://127.0.0.1:*',
  'http://127.0.0.1:*',
];

function isLoopbackPlain(origin: string): boolean {
  return /^(ws|http):\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);
}

/**
 * Where the app connects besides its own origin: the loopback for the device agent, the agent
 * URLs of the configuration when they name another host or scheme, and the hub when an
 * absolute URL puts it elsewhere (its negotiate over http(s), its socket over ws(s)).
 */
export function deviceConnectSources(config: Config): string[] {
  const sources = new Set<string>(LOOPBACK_SOURCES);
  const configured: string[] = [];
  for (const url of [config.printerServiceUrl, config.scaleServiceUrl]) {
    const origin = originOf(url);
    if (origin !== null) configured.push(origin);
  }
  const hub = originOf(config.printingHubUrl);
  if (hub !== null) configured.push(hub, hub.replace(/^http/, 'ws'));
  for (const origin of configured) if (!isLoopbackPlain(origin)) sources.add(origin);
  return [...sources];
}

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim();
}

/**
 * The page's own origin as a websocket source for the hub: CSP 3 counts same-host ws/wss as
 * 'self', but Safari before 15.4 (the app supports 13) does not. Host and scheme as the browser
 * sees them (X-Forwarded-* only with TRUST_PROXY, as everywhere else); anything that is not a
 * plain host adds nothing.
 */
function ownWebSocketSource(request: IncomingMessage, trustProxy: boolean): string {
  const forwardedHost = trustProxy ? firstHeader(request.headers['x-forwarded-host']) : undefined;
  const host = forwardedHost ?? firstHeader(request.headers.host);
  if (host === undefined || !HOST.test(host)) return '';
  const forwardedProto = trustProxy ? firstHeader(request.headers['x-forwarded-proto']) : undefined;
  const isSecure =
    forwardedProto !== undefined
      ? forwardedProto === 'https'
      : (request.socket as { encrypted?: boolean }).encrypted === true;
  return `${isSecure ? 'wss' : 'ws'}://${host}`;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const scriptHashes = readInlineScriptHashes(config.webDist);
  const devices = deviceConnectSources(config);
  // helmet's middleware is built once here and run on every request: @fastify/helmet builds
  // it anew for each request (parsing the whole policy), which the load bench showed as 2 %
  // of the server's CPU and a longer latency tail (docs/PERFORMANCE.md).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our own modules, the hashed inline outdated-browser note, and the zxing decoder's
        // WebAssembly (compiled, never eval'd); no inline script or handler otherwise.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        // Mantine and sonner insert <style> elements and React sets style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Camera captures and return photos are shown through data: and blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: [
          "'self'",
          (request) => ownWebSocketSource(request, config.trustProxy),
          ...devices,
          // The web app's error reports go to SENTRY_DSN_WEB's host when one is set.
          ...(config.sentryDsnWeb ? [new URL(config.sentryDsnWeb).origin] : []),
        ],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The server speaks plain http (often on a warehouse LAN); TLS and HSTS belong to the
    // terminating proxy, and upgrading requests would break an http-only installation.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Not `no-referrer`: under it a browser sends `Origin: null` on same-origin POSTs, which
    // the CSRF and hub origin checks refuse.
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error === undefined || error === null) done();
      else done(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
