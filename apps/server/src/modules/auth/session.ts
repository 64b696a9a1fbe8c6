import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  DEVICE_COOKIE,
  LKD_TOKEN_COOKIE,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  SESSION_COOKIE,
  withoutControlCharacters,
} from '@sorting/contracts';
import { refusal } from '../../lib/refusal.js';
import type { AuthService, RequestContext, SessionLookup, SessionUser } from './auth.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of protected routes: a valid session or 401 (sets `request.user`). */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The session of a request, once per request (public routes that may use it). */
    readSession: (request: FastifyRequest) => Promise<SessionLookup>;
  }
  interface FastifyRequest {
    /** The signed-in user; set by `requireSession`, read it only behind it. */
    user: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who is asking, for the service. */
export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  const deviceId = request.cookies[DEVICE_COOKIE];
  // Recorded with the session and its events: a control character (NUL) cannot be stored.
  return {
    ip: request.ip ? withoutControlCharacters(request.ip) : null,
    userAgent: typeof userAgent === 'string' ? withoutControlCharacters(userAgent) : null,
    deviceId: deviceId !== undefined && DEVICE_ID.test(deviceId) ? deviceId : null,
  };
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** The device cookie lives as long as the device cookies of spec part 1 §3 (to 2100). */
const DEVICE_COOKIE_EXPIRES = new Date(Date.UTC(2100, 0, 1));

/**
 * The context of a sign-in attempt: a browser without a device cookie gets one now, so its
 * next attempts count against this device alone (docs/DECISIONS.md "Sessions and sign-in").
 */
export function signInContext(request: FastifyRequest, reply: FastifyReply): RequestContext {
  const context = requestContext(request);
  if (context.deviceId !== null) return context;
  const deviceId = randomBytes(18).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureRequest(request),
    expires: DEVICE_COOKIE_EXPIRES,
  });
  return { ...context, deviceId: null };
}

/**
 * CSRF defence for cookie-authenticated writes (docs/DECISIONS.md "Sessions and sign-in"):
 * a write that carries the session or badge cookie must send `X-Requested-With: sorting`
 * (a custom header forces a CORS preflight a foreign page cannot pass) and, when the browser
 * names an Origin, come from this very host.
 */
export function assertSameSiteWrite(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookies = request.cookies;
  if (cookies[SESSION_COOKIE] === undefined && cookies[LKD_TOKEN_COOKIE] === undefined) return;
  const marker = request.headers[REQUESTED_WITH_HEADER.toLowerCase()];
  let isSameSite = marker === REQUESTED_WITH_VALUE;
  const origin = request.headers.origin;
  if (isSameSite && origin !== undefined) {
    const originHost = URL.canParse(origin) ? new URL(origin).host : null;
    // request.host honours X-Forwarded-Host only when TRUST_PROXY is set.
    isSameSite = originHost !== null && originHost.toLowerCase() === request.host.toLowerCase();
  }
  if (!isSameSite) {
    throw refusal('forbidden', 'forbiddenRequest');
  }
}

interface CookieOptions {
  isSecure: boolean;
}

/** Sets the HttpOnly session cookie. */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  options: CookieOptions,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: options.isSecure,
    maxAge: maxAgeSeconds,
  });
}

/** Expires a cookie at once (spec part 1 §9: max-age -1 semantics; Max-Age=0 on the wire). */
export function expireCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  void reply.setCookie(name, '', {
    httpOnly: name === SESSION_COOKIE,
    sameSite: 'lax',
    path: '/',
    secure: options.isSecure,
    maxAge: 0,
    expires: new Date(0),
  });
}

/** https as the client sees it (X-Forwarded-Proto only with TRUST_PROXY, via Fastify). */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

const lookups = new WeakMap<FastifyRequest, Promise<SessionLookup>>();

/** Installs `request.user`, `readSession` and `requireSession`. */
export function registerSessions(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('user', null);

  const readSession = (request: FastifyRequest): Promise<SessionLookup> => {
    let lookup = lookups.get(request);
    if (!lookup) {
      assertSameSiteWrite(request);
      lookup = service.lookUpSession(request.cookies[SESSION_COOKIE]);
      lookups.set(request, lookup);
    }
    return lookup;
  };
  app.decorate('readSession', readSession);

  app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const lookup = await readSession(request);
    if (lookup.status === 'expired') {
      expireCookie(reply, SESSION_COOKIE, { isSecure: isSecureRequest(request) });
    }
    if (lookup.status !== 'active') {
      throw refusal(
        'unauthenticated',
        lookup.status === 'expired' ? 'sessionExpired' : 'notSignedIn',
      );
    }
    request.user = lookup.user;
  });
}
