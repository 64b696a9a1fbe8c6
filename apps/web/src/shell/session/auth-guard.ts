import { redirect, replace } from 'react-router';
import type { TSessionUser } from '@sorting/contracts';
import { LOGIN_TOKEN_PARAM } from '@sorting/domain';
import { resolveRedirect } from './redirect-target';
import type { SessionStore } from './session-store';
import { toSessionUser } from './session-store';

export interface AuthGuardDeps {
  session: SessionStore;
  /** `AUTH_ROUTES.searchUser` (empty body); resolves to the read envelope. */
  searchUser: () => Promise<{ isSuccess: boolean; operationObject: TSessionUser | null }>;
  /** The external sign-in page of the runtime settings, or null. */
  getSignInUrl: () => Promise<string | null>;
  /**
   * Runtime settings `features.alternativeAuthentication`: our own sign-in page may be used
   * (spec part 1 §4). Unknown counts as allowed.
   */
  isAlternativeAllowed?: () => Promise<boolean>;
  /** Full navigation away from the app. */
  navigateExternal: (url: string) => void;
  /**
   * Writes the lkdToken cookie (session-service `writeLkdToken`). With it, a URL carrying
   * `?lkdToken=` (the company sign-on handing the user back) signs in with that token.
   */
  writeToken?: (token: string) => void;
}

/** The external sign-in URL with `returnUrl` set to where the user wanted to go. */
export function externalSignInUrl(signInUrl: string, returnUrl: string, origin: string): string {
  const url = new URL(signInUrl, origin);
  url.searchParams.set('returnUrl', returnUrl);
  return url.toString();
}

/** Our own sign-in page of a locale tree, with the page to come back to. */
export function internalSignInPath(base: string, requested: string): string {
  return `${base}/user-auth?redirect=${encodeURIComponent(requested)}`;
}

/**
 * The loader of protected routes (spec part 1 §4 "Authentication", part 2 §2): without a user
 * in the session it searches the user; an unsuccessful answer or a failed call sends the user
 * to sign-in: the external page when configured, otherwise our /user-auth. `isOptional`: a
 * public page that shows what the user can do (the home page's tiles) learns the user after a
 * reload the same way, and nobody signed in is fine there.
 */
export function createAuthGuard(deps: AuthGuardDeps) {
  return async (args: { request: Request; base: string; isOptional?: boolean }): Promise<null> => {
    const requested = new URL(args.request.url);
    const token = requested.searchParams.get(LOGIN_TOKEN_PARAM);
    if (token !== null && deps.writeToken) {
      // The token never stays in the address bar or history: the same page without it.
      requested.searchParams.delete(LOGIN_TOKEN_PARAM);
      const clean = `${requested.pathname}${requested.search}${requested.hash}`;
      if (token) {
        deps.writeToken(token);
        const user = await searchOnce(deps);
        if (user) {
          deps.session.setUser(user);
          throw replace(clean);
        }
        deps.session.setUser(null);
        return sendToSignIn(deps, args.base, new URL(clean, requested.origin));
      }
      throw replace(clean);
    }
    if (deps.session.getUser()) return null;
    // A failed call is handled as an unsuccessful one: go to sign-in.
    const user = await searchOnce(deps);
    if (user) {
      deps.session.setUser(user);
      return null;
    }
    return args.isOptional ? null : sendToSignIn(deps, args.base, requested);
  };
}

async function searchOnce(deps: AuthGuardDeps) {
  try {
    const answer = await deps.searchUser();
    return answer.isSuccess ? toSessionUser(answer.operationObject) : null;
  } catch {
    return null;
  }
}

async function sendToSignIn(deps: AuthGuardDeps, base: string, url: URL): Promise<null> {
  // Without settings there is no external page to know of: use our own.
  const signInUrl = await deps.getSignInUrl().catch(() => null);
  if (signInUrl) {
    deps.navigateExternal(externalSignInUrl(signInUrl, url.href, url.origin));
    // The browser is leaving; the navigation stays pending until it has.
    return new Promise<null>(() => undefined);
  }
  throw redirect(internalSignInPath(base, `${url.pathname}${url.search}`));
}

/**
 * The loader of our sign-in page (spec part 1 §4 "alternative authentication";
 * docs/DECISIONS.md "Sessions and sign-in"): with an external sign-in page configured and our
 * own not allowed, the page is never shown: the browser goes to the external one, which is to
 * hand the user back to the `redirect` target (own origin only, as after our sign-in; else the
 * locale's home). Otherwise the page opens.
 */
export function createSignInPageGate(
  deps: Pick<AuthGuardDeps, 'getSignInUrl' | 'isAlternativeAllowed' | 'navigateExternal'>,
) {
  return async (args: { request: Request; base: string }): Promise<null> => {
    const [signInUrl, isAllowed] = await Promise.all([
      deps.getSignInUrl().catch(() => null),
      (deps.isAlternativeAllowed?.() ?? Promise.resolve(true)).catch(() => true),
    ]);
    if (!signInUrl || isAllowed) return null;
    const url = new URL(args.request.url);
    const target = resolveRedirect(url.searchParams.get('redirect'), url.origin);
    const back =
      target.kind === 'router'
        ? new URL(target.to, url.origin).href
        : target.kind === 'location'
          ? target.href
          : new URL(`${args.base}/`, url.origin).href;
    deps.navigateExternal(externalSignInUrl(signInUrl, back, url.origin));
    // The browser is leaving; the navigation stays pending until it has.
    return new Promise<null>(() => undefined);
  };
}
