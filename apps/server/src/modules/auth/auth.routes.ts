import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  LKD_TOKEN_COOKIE,
  SESSION_COOKIE,
  ZSignInRequest,
  success,
  type TSessionUser,
} from '@sorting/contracts';
import { DEMO_USERS } from '../../db/demo-data.js';
import { messageFor } from '../../i18n/messages.js';
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
 * Spec part 1 §4, §7 "Authentication and context": users/search (badge cookie or session),
 * our password sign-in, and the session delete (lowercase `isSuccess`, `/users-api`).
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { service: AuthService; isDemo?: boolean },
): Promise<void> {
  const { service } = options;
  app.envelopeCasing.register('/users-api', 'camel');

  const answerSignIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: { token: string; user: SessionUser; maxAgeSeconds: number },
  ) => {
    setSessionCookie(reply, signedIn.token, signedIn.maxAgeSeconds, {
      isSecure: isSecureRequest(request),
    });
    return app.envelopeCasing.present(request, success(presentUser(signedIn.user)));
  };

  app.post('/auth-api/users/search', async (request, reply) => {
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
      return answerSignIn(request, reply, signedIn);
    }
    const lookup = await app.readSession(request);
    if (lookup.status !== 'active') {
      if (lookup.status === 'expired') expireCookie(reply, SESSION_COOKIE, { isSecure });
      throw new AppError('signInRefused', {
        message: messageFor(
          request,
          lookup.status === 'expired' ? 'sessionExpired' : 'notSignedIn',
        ),
      });
    }
    return app.envelopeCasing.present(request, success(presentUser(lookup.user)));
  });

  app.post('/auth-api/sign-in', async (request, reply) => {
    assertSameSiteWrite(request);
    const body = ZSignInRequest.parse(request.body ?? {});
    const signedIn = await service.signInWithPassword(
      body.login,
      body.password,
      signInContext(request, reply),
      request.cookies[SESSION_COOKIE],
    );
    return answerSignIn(request, reply, signedIn);
  });

  app.delete('/users-api/v1/sessions', async (request, reply) => {
    assertSameSiteWrite(request);
    await service.endSession(request.cookies[SESSION_COOKIE], requestContext(request));
    const isSecure = isSecureRequest(request);
    expireCookie(reply, SESSION_COOKIE, { isSecure });
    expireCookie(reply, LKD_TOKEN_COOKIE, { isSecure });
    return { isSuccess: true };
  });

  // The sign-in page's one-tap demo users (docs/DECISIONS.md "Sign-in page"): public, and
  // only while the demo seed is on; otherwise the route does not exist (404 envelope).
  app.get('/auth-api/demo-users', async (request) => {
    if (!options.isDemo) {
      throw new AppError('routeNotFound', {
        message: `Route GET /auth-api/demo-users not found`,
      });
    }
    return app.envelopeCasing.present(
      request,
      success(
        DEMO_USERS.map((user) => ({
          name: user.name,
          role: user.roles[0] ?? 'worker',
          badge: user.badge,
        })),
      ),
    );
  });
}
