import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_ROUTES,
  AUTH_SCHEMAS,
  AppError,
  LKD_TOKEN_COOKIE,
  SESSION_COOKIE,
  SESSIONS_ROUTES,
  SESSIONS_SCHEMAS,
  type TSessionUser,
} from '@sorting/contracts';
import { DEMO_USERS } from '../../db/demo-data.js';
import { registerRoutes } from '../../http/typed-routes.js';
import { refusal } from '../../lib/refusal.js';
import type { AuthService, SessionUser } from './auth.service.js';
import {
  assertSameSiteWrite,
  expireCookie,
  isSecureRequest,
  requestContext,
  setSessionCookie,
  signInContext,
} from './session.js';

/** Spec part 1 §3 "User" in the answer's PascalCase (Roles, SortingCenterId are ours). */
export function presentUser(user: SessionUser): TSessionUser {
  return {
    Id: user.id,
    Number: user.number,
    Name: user.name,
    DefaultWarehouseNumber: user.defaultWarehouseNumber,
    Roles: user.roles,
    SortingCenterId: user.sortingCenterId,
  };
}

/**
 * Spec part 1 §4, §7 "Authentication and context": the routes of `AUTH_ROUTES` (users/search
 * by badge cookie or session, our password sign-in, the demo users) and of `SESSIONS_ROUTES`
 * (the session delete: lowercase `isSuccess`, `/users-api`).
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { service: AuthService; isDemo?: boolean },
): Promise<void> {
  const { service } = options;
  app.envelopeCasing.register('/users-api', 'camel');

  /** A sign-in that went through: the session cookie, and the user in the answer. */
  const signedInUser = (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: { token: string; user: SessionUser; maxAgeSeconds: number },
  ) => {
    setSessionCookie(reply, signedIn.token, signedIn.maxAgeSeconds, {
      isSecure: isSecureRequest(request),
    });
    return presentUser(signedIn.user);
  };

  registerRoutes(app, AUTH_ROUTES, AUTH_SCHEMAS, {
    searchUser: async ({ request, reply }) => {
      const isSecure = isSecureRequest(request);
      const badge = request.cookies[LKD_TOKEN_COOKIE];
      if (badge) {
        assertSameSiteWrite(request);
        // The token is used once, whether the sign-in succeeds or not.
        expireCookie(reply, LKD_TOKEN_COOKIE, { isSecure });
        const signedIn = await service.signInWithBadge(
          badge,
          signInContext(request, reply),
          request.cookies[SESSION_COOKIE],
        );
        return signedInUser(request, reply, signedIn);
      }
      const lookup = await app.readSession(request);
      if (lookup.status !== 'active') {
        if (lookup.status === 'expired') expireCookie(reply, SESSION_COOKIE, { isSecure });
        throw refusal(
          'signInRefused',
          lookup.status === 'expired' ? 'sessionExpired' : 'notSignedIn',
        );
      }
      return presentUser(lookup.user);
    },
    signIn: async ({ body, request, reply }) => {
      assertSameSiteWrite(request);
      const signedIn = await service.signInWithPassword(
        body.login,
        body.password,
        signInContext(request, reply),
        request.cookies[SESSION_COOKIE],
      );
      return signedInUser(request, reply, signedIn);
    },
    // The sign-in page's one-tap demo users (docs/DECISIONS.md "Sign-in page"): public, and
    // only while the demo seed is on; otherwise the route answers as an unknown one (404).
    demoUsers: async () => {
      if (!options.isDemo) {
        throw new AppError('routeNotFound', {
          message: `Route GET /auth-api/demo-users not found`,
        });
      }
      return DEMO_USERS.map((user) => ({
        name: user.name,
        role: user.roles[0] ?? 'worker',
        badge: user.badge,
      }));
    },
  });

  registerRoutes(app, SESSIONS_ROUTES, SESSIONS_SCHEMAS, {
    endSession: async ({ request, reply }) => {
      assertSameSiteWrite(request);
      await service.endSession(request.cookies[SESSION_COOKIE], requestContext(request));
      const isSecure = isSecureRequest(request);
      expireCookie(reply, SESSION_COOKIE, { isSecure });
      expireCookie(reply, LKD_TOKEN_COOKIE, { isSecure });
      return { isSuccess: true };
    },
  });
}
